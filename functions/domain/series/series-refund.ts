// A refund of a course's payment made in Stripe by hand (issue 37): Stripe's charge.refunded names the
// course's payment intent and carries its running total over every refund of it, ours included. Our own
// refunds of a cancelled visit's share (course-refund.ts, Stripe key `course-share-…`) are recorded on
// their visit when they are made, so what the total holds beyond those shares was refunded by hand:
// recorded on the series (`refundedByHandCents`), once, with an audit entry, a staff notice, the
// report's refunded money and the payment.refunded webhook, as a single booking's refund is.
//   - our share's event coming back, or the same event again: nothing beyond what is recorded, nothing;
//   - events out of order: an older (smaller) total adds nothing; a later one records the rest; a total
//     from before a refund's failure (by hand or a share's) is read without that refund;
//   - a refund before the course's payment was recorded (events come in any order): handed back
//     (PaymentTargetMissing), delivered again later.
import { countMetric } from '#lib/log';
import { auditItem } from '../../data/audit';
import type { BookingRecord } from '../../data/bookings';
import { retryOnConflict, tryTransact, TRY_AGAIN } from '../../data/core';
import { getOrganization } from '../../data/organizations';
import { outboxNotice } from '../../data/outbox';
import { moneyDelta, reportDayOf, reportItems } from '../../data/reports';
import { getSeries, seriesVisits } from '../../data/series';
import { refundSeriesItem } from '../../data/series-status';
import { paymentEventItems } from '../../data/webhooks';
import { amountText, STRIPE_ACTOR } from '#domain/payments/amounts';
import { PaymentTargetMissing, type FailedRefund, type PaymentRef, type Refund } from '#domain/payments/contract';
import { bookingRefundFailed, countedOf, countedText, failureRows, failureText, recordRefundFailure, withFailure } from '#domain/payments/refund-failed';
import { refundKey, totalAsOf } from '#domain/payments/refund-order';

/** What our own refunds of visits' shares took back of this payment (recorded on the visits as they were cancelled). */
const sharesRefunded = (visits: readonly BookingRecord[], intent: string) =>
  visits.filter((b) => b.paymentIntentId === intent).reduce((sum, b) => sum + (b.refundedCents ?? 0), 0);

export async function recordSeriesRefund(ref: PaymentRef, refund: Refund): Promise<void> {
  const seriesId = ref.metadata.seriesId;
  if (!seriesId) return;
  return retryOnConflict<void>(async () => {
    const series = await getSeries(ref.orgId, seriesId);
    if (!series) {
      if (await getOrganization(ref.orgId)) throw new PaymentTargetMissing(`Series ${seriesId} of ${ref.orgId}`);
      return;
    }
    const visits = await seriesVisits(series);
    const paid = visits.filter((b) => b.paymentIntentId === refund.paymentIntentId);
    if (!paid.length) throw new PaymentTargetMissing(`The payment of series ${series.id}`);
    const was = series.refundedByHandCents ?? 0;
    // Stripe's total as of the event's time, less the refunds in it failed since (by hand, or a visit's share):
    // a total from before a failure, delivered late, does not count the failed refund again (payments/refund-order.ts).
    const failed = [...(series.refundsFailed ?? []), ...paid.flatMap((b) => b.refundsFailed ?? [])];
    const total = totalAsOf(refund.amountRefunded, refund.at, failed);
    const byHand = total - sharesRefunded(visits, refund.paymentIntentId);
    if (byHand <= was) return; // our own share coming back, this refund again, or an older total
    const at = new Date().toISOString();
    const added = byHand - was;
    const currency = paid[0].currency;
    const money = (cents: number) => amountText(cents, currency ?? 'usd');
    const who = `${series.firstName} ${series.lastName}`;
    const full = total >= refund.amount;
    const moved = await tryTransact([
      refundSeriesItem(series, byHand, total, { refundAt: refund.at }),
      auditItem({
        orgId: series.orgId, actorId: STRIPE_ACTOR, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'series', recordId: series.id, at,
        summary: `${money(added)} of the course "${series.packageName}" of ${who} refunded in Stripe (${money(total)} of ${money(refund.amount)} refunded in all)`,
      }),
      outboxNotice(`series-refunded-${refundKey(byHand, series)}-notice-${series.orgId}-${series.id}`, series.orgId, {
        title: 'Series refunded', module: 'BOOKING_PACKAGES', link: `/bookings/series/${series.id}`, about: series.email,
        message: `${money(added)} refunded in Stripe to ${who} for the course "${series.packageName}" (${money(total)} of ${money(refund.amount)} refunded in all). Its visits stay booked: cancel those no longer wanted.`,
      }),
      ...reportItems(series.orgId, moneyDelta('refunded', reportDayOf(at, series.timeZone), currency, added, paid[0].practitionerId)),
      ...(await paymentEventItems(
        series.orgId,
        'payment.refunded',
        { object: 'payment', id: refund.paymentIntentId, for: { type: 'booking', id: paid[0].id }, status: full ? 'refunded' : 'partially_refunded', amountCents: refund.amount, refundedCents: total, currency: currency ?? 'usd' },
        `payment-refunded-${refund.paymentIntentId}-${refundKey(total, { refundsFailed: failed })}`,
        at,
      )),
    ]);
    if (!moved) return TRY_AGAIN; // another event recorded a refund meanwhile: read again
    countMetric('PaymentsRefunded', 1, { kind: 'series', orgId: series.orgId });
  }, { attempts: 3, exhaustedResult: () => undefined });
}

