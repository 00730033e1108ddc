// A refund that failed after it was made (Stripe's refund.failed, and refund.updated to 'failed' or
// 'canceled': the card was closed, the bank refused it). charge.refunded had reported the money refunded,
// and it was recorded so (the booking's refundedCents, a course visit's share, a series' refund by hand, a
// fee's refundedMinor, and the report's refunded money); it never reached the patient and is back in the
// clinic's Stripe balance. Each consumer that records refunds corrects what it recorded by the refund's
// amount (at most what it counted: a failure whose refund was never counted corrects nothing), and staff
// get a notice and an audit entry: all in one transaction with the refund's failure marker
// (data/refund-failures.ts), so the two events, however often delivered, correct it once. Stripe lowers
// the charge's amount_refunded when a refund fails, so its later charge.refunded events carry the
// corrected running total, which then adds nothing. Nothing is refunded again by itself: the patient's
// card no longer takes it, so staff settle it with them (as Stripe's dashboard tells them too).
//
// Stripe does not promise the order of events: a failure may come before the charge.refunded that
// records its refund (a booking's or a form payment's refund, ours or one made in the dashboard, is
// recorded only from charge.refunded; a fee's and a course share's are recorded when we make them). Then
// the record counts less than the refund and the failure is handed back (PaymentTargetMissing: a 503 to
// the webhook, a thrown error to EventBridge) with nothing written, not even its marker, so the delivery
// after charge.refunded corrects it. Refunds carry no id in charge.refunded, so "recorded" is read from
// the amounts. The wait is bounded as the charge.refunded's own delivery is: Stripe sends it when the
// refund is made and retries it for 3 days. A refund older than that and still not counted never will be
// (its event was lost, or ignored): its failure is recorded with nothing to correct (marker, audit entry,
// staff notice), so it is neither retried forever nor left in the dead-letter queue.
//
// "Recorded" is read from Stripe's times where the record keeps them (refund-order.ts): its total is
// from between the refund and its failure (counted), from after the failure (Stripe left it out: nothing
// to correct), or from before the refund (wait). The failure is kept on the record too (refundsFailed),
// so a charge.refunded from before it, delivered late, does not count the failed refund again.
import { auditItem } from '../../data/audit';
import { visitUpdateItem } from '../../data/booking-visit';
import { getBooking, moveBookingItem, type BookingRecord } from '../../data/bookings';
import { retryOnConflict, tryTransact, TRY_AGAIN, type TransactItem } from '../../data/core';
import type { NotifyInput } from '../../data/notice';
import { getOrganization } from '../../data/organizations';
import { outboxNotice } from '../../data/outbox';
import { refundFailureItem, refundFailureRecorded } from '../../data/refund-failures';
import { moneyDelta, reportDayOf, reportItems } from '../../data/reports';
import { getPayment, movePayment, paymentFailuresItem } from '../../data/submissions';
import { log } from '#lib/log';
import { whenText } from '#domain/bookings/mail';
import { amountText, STRIPE_ACTOR } from './amounts';
import { PaymentTargetMissing, type FailedRefund } from './contract';
import { standing } from './refund-order';
import type { FailedRefundMark, RefundClock } from '../../data/refund-failures';

/** How long after a refund was made its charge.refunded can still come: Stripe retries an event for 3 days. */
export const RECORD_WAIT_MS = 3 * 24 * 3600_000;

/**
 * What a record counts of the failed refund, `was` being what it counts as refunded and `clock` Stripe's
 * time of that total: all of it once its charge.refunded recorded it; nothing when the total is from after
 * the failure (Stripe left it out); before its charge.refunded, nothing, and the failure is handed back
 * (thrown) while that event can still come. Never a part: a record counting less than the refund has not
 * recorded it (what it counts is other refunds). A record from before the times were kept: from the amounts.
 */
export function countedOf(refund: FailedRefund, was: number, what: string, clock: RefundClock = {}, now = Date.now()): number {
  const where = standing(clock, refund);
  if (where === 'after') return 0;
  if (was >= refund.amount && where !== 'before') return refund.amount;
  if (now - refund.createdAt < RECORD_WAIT_MS) throw new PaymentTargetMissing(`Refund ${refund.refundId} recorded on ${what}`);
  return 0;
}

/** The record's failures with this one: older charge.refunded totals are read without it (refund-order.ts). */
export const withFailure = (clock: RefundClock, refund: FailedRefund): FailedRefundMark[] => [
  ...(clock.refundsFailed ?? []),
  { createdAt: refund.createdAt, failedAt: refund.failedAt, amount: refund.amount },
];

/** The audit summary's end: what the figures give back, or that they never counted it. */
export const countedText = (counted: number, money: (cents: number) => string) =>
  counted ? `${money(counted)} no longer counted as refunded` : 'it was never counted as refunded here';

