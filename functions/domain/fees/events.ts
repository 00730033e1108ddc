// Stripe's events about fees (metadata.kind 'fee'): the off-session PaymentIntent's own events
// (payment_intent.succeeded / payment_intent.payment_failed), the Checkout where a patient
// authenticated a fee (checkout.session.completed), and refunds (charge.refunded). Each records through
// recordFeeOutcome / a conditional move, so an event delivered three times, or the same payment told by
// two events and the click that made it, records it once. Registered in domain/payments/consumers.ts
// and functions/payments/lib/process-event.ts.
import { log } from '#lib/log';
import type { CheckoutSession } from '#lib/stripe';
import { outcomeOf, type PaymentIntent } from '#lib/stripe-off-session';
import { getBooking } from '../../data/bookings';
import { visitUpdateItem } from '../../data/booking-visit';
import { retryOnConflict, tryTransact, TRY_AGAIN } from '../../data/core';
import { getOrganization } from '../../data/organizations';
import { paymentEventItems } from '../../data/webhooks';
import { PaymentTargetMissing, type PaymentConsumer, type PaymentRef, type Refund } from '#domain/payments/contract';
import { feeRefundFailed } from '#domain/payments/refund-failed';
import { refundKey, refundStep } from '#domain/payments/refund-order';
import { recordFeeOutcome } from './charge';

/** The booking and try an event's metadata names; a booking not there (yet) is delivered again later. */
async function feeTarget(metadata: Record<string, string> | undefined): Promise<{ orgId: string; bookingId: string; attempt: number } | undefined> {
  const orgId = metadata?.orgId;
  const bookingId = metadata?.bookingId;
  const attempt = Number(metadata?.attempt);
  if (!orgId || !bookingId || !Number.isInteger(attempt)) return undefined;
  const booking = await getBooking(orgId, bookingId);
  if (booking?.fee) return { orgId, bookingId, attempt };
  if (booking || (await getOrganization(orgId))) throw new PaymentTargetMissing(`The fee of booking ${bookingId}`);
  log.warn('Stripe fee event for an organisation that is gone', { orgId, bookingId });
  return undefined;
}

/** payment_intent.succeeded / payment_intent.payment_failed of a fee's off-session charge. */
export async function feeIntentEvent(intent: PaymentIntent): Promise<'recorded' | 'ignored'> {
  if (intent.metadata?.kind !== 'fee') return 'ignored';
  const target = await feeTarget(intent.metadata);
  if (!target) return 'ignored';
  await recordFeeOutcome(target.orgId, target.bookingId, target.attempt, outcomeOf(intent));
  return 'recorded';
}

export const feePaymentConsumer: PaymentConsumer = {
  /** The patient authenticated and paid the fee on the Checkout they were mailed. */
  async completed(session: CheckoutSession) {
    const target = await feeTarget(session.metadata);
    if (!target || !session.payment_intent) return;
    const intent: PaymentIntent = { id: session.payment_intent, status: 'succeeded', amount: session.amount_total, currency: session.currency, customer: null, metadata: session.metadata };
    await recordFeeOutcome(target.orgId, target.bookingId, target.attempt, { outcome: 'succeeded', intent });
  },

  /** A fee's refund failed after it was made: its refunded amount corrected, staff told, once (payments/refund-failed.ts). */
  refundFailed: (ref, refund) => feeRefundFailed(ref.orgId, ref.metadata.bookingId, refund),

  /** A fee refunded (Stripe's running total): recorded once per amount, whoever asked for it. */
  async refunded(ref: PaymentRef, refund: Refund) {
    await retryOnConflict<void>(async () => {
      const b = await getBooking(ref.orgId, ref.metadata.bookingId ?? '');
      const fee = b?.fee;
      if (!b || !fee || fee.paymentIntentId !== refund.paymentIntentId || fee.status !== 'charged') return;
      // Stripe's running total as of the event's time, less refunds failed since (domain/payments/refund-order.ts).
      const step = refundStep(fee.refundedMinor, fee, refund);
      if (step === 'later') throw new PaymentTargetMissing(`The failed refund that lowered the refunds of the fee of booking ${b.id}`);
      if (step === 'recorded') return; // this refund (or a later one) is recorded, or a failed one's older count
      const total = step.take;
      const at = new Date().toISOString();
      const items = [
        visitUpdateItem(b, { feeAttempt: fee.attempt, feeRefundedWas: fee.refundedMinor, feeFailuresWas: fee.refundsFailed?.length ?? 0 }, { fee: { ...fee, refundedMinor: total, refundAt: refund.at }, updatedAt: at }),
        ...(await paymentEventItems(b.orgId, 'payment.refunded', { object: 'payment', id: refund.paymentIntentId, for: { type: 'booking', id: b.id }, status: total >= refund.amount ? 'refunded' : 'partially_refunded', amountCents: refund.amount, refundedCents: total, currency: fee.currency }, `payment-refunded-${refund.paymentIntentId}-${refundKey(total, fee)}`, at)),
      ];
      if (!(await tryTransact(items))) return TRY_AGAIN;
    }, { attempts: 3, exhaustedResult: () => undefined });
  },
};