/**
 * A refund of the course's payment failed after it was made (domain/payments/refund-failed.ts). Our own
 * refund of a visit's share names its visit (its metadata's bookingId): that visit's share is corrected as
 * a single booking's refund is. One made in Stripe by hand names none: the series' refundedByHandCents is
 * lowered by what was counted of it, and Stripe's running total with it, so its next charge.refunded (the
 * corrected total) adds nothing.
 */
export async function recordSeriesRefundFailure(ref: PaymentRef, refund: FailedRefund): Promise<void> {
  if (refund.metadata.bookingId) return bookingRefundFailed(ref.orgId, refund.metadata.bookingId, refund);
  const seriesId = ref.metadata.seriesId;
  if (!seriesId) return;
  await recordRefundFailure(refund, 'series', async (at) => {
    const series = await getSeries(ref.orgId, seriesId);
    if (!series) return undefined;
    const visits = await seriesVisits(series);
    const paid = visits.filter((b) => b.paymentIntentId === refund.paymentIntentId);
    if (!paid.length) return undefined;
    const was = series.refundedByHandCents ?? 0;
    const counted = countedOf(refund, was, `series ${series.id}`, series); // handed back while its charge.refunded has not recorded it
    const money = (cents: number) => amountText(cents, paid[0].currency ?? refund.currency);
    const who = `${series.firstName} ${series.lastName}`;
    const total = series.refundedCents ?? was;
    return [
      // The failure kept on the series, so an older charge.refunded does not count it again.
      refundSeriesItem(series, was - counted, counted ? Math.max(0, total - refund.amount) : total, { refundsFailed: withFailure(series, refund) }),
      ...failureRows(refund, {
        orgId: series.orgId, counted, recordType: 'series', recordId: series.id, day: reportDayOf(at, series.timeZone), practitionerId: paid[0].practitionerId,
        summary: `Refund of ${money(refund.amount)} of the course "${series.packageName}" of ${who} failed in Stripe (${failureText(refund)}): ${countedText(counted, money)}`,
        notice: {
          module: 'BOOKING_PACKAGES', link: `/bookings/series/${series.id}`, about: series.email,
          message: `The refund of ${money(refund.amount)} to ${who} for the course "${series.packageName}" failed: ${failureText(refund)}. The money is back in the clinic's Stripe balance${counted ? ' and the series no longer shows it refunded' : ''}: contact ${series.firstName} to refund them another way.`,
        },
      }, at),
    ];
  });
}