const REASONS: Record<string, string> = {
  lost_or_stolen_card: 'the card was reported lost or stolen',
  expired_or_canceled_card: 'the card has expired or was cancelled',
  charge_for_pending_refund_disputed: 'the payment is disputed',
  insufficient_funds: 'the clinic’s Stripe balance could not cover it',
  declined: 'the bank declined it',
  merchant_request: 'it was cancelled in Stripe',
};

/** Why, as staff read it: Stripe's failure_reason, or the refund cancelled. */
export function failureText(refund: Pick<FailedRefund, 'reason' | 'status'>): string {
  return REASONS[refund.reason] ?? (refund.status === 'canceled' ? 'it was cancelled' : 'Stripe gave no reason');
}

/** What one failure writes besides the record it corrects. */
export interface FailureRecord {
  orgId: string;
  /** Whose records these are (the audit entry's module; the notice names its own). */
  module?: 'BOOKING_PACKAGES' | 'FORMS';
  /** The cents it gives back to the figures (what was counted of the refund). */
  counted: number;
  recordType: string;
  recordId: string;
  /** The audit entry's summary and the staff notice (its title is 'Refund failed'). */
  summary: string;
  notice: Omit<NotifyInput, 'title'>;
  /** The report's refunded money taken back on this day (the record's zone), in the figures of this practitioner. */
  day: string;
  practitionerId?: string | null;
}

/** The failure's marker, audit entry, staff notice and the report's refunded money taken back. */
export function failureRows(refund: FailedRefund, r: FailureRecord, at: string): TransactItem[] {
  const back = moneyDelta('refunded', r.day, refund.currency, r.counted, r.practitionerId).map((d) => ({ ...d, by: -d.by }));
  return [
    refundFailureItem(refund.refundId, { orgId: r.orgId, amount: refund.amount, status: refund.status, at }),
    auditItem({ orgId: r.orgId, actorId: STRIPE_ACTOR, module: r.module ?? 'BOOKING_PACKAGES', action: 'update', recordType: r.recordType, recordId: r.recordId, at, summary: r.summary }),
    outboxNotice(`refund-failed-${refund.refundId}`, r.orgId, { title: 'Refund failed', ...r.notice }),
    ...reportItems(r.orgId, back),
  ];
}

/**
 * Records a failure once: `build` reads the record and returns its correction with the rows above (or
 * the write that makes it, true when made), or undefined when there is nothing to correct; a record
 * moved meanwhile is read again. Moved three times over, the event is failed (thrown) so its sender
 * delivers it again, rather than marked processed with nothing corrected.
 */
export async function recordRefundFailure(refund: FailedRefund, kind: string, build: (at: string) => Promise<TransactItem[] | (() => Promise<boolean>) | undefined>): Promise<void> {
  await retryOnConflict<void>(async () => {
    if (await refundFailureRecorded(refund.refundId)) return; // this failure (the other event, or a repeat) is recorded
    const at = new Date().toISOString();
    const correction = await build(at);
    if (!correction) return;
    if (!(await (typeof correction === 'function' ? correction() : tryTransact(correction)))) return TRY_AGAIN;
    log.warn('A refund failed after it was made', { kind, refundId: refund.refundId, paymentIntentId: refund.paymentIntentId, status: refund.status, reason: refund.reason });
  }, { attempts: 3, exhausted: () => new Error(`The record of refund ${refund.refundId} kept moving: delivered again later`) });
}

/**
 * A booking's refund failed (a single booking's, or a course visit's share): its refundedCents lowered by
 * what was counted of it, its payment status back to 'partially_refunded' or 'paid'. A booking the
 * refund cancelled stays cancelled (its time may be someone else's now): staff settle it with the patient.
 */
export async function bookingRefundFailed(orgId: string, bookingId: string | undefined, refund: FailedRefund): Promise<void> {
  if (!bookingId) return;
  await recordRefundFailure(refund, 'booking', async (at) => {
    const b = await getBooking(orgId, bookingId);
    if (!b || b.paymentIntentId !== refund.paymentIntentId) return undefined;
    const was = b.refundedCents ?? 0;
    const counted = countedOf(refund, was, `booking ${b.id}`, b);
    const after = was - counted;
    const money = (cents: number) => amountText(cents, b.currency ?? refund.currency);
    const refunded = b.paymentStatus === 'refunded' || b.paymentStatus === 'partially_refunded';
    const status: BookingRecord['paymentStatus'] = after > 0 ? 'partially_refunded' : 'paid';
    const who = `${b.firstName} ${b.lastName}`;
    return [
      moveBookingItem(b, { refundedWas: b.refundedCents ?? null, failuresWas: b.refundsFailed?.length ?? 0 }, {
        ...(counted ? { refundedCents: after, ...(refunded ? { paymentStatus: status } : {}) } : {}),
        refundsFailed: withFailure(b, refund),
        updatedAt: at,
      }),
      ...failureRows(refund, {
        orgId, counted, recordType: 'booking', recordId: b.id, day: reportDayOf(at, b.timeZone), practitionerId: b.practitionerId,
        summary: `Refund of ${money(refund.amount)} to ${who} for "${b.packageName}" (${whenText(b).short}) failed in Stripe (${failureText(refund)}): ${countedText(counted, money)}`,
        notice: {
          module: 'BOOKING_PACKAGES', link: `/bookings/booking/${b.id}`, about: b.email,
          message: `The refund of ${money(refund.amount)} to ${who} for "${b.packageName}" (${whenText(b).short}) failed: ${failureText(refund)}. The money is back in the clinic's Stripe balance${counted ? ' and the booking no longer shows it refunded' : ''}: contact ${b.firstName} to refund them another way.`,
        },
      }, at),
    ];
  });
}

