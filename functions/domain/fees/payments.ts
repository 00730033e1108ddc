// Money after the visit besides the fee: the balance paid at the clinic (cash or the card terminal),
// recorded once per booking, and refunds of the online payment (a deposit, or the whole price) and of
// a fee, at most what was paid and not refunded yet. A refund goes to Stripe under a key derived from
// the booking, what is refunded, what was refunded before and the amount, so a double click or a
// retry is one refund at Stripe; Stripe's charge.refunded then records it (the booking's consumer for
// its payment, events.ts for a fee), and the fee's is recorded at once too, conditionally (once).
import { balanceDueMinor, refundCapMessage, typedAmountToMinor, type ClinicPayment } from '#shared/bookings/visit';
import { currencyOf, formatMoney } from '#shared/currency';
import { badRequest, conflict, notFound } from '#lib/errors';
import { createRefund } from '#lib/stripe';
import { refundKey, stripeTime } from '#domain/payments/refund-order';
import { auditItem } from '../../data/audit';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { visitUpdateItem } from '../../data/booking-visit';
import { tryTransact } from '../../data/core';
import { paymentEventItems } from '../../data/webhooks';
import { bookingEventItems } from '#domain/bookings/events';
import { BOOKING_NOT_FOUND } from '#domain/bookings/views';
import { FEE_KIND_TEXT } from './charge';

const amountOf = (typed: string | number, b: BookingRecord, locale?: string) => {
  const read = typedAmountToMinor(typed, currencyOf(b.currency), locale);
  if ('message' in read) throw badRequest(read.message, { amount: read.message });
  return read.minor;
};

/** Staff record the balance paid at the clinic; a second record of it is refused (409), nothing doubled. */
export async function recordClinicPayment(orgId: string, bookingId: string, input: { amount: string | number; method: ClinicPayment['method']; locale?: string }, actorId: string): Promise<BookingRecord> {
  const b = await getBooking(orgId, bookingId);
  if (!b) throw notFound(BOOKING_NOT_FOUND);
  if (b.status !== 'confirmed') throw conflict(`This booking is ${b.status}: there is no balance to record.`);
  if (b.clinicPayment) throw conflict('The balance paid at the clinic is recorded already.');
  const amountMinor = amountOf(input.amount, b, input.locale);
  const due = balanceDueMinor(b);
  if (amountMinor > due) {
    const message = due > 0 ? `The balance due is ${formatMoney(due, currencyOf(b.currency))}: record at most that.` : 'Nothing is left to pay for this booking.';
    throw badRequest(message, { amount: message });
  }
  const at = new Date().toISOString();
  const clinicPayment: ClinicPayment = { amountMinor, currency: currencyOf(b.currency), method: input.method, recordedAt: at, recordedBy: actorId };
  const after: BookingRecord = { ...b, clinicPayment, updatedAt: at };
  const written = await tryTransact([
    visitUpdateItem(b, { status: ['confirmed'], noClinicPayment: true }, { clinicPayment, updatedAt: at }),
    auditItem({
      orgId, actorId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: b.id, at,
      summary: `Recorded ${formatMoney(amountMinor, clinicPayment.currency)} paid at the clinic (${input.method === 'cash' ? 'cash' : 'card terminal'}) by ${b.firstName} ${b.lastName} for "${b.packageName}"`,
    }),
    ...(await bookingEventItems('booking.paid_at_clinic', after, `booking-paid-at-clinic-${b.id}`, at)),
  ]);
  if (!written) throw conflict('The balance paid at the clinic is recorded already.');
  return after;
}

/**
 * Staff refund the online payment ('deposit': what the patient paid when booking) or the fee, at most
 * what is left of it. The refund is Stripe's to make; the booking shows it once Stripe's event (or,
 * for a fee, this request) records it.
 */
export async function refundVisitPayment(orgId: string, bookingId: string, input: { what: 'deposit' | 'fee'; amount: string | number; locale?: string }, actorId: string): Promise<{ booking: BookingRecord; refundedMinor: number }> {
  const b = await getBooking(orgId, bookingId);
  if (!b) throw notFound(BOOKING_NOT_FOUND);
  const amountMinor = amountOf(input.amount, b, input.locale);
  const currency = currencyOf(b.currency);
  const paid = input.what === 'fee'
    ? b.fee?.status === 'charged' ? { intent: b.fee.paymentIntentId!, total: b.fee.amountMinor, refunded: b.fee.refundedMinor } : undefined
    : b.paymentIntentId && b.amountPaidCents ? { intent: b.paymentIntentId, total: b.amountPaidCents, refunded: b.refundedCents ?? 0 } : undefined;
  if (!paid) throw conflict(input.what === 'fee' ? 'No fee was charged for this booking.' : 'Nothing was paid online for this booking.');
  const cap = paid.total - paid.refunded;
  if (amountMinor > cap) throw badRequest(refundCapMessage(cap, currency), { amount: refundCapMessage(cap, currency) });
  const at = new Date().toISOString();
  const what = input.what === 'fee' ? `the ${FEE_KIND_TEXT[b.fee!.kind]}` : 'the online payment';
  const made = await createRefund({
    paymentIntentId: paid.intent,
    amountCents: amountMinor,
    metadata: { kind: input.what === 'fee' ? 'fee' : 'booking', orgId, bookingId: b.id },
    idempotencyKey: `refund-${orgId}-${b.id}-${input.what}-${paid.refunded}-${amountMinor}`,
  });
  const audit = auditItem({
    orgId, actorId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: b.id, at,
    summary: `Refunded ${formatMoney(amountMinor, currency)} of ${what} to ${b.firstName} ${b.lastName} ("${b.packageName}")`,
  });
  if (input.what === 'fee') {
    // Recorded now, conditionally on the refunds as read: a retry or Stripe's event finds it recorded.
    // Stripe's total as of the refund's making (domain/payments/refund-order.ts), unless a later one is held.
    const refundAt = Math.max(b.fee!.refundAt ?? 0, Number.isFinite(made?.created) ? stripeTime(made.created) : 0);
    const fee = { ...b.fee!, refundedMinor: paid.refunded + amountMinor, ...(refundAt ? { refundAt } : {}) };
    const refunded = fee.refundedMinor;
    const event = await paymentEventItems(orgId, 'payment.refunded', { object: 'payment', id: paid.intent, for: { type: 'booking', id: b.id }, status: refunded >= paid.total ? 'refunded' : 'partially_refunded', amountCents: paid.total, refundedCents: refunded, currency }, `payment-refunded-${paid.intent}-${refundKey(refunded, fee)}`, at);
    await tryTransact([visitUpdateItem(b, { feeAttempt: fee.attempt, feeRefundedWas: paid.refunded, feeFailuresWas: fee.refundsFailed?.length ?? 0 }, { fee, updatedAt: at }), audit, ...event]);
  } else {
    await tryTransact([audit]);
  }
  return { booking: (await getBooking(orgId, bookingId))!, refundedMinor: amountMinor };
}
