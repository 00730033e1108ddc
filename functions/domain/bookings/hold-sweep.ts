// The hold sweep: ends every unpaid hold whose time ran out (places.ts expireLapsedHold: its Checkout
// Session expired at Stripe, then its place and claims given back in one guarded move), so a time held
// by someone who went away is listed again within a minute, not only when the next visitor finds the
// slot full. Runs with the scheduled sweeps (every minute in AWS, functions/outbox/sweeps.ts; on a
// timer locally) over the holds' expiry index (data/holds.ts), never a Scan.
import { errorFields, log } from '#lib/log';
import { retrieveCheckoutSession } from '#lib/stripe';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { listLapsedHolds } from '../../data/holds';
import { bookingPaymentConsumer } from './payment-consumer';
import { expireLapsedHold } from './places';

const PAGE = 25;
const MAX_PER_SWEEP = 200;

export interface HoldSweepResult {
  released: number;
  /** Paid at Stripe, but the payment event had not confirmed it: confirmed from the session read back. */
  confirmed: number;
  skipped: number;
}

/**
 * A lapsed hold that was not released because its Checkout Session was paid: Stripe's event is late
 * or lost. Confirm it from the session itself, as the event would (the same idempotent consumer), so
 * it leaves the lapsed list instead of being asked about at Stripe every minute.
 */
async function confirmIfPaid(booking: BookingRecord): Promise<boolean> {
  if (booking.status !== 'held' || !booking.stripeSessionId) return false;
  const session = await retrieveCheckoutSession(booking.stripeSessionId);
  if (session?.status !== 'complete' || session.payment_status !== 'paid') return false;
  // The event Stripe would have sent (the consumer keys everything by the session and payment, so the
  // real one arriving later changes nothing).
  await bookingPaymentConsumer.completed(session, { id: `sweep-${session.id}`, type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: session } });
  return (await getBooking(booking.orgId, booking.id))?.status !== 'held';
}

/** `orgId`: only that organisation's holds (a test's clinic, so a sweep with a future `now` leaves others' alone). */
export async function sweepLapsedHolds(options: { now?: Date; timeLeft?: () => boolean; orgId?: string } = {}): Promise<HoldSweepResult> {
  const now = options.now ?? new Date();
  const result: HoldSweepResult = { released: 0, confirmed: 0, skipped: 0 };
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
        else if (booking && (await confirmIfPaid(booking))) result.confirmed++;
        else result.skipped++;
      } catch (error) {
        result.skipped++;
        log.warn('A lapsed hold was not released by the sweep; the next sweep tries again', { orgId: hold.orgId, bookingId: hold.bookingId, ...errorFields(error) });
      }
    }
  }
  return result;
}