/** A fee's refund failed: the fee's refundedMinor lowered by what was counted of it (the fee stays charged). */
export async function feeRefundFailed(orgId: string, bookingId: string | undefined, refund: FailedRefund): Promise<void> {
  if (!bookingId) return;
  await recordRefundFailure(refund, 'fee', async (at) => {
    const b = await getBooking(orgId, bookingId);
    const fee = b?.fee;
    if (!b || !fee || fee.paymentIntentId !== refund.paymentIntentId) return undefined;
    const counted = countedOf(refund, fee.refundedMinor, `the fee of booking ${b.id}`, fee);
    const money = (cents: number) => amountText(cents, fee.currency);
    const who = `${b.firstName} ${b.lastName}`;
    return [
      visitUpdateItem(b, { feeAttempt: fee.attempt, feeRefundedWas: fee.refundedMinor, feeFailuresWas: fee.refundsFailed?.length ?? 0 }, {
        fee: { ...fee, refundedMinor: fee.refundedMinor - counted, refundsFailed: withFailure(fee, refund) },
        updatedAt: at,
      }),
      ...failureRows(refund, {
        orgId, counted, recordType: 'booking', recordId: b.id, day: reportDayOf(at, b.timeZone), practitionerId: b.practitionerId,
        summary: `Refund of ${money(refund.amount)} of the fee to ${who} ("${b.packageName}", ${whenText(b).short}) failed in Stripe (${failureText(refund)}): ${countedText(counted, money)}`,
        notice: {
          module: 'BOOKING_PACKAGES', link: `/bookings/booking/${b.id}`, about: b.email,
          message: `The refund of ${money(refund.amount)} of the fee to ${who} for "${b.packageName}" (${whenText(b).short}) failed: ${failureText(refund)}. The money is back in the clinic's Stripe balance: contact ${b.firstName} to refund them another way.`,
        },
      }, at),
    ];
  });
}

/** A form payment's refund failed: its refundedCents lowered by what was counted of it, its state with it (and its submission's). */
export async function formRefundFailed(orgId: string, paymentId: string | undefined, refund: FailedRefund): Promise<void> {
  if (!paymentId) return;
  await recordRefundFailure(refund, 'form-payment', async (at) => {
    const p = await getPayment(orgId, paymentId);
    if (!p || p.paymentIntentId !== refund.paymentIntentId) return undefined;
    const shown = p.status === 'refunded' || p.status === 'partially_refunded';
    const was = shown ? (p.refundedCents ?? 0) : 0;
    const counted = countedOf(refund, was, `form payment ${p.id}`, p);
    const failures = p.refundsFailed?.length ?? 0;
    const after = was - counted;
    const money = (cents: number) => amountText(cents, p.currency);
    const who = p.payerName ?? p.payerEmail ?? 'the payer';
    const rows = failureRows(refund, {
      orgId, counted, module: 'FORMS', recordType: 'payment', recordId: p.id, day: reportDayOf(at, (await getOrganization(orgId))?.timeZone),
      summary: `Refund of ${money(refund.amount)} to ${who} for "${p.packageName}" on "${p.formName}" failed in Stripe (${failureText(refund)}): ${countedText(counted, money)}`,
      notice: {
        module: 'FORMS', link: `/forms/leads/${p.submissionId}`, ...(p.payerEmail ? { about: p.payerEmail } : {}),
        message: `The refund of ${money(refund.amount)} to ${who} for "${p.packageName}" on "${p.formName}" failed: ${failureText(refund)}. The money is back in the clinic's Stripe balance${counted ? ' and the payment no longer shows it refunded' : ''}: contact them to refund them another way.`,
      },
    }, at);
    if (!counted) return [paymentFailuresItem(p, withFailure(p, refund)), ...rows];
    return () => movePayment(p, [p.status], after > 0 ? 'partially_refunded' : 'paid', { refundedCents: after, refundsFailed: withFailure(p, refund) }, { refundedWas: p.refundedCents ?? null, failuresWas: failures, also: rows });
  });
}
