// The hold sweep: ends every unpaid hold whose time ran out (places.ts expireLapsedHold: its Checkout
// Session expired at Stripe, then its place and claims given back in one guarded move), so a time held
// by someone who went away is listed again within a minute, not only when the next visitor finds the
// slot full. Runs with the outbox's scheduled sweep (every minute in AWS, functions/outbox/deliver.ts;
// on a timer locally) over the holds' expiry index (data/holds.ts), never a Scan.
import { errorFields, log } from '#lib/log';
import { getBooking } from '../../data/bookings';
import { listLapsedHolds } from '../../data/holds';
import { expireLapsedHold } from './places';

const PAGE = 25;
const MAX_PER_SWEEP = 200;

export interface HoldSweepResult {
  released: number;
  skipped: number;
}

/** `orgId`: only that organisation's holds (a test's clinic, so a sweep with a future `now` leaves others' alone). */
export async function sweepLapsedHolds(options: { now?: Date; timeLeft?: () => boolean; orgId?: string } = {}): Promise<HoldSweepResult> {
  const now = options.now ?? new Date();
  const result: HoldSweepResult = { released: 0, skipped: 0 };
  const seen = new Set<string>();
  while (seen.size < MAX_PER_SWEEP && (options.timeLeft?.() ?? true)) {
    // The index is eventually consistent: a hold just released may still be listed; seen skips it.
    const holds = (await listLapsedHolds(now, PAGE + seen.size)).filter((h) => !seen.has(`${h.orgId}#${h.bookingId}`));
    if (!holds.length) break;
    for (const hold of holds) {
      seen.add(`${hold.orgId}#${hold.bookingId}`);
      if (options.orgId && hold.orgId !== options.orgId) continue;
      try {
        const booking = await getBooking(hold.orgId, hold.bookingId);
        if (booking && (await expireLapsedHold(booking, now))) result.released++;
        else result.skipped++;
      } catch (error) {
        result.skipped++;
        log.warn('A lapsed hold was not released by the sweep; the next sweep tries again', { orgId: hold.orgId, bookingId: hold.bookingId, ...errorFields(error) });
      }
    }
  }
  return result;
}
