// Stripe's refund events read in any order. charge.refunded carries the charge's running total of
// refunds at the event's time; a refund that fails later is taken out of that total by Stripe (and
// corrected on our record once, refund-failed.ts). Stripe promises no order and retries a delivery for
// 3 days, so a charge.refunded created before a failure can first arrive after its correction, still
// counting the failed refund. Each record keeps (RefundClock, data/refund-failures.ts) Stripe's time of
// the total it holds and the failures recorded on it; a charge.refunded's total is then read as of its
// own time, less the refunds in it whose failure is recorded since: an older event recounts nothing,
// and still brings a refund it carries that the record lacks.
//
// Stripe's times are whole seconds. Within one second a charge.refunded is taken as after the refunds
// made in that second and before the failures of that second: a refund's own charge.refunded is created
// with it (so it counts it), and a stale event of a failure's second never recounts the failed refund.
// The cost, in the rare second where a refund is made just after another one failed: that refund waits
// for the charge's next charge.refunded to be recorded.
import type { FailedRefundMark, RefundClock } from '../../data/refund-failures';

/** A Stripe time in whole seconds as the records keep it (epoch ms). */
export const stripeTime = (seconds: number) => seconds * 1000;

/** A charge.refunded's running total as of its time `at`, less the refunds in it (made by then) whose failure (then or later) is recorded. */
export function totalAsOf(total: number, at: number, failed: readonly FailedRefundMark[] = []): number {
  return failed.reduce((sum, f) => (f.createdAt <= at && at <= f.failedAt ? sum - f.amount : sum), total);
}

/**
 * What a charge.refunded (its running total at its time) does to a record counting `refunded`:
 * - `{ take }`: the total as of its time is more than recorded: record it (with its time);
 * - 'later': Stripe's total after every change the record knows is lower than the record's: a failure
 *   not recorded yet lowered it; handed back until that failure's correction (so this event then adds what
 *   it carries beyond it);
 * - 'recorded': nothing more in it (a repeat, an older total, a failed refund's stale count).
 */
export function refundStep(refunded: number, clock: RefundClock, refund: { amountRefunded: number; at: number }): { take: number } | 'recorded' | 'later' {
  const failed = clock.refundsFailed ?? [];
  const total = totalAsOf(refund.amountRefunded, refund.at, failed);
  if (total > refunded) return { take: total };
  const newest = Math.max(clock.refundAt ?? Infinity, ...failed.map((f) => f.failedAt));
  return total < refunded && refund.at > newest ? 'later' : 'recorded';
}

/**
 * Whether a record's total holds a refund now failed: 'counted' when Stripe's total it holds is from
 * between the refund and its failure, 'after' when it is from after the failure (Stripe left the refund
 * out), 'before' when from before the refund (its charge.refunded not recorded yet), 'unknown' for a
 * record from before these times were kept.
 */
export function standing(clock: RefundClock, refund: { createdAt: number; failedAt: number }): 'counted' | 'after' | 'before' | 'unknown' {
  if (clock.refundAt === undefined) return 'unknown';
  if (clock.refundAt > refund.failedAt) return 'after';
  return clock.refundAt >= refund.createdAt ? 'counted' : 'before';
}

/**
 * The key of a refund total in the ids of the outbox rows it writes (notice, payment.refunded): the total,
 * and once failures are recorded their count, since after a failure a later refund may bring the total
 * back to one recorded before.
 */
export const refundKey = (total: number, clock: RefundClock) => (clock.refundsFailed?.length ? `${total}-f${clock.refundsFailed.length}` : `${total}`);
