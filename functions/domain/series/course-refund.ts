// A visit's share of a course paid up front (issue 37): a patient's series paid in one Checkout records
// on each visit its part of the payment (`amountPaidCents`, patient.ts shares) and the course's payment
// intent. Cancelling one visit gives back that share, under the refund rule a single cancellation
// follows (the clinic's `cancellationRefund`: 'full' refunds, 'none' keeps it; a patient's own cancel is
// only taken before the clinic's cutoff, so a late one never reaches here), once per visit:
//   - the refund is an outbox row written in the cancellation's own transaction, so it exists if and
//     only if the visit was cancelled now (a repeated cancel finds it cancelled and writes nothing), and
//     it is sent to Stripe under the visit's own idempotency key (staff: `course-share-<org>-<visit>`,
//     the patient's manage link: its single cancellation's `manage-cancel-<org>-<visit>`), so a
//     delivery tried again returns the first refund, never a second;
//   - it is recorded on the visit at once (`refundedCents`, 'refunded'), with the report's refunded
//     money: Stripe's charge.refunded event of a course carries the course's running total over all its
//     visits and cannot say which visit it was for, so it is not what records a share.
// Visits of a series staff booked are paid at the clinic (no payment intent) and a card-held course
// paid nothing online: nothing to refund.
import type { PatientPolicy } from '#shared/policy';
import type { BookingRecord } from '../../data/bookings';
import type { TransactItem } from '../../data/core';
import { outboxRefund } from '../../data/outbox';
import { moneyDelta, reportDayOf, type ReportDelta } from '../../data/reports';
import { bookingRowId } from '#domain/bookings/mail';

/** The part of the course still to give back when this visit is cancelled (0: none, or not a course visit). */
export function courseShareDue(b: BookingRecord, policy: Pick<PatientPolicy, 'cancellationRefund'>): number {
  if (!b.seriesId || !b.paymentIntentId || policy.cancellationRefund !== 'full') return 0;
  if (b.paymentStatus !== 'paid' && b.paymentStatus !== 'partially_refunded') return 0;
  return Math.max(0, (b.amountPaidCents ?? 0) - (b.refundedCents ?? 0));
}

/** The share recorded on the visit as it is cancelled, and the report's refunded money (the patient's manage link writes its own refund row). */
export function courseShareRecord(b: BookingRecord, share: number, at: string): { changes: Partial<BookingRecord>; report: ReportDelta[] } {
  if (share <= 0) return { changes: {}, report: [] };
  const refunded = (b.refundedCents ?? 0) + share;
  return {
    changes: { refundedCents: refunded, paymentStatus: refunded >= (b.amountPaidCents ?? 0) ? 'refunded' : 'partially_refunded' },
    report: moneyDelta('refunded', reportDayOf(at, b.timeZone), b.currency, share, b.practitionerId),
  };
}

/** What a staff cancellation of the visit writes besides the cancellation for its share: the refund row, the share recorded, the report's money. */
export function courseShareRefund(b: BookingRecord, share: number, at: string): { changes: Partial<BookingRecord>; also: TransactItem[]; report: ReportDelta[] } {
  if (share <= 0) return { changes: {}, also: [], report: [] };
  return {
    ...courseShareRecord(b, share, at),
    also: [
      outboxRefund(
        bookingRowId('course-share-refund', b),
        { paymentIntentId: b.paymentIntentId!, amountCents: share, metadata: { kind: 'series', orgId: b.orgId, seriesId: b.seriesId ?? '', bookingId: b.id }, idempotencyKey: `course-share-${b.orgId}-${b.id}` },
        b.orgId,
      ),
    ],
  };
}
