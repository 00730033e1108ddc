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
import { auditItem } from '../../data/audit';
import { visitUpdateItem } from '../../data/booking-visit';
import { getBooking, moveBookingItem, type BookingRecord } from '../../data/bookings';
import { retryOnConflict, tryTransact, TRY_AGAIN, type TransactItem } from '../../data/core';
import type { NotifyInput } from '../../data/notice';
import { getOrganization } from '../../data/organizations';
import { outboxNotice } from '../../data/outbox';
import { refundFailureItem, refundFailureRecorded } from '../../data/refund-failures';
import { moneyDelta, reportDayOf, reportItems } from '../../data/reports';
import { getPayment, movePayment } from '../../data/submissions';
import { log } from '#lib/log';
import { whenText } from '#domain/bookings/mail';
import { amountText, STRIPE_ACTOR } from './amounts';
import type { FailedRefund } from './contract';

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
 * moved meanwhile is read again.
 */
export async function recordRefundFailure(refund: FailedRefund, kind: string, build: (at: string) => Promise<TransactItem[] | (() => Promise<boolean>) | undefined>): Promise<void> {
  await retryOnConflict<void>(async () => {
    if (await refundFailureRecorded(refund.refundId)) return; // this failure (the other event, or a repeat) is recorded
    const at = new Date().toISOString();
    const correction = await build(at);
    if (!correction) return;
    if (!(await (typeof correction === 'function' ? correction() : tryTransact(correction)))) return TRY_AGAIN;
    log.warn('A refund failed after it was made', { kind, refundId: refund.refundId, paymentIntentId: refund.paymentIntentId, status: refund.status, reason: refund.reason });
  }, { attempts: 3, exhaustedResult: () => undefined });
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
    const counted = Math.min(refund.amount, was);
    const after = was - counted;
    const money = (cents: number) => amountText(cents, b.currency ?? refund.currency);
    const refunded = b.paymentStatus === 'refunded' || b.paymentStatus === 'partially_refunded';
    const status: BookingRecord['paymentStatus'] = after > 0 ? 'partially_refunded' : 'paid';
    const who = `${b.firstName} ${b.lastName}`;
    return [
      moveBookingItem(b, { refundedWas: b.refundedCents ?? null }, {
        refundedCents: after,
        ...(refunded ? { paymentStatus: status } : {}),
        updatedAt: at,
      }),
      ...failureRows(refund, {
        orgId, counted, recordType: 'booking', recordId: b.id, day: reportDayOf(at, b.timeZone), practitionerId: b.practitionerId,
        summary: `Refund of ${money(refund.amount)} to ${who} for "${b.packageName}" (${whenText(b).short}) failed in Stripe (${failureText(refund)}): ${money(counted)} no longer counted as refunded`,
        notice: {
          module: 'BOOKING_PACKAGES', link: `/bookings/booking/${b.id}`, about: b.email,
          message: `The refund of ${money(refund.amount)} to ${who} for "${b.packageName}" (${whenText(b).short}) failed: ${failureText(refund)}. The money is back in the clinic's Stripe balance and the booking no longer shows it refunded: contact ${b.firstName} to refund them another way.`,
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
    const counted = Math.min(refund.amount, fee.refundedMinor);
    const money = (cents: number) => amountText(cents, fee.currency);
    const who = `${b.firstName} ${b.lastName}`;
    return [
      visitUpdateItem(b, { feeAttempt: fee.attempt, feeRefundedWas: fee.refundedMinor }, { fee: { ...fee, refundedMinor: fee.refundedMinor - counted }, updatedAt: at }),
      ...failureRows(refund, {
        orgId, counted, recordType: 'booking', recordId: b.id, day: reportDayOf(at, b.timeZone), practitionerId: b.practitionerId,
        summary: `Refund of ${money(refund.amount)} of the fee to ${who} ("${b.packageName}", ${whenText(b).short}) failed in Stripe (${failureText(refund)}): ${money(counted)} no longer counted as refunded`,
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
    if (!p || p.paymentIntentId !== refund.paymentIntentId || (p.status !== 'refunded' && p.status !== 'partially_refunded')) return undefined;
    const was = p.refundedCents ?? 0;
    const counted = Math.min(refund.amount, was);
    const after = was - counted;
    const money = (cents: number) => amountText(cents, p.currency);
    const who = p.payerName ?? p.payerEmail ?? 'the payer';
    const rows = failureRows(refund, {
      orgId, counted, module: 'FORMS', recordType: 'payment', recordId: p.id, day: reportDayOf(at, (await getOrganization(orgId))?.timeZone),
      summary: `Refund of ${money(refund.amount)} to ${who} for "${p.packageName}" on "${p.formName}" failed in Stripe (${failureText(refund)}): ${money(counted)} no longer counted as refunded`,
      notice: {
        module: 'FORMS', link: `/forms/leads/${p.submissionId}`, ...(p.payerEmail ? { about: p.payerEmail } : {}),
        message: `The refund of ${money(refund.amount)} to ${who} for "${p.packageName}" on "${p.formName}" failed: ${failureText(refund)}. The money is back in the clinic's Stripe balance and the payment no longer shows it refunded: contact them to refund them another way.`,
      },
    }, at);
    return () => movePayment(p, [p.status], after > 0 ? 'partially_refunded' : 'paid', { refundedCents: after }, { refundedWas: p.refundedCents ?? null, also: rows });
  });
}
