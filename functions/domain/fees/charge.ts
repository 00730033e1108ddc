// A no-show or late-cancellation fee, charged off-session on the patient's saved card EXACTLY ONCE
// whatever the clicks, retries and repeated Stripe events:
//  1. The fee is written first, conditionally: 'pending', try n, on a booking with no fee yet (or whose
//     last try was declined, n = last + 1). Of two clicks at once one writes it; the other finds it.
//  2. Stripe is asked under an idempotency key derived from the booking, the fee's kind and its try
//     (feeIdempotencyKey): whoever finds the fee 'pending' (the other click, a retry after a lost
//     answer, a request that stalled before recording) asks again and gets Stripe's first answer, the
//     same PaymentIntent, never a second charge.
//  3. The answer is recorded by a conditional move from 'pending' (recordFeeOutcome), with its webhook
//     events, the patient's mail and the figures in the same transaction: whichever of the click, the
//     retry or Stripe's payment_intent.* event (events.ts) comes first records it, the others find it
//     recorded and change nothing.
import type { Attendance, BookingFee, FeeKind } from '#shared/bookings/visit';
import { currencyOf, formatMoney } from '#shared/currency';
import { badRequest, conflict, notFound } from '#lib/errors';
import { log } from '#lib/log';
import { chargeSavedCard, openAuthenticationCheckout, type OffSessionOutcome } from '#lib/stripe-off-session';
import { auditItem } from '../../data/audit';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { visitUpdateItem } from '../../data/booking-visit';
import { retryOnConflict, tryTransact, TRY_AGAIN, type TransactItem } from '../../data/core';
import { getOrganization } from '../../data/organizations';
import { outboxMail } from '../../data/outbox';
import { rememberPayment } from '../../data/stripe-events';
import { bookingPaymentSucceededItems } from '../../data/webhooks';
import { BOOKING_NOT_FOUND } from '#domain/bookings/views';
import { bookingEventItems } from '#domain/bookings/events';
import { feeAuthenticationMail } from './mail';

export const FEE_KIND_TEXT: Record<FeeKind, string> = { no_show: 'no-show fee', late_cancellation: 'late-cancellation fee' };

export const isFeeKind = (a: Attendance | null | undefined): a is FeeKind => a === 'no_show' || a === 'late_cancellation';

/** The fee the patient agreed to for `kind` (minor units), or null when their policy has none. */
export function agreedFee(b: BookingRecord, kind: FeeKind): number | null {
  const policy = b.paymentPolicy;
  const amount = kind === 'no_show' ? policy?.noShowFeeMinor : policy?.lateCancelFeeMinor;
  return amount && amount > 0 ? amount : null;
}

/** Stripe's idempotency key of one try of one fee: the same for every click, retry and replay of it. */
export const feeIdempotencyKey = (b: Pick<BookingRecord, 'orgId' | 'id'>, fee: Pick<BookingFee, 'kind' | 'attempt'>) => `fee-${b.orgId}-${b.id}-${fee.kind}-${fee.attempt}`;

/** What Stripe keeps with the payment, so its events and refunds find the booking and the try. */
export const feeMetadata = (b: Pick<BookingRecord, 'orgId' | 'id'>, fee: Pick<BookingFee, 'kind' | 'attempt'>) => ({
  kind: 'fee',
  orgId: b.orgId,
  bookingId: b.id,
  feeKind: fee.kind,
  attempt: String(fee.attempt),
});

const who = (b: BookingRecord) => `${b.firstName} ${b.lastName}`;

/**
 * Staff charge the fee of a booking marked no-show or late cancellation (step 1, then 2 and 3). Answers
 * the booking as it is afterwards: charged, declined, awaiting the patient's authentication, or as it
 * was when the fee had been charged already (nothing is charged again).
 */
export async function chargeFee(orgId: string, bookingId: string, actorId: string): Promise<BookingRecord> {
  const fee = await retryOnConflict<{ booking: BookingRecord; fee: BookingFee }>(async () => {
    const b = await getBooking(orgId, bookingId);
    if (!b) throw notFound(BOOKING_NOT_FOUND);
    const kind = b.attendance;
    if (!isFeeKind(kind)) throw badRequest('Mark the visit as a no-show or a late cancellation before charging a fee.');
    if (b.fee && b.fee.status !== 'declined') return { booking: b, fee: b.fee };
    const amountMinor = agreedFee(b, kind);
    if (!amountMinor) throw badRequest(`This booking has no ${FEE_KIND_TEXT[kind]}: the patient did not agree to one when booking.`);
    if (!b.savedCard) throw badRequest('No card is saved for this booking, so no fee can be charged.');
    const at = new Date().toISOString();
    const next: BookingFee = {
      kind,
      amountMinor,
      currency: currencyOf(b.currency),
      status: 'pending',
      attempt: (b.fee?.attempt ?? 0) + 1,
      paymentIntentId: null,
      declineMessage: null,
      authenticationUrl: null,
      refundedMinor: 0,
      requestedAt: at,
      requestedBy: actorId,
      chargedAt: null,
    };
    const written = await tryTransact([
      visitUpdateItem(b, { feeAttempt: b.fee ? b.fee.attempt : null, ...(b.fee ? { feeStatus: ['declined'] } : {}) }, { fee: next, updatedAt: at }),
      auditItem({
        orgId, actorId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: b.id, at,
        summary: `Charged the ${FEE_KIND_TEXT[kind]} of ${formatMoney(amountMinor, next.currency)} to the saved card of ${who(b)} ("${b.packageName}")${next.attempt > 1 ? ` (try ${next.attempt})` : ''}`,
      }),
    ]);
    if (!written) return TRY_AGAIN; // another click wrote it first: read what it wrote
    return { booking: { ...b, fee: next, updatedAt: at }, fee: next };
  }, { attempts: 3, exhausted: () => conflict('The booking changed meanwhile. Please reload and try again.') });

  if (fee.fee.status !== 'pending') return fee.booking;
  return settleFee(fee.booking, fee.fee);
}

/** Step 2 and 3 of a 'pending' fee: ask Stripe (same key, same answer) and record what it says. */
export async function settleFee(b: BookingRecord, fee: BookingFee): Promise<BookingRecord> {
  const card = b.savedCard!;
  const outcome = await chargeSavedCard({
    amountMinor: fee.amountMinor,
    currency: fee.currency,
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    description: `${FEE_KIND_TEXT[fee.kind]}: ${b.packageName}`,
    metadata: feeMetadata(b, fee),
    idempotencyKey: feeIdempotencyKey(b, fee),
  });
  await recordFeeOutcome(b.orgId, b.id, fee.attempt, outcome);
  return (await getBooking(b.orgId, b.id))!;
}

/**
 * Step 3: records what Stripe answered (or its event says) of try `attempt`, once. 'succeeded' moves
 * the fee from 'pending' or 'requires_action' (the patient authenticated) to 'charged'; a refusal moves
 * it from 'pending' only. Anything else (recorded already, a later try) changes nothing.
 */
export async function recordFeeOutcome(orgId: string, bookingId: string, attempt: number, outcome: OffSessionOutcome): Promise<void> {
  await retryOnConflict<void>(async () => {
    const b = await getBooking(orgId, bookingId);
    const fee = b?.fee;
    if (!b || !fee || fee.attempt !== attempt) return;
    const at = new Date().toISOString();
    if (outcome.outcome === 'succeeded') {
      if (fee.status !== 'pending' && fee.status !== 'requires_action') return;
      const intent = outcome.intent;
      const charged: BookingFee = { ...fee, status: 'charged', paymentIntentId: intent.id, declineMessage: null, authenticationUrl: null, chargedAt: at };
      const after: BookingRecord = { ...b, fee: charged, updatedAt: at };
      // Refunds (charge.refunded carries only the payment intent) find their way back to the fee.
      await rememberPayment(intent.id, { kind: 'fee', orgId, metadata: feeMetadata(b, fee) });
      const items: TransactItem[] = [
        visitUpdateItem(b, { feeAttempt: attempt, feeStatus: [fee.status] }, { fee: charged, updatedAt: at }),
        ...(await bookingEventItems('booking.fee_charged', after, `booking-fee-charged-${b.id}-${attempt}`, at)),
        ...(await bookingPaymentSucceededItems(orgId, b.id, { id: intent.id, amountCents: intent.amount, currency: intent.currency }, at)),
      ];
      if (!(await tryTransact(items))) return TRY_AGAIN;
      log.info('Fee charged', { orgId, bookingId, attempt });
      return;
    }
    if (fee.status !== 'pending') return;
    if (outcome.outcome === 'declined') {
      const declined: BookingFee = { ...fee, status: 'declined', paymentIntentId: outcome.intent?.id ?? null, declineMessage: outcome.message };
      const items = [
        visitUpdateItem(b, { feeAttempt: attempt, feeStatus: ['pending'] }, { fee: declined, updatedAt: at }),
        ...(await bookingEventItems('booking.fee_failed', { ...b, fee: declined }, `booking-fee-failed-${b.id}-${attempt}`, at)),
      ];
      if (!(await tryTransact(items))) return TRY_AGAIN;
      log.info('Fee declined', { orgId, bookingId, attempt });
      return;
    }
    // The bank wants the patient: a Checkout on their Customer, mailed to them in their language.
    const org = await getOrganization(orgId);
    const checkout = await openAuthenticationCheckout({
      amountMinor: fee.amountMinor,
      currency: fee.currency,
      customerId: b.savedCard!.customerId,
      productName: `${org?.name ?? 'Clinic'}: ${FEE_KIND_TEXT[fee.kind]} (${b.packageName})`,
      successUrl: org?.websiteUrl || 'https://stripe.com',
      cancelUrl: org?.websiteUrl || 'https://stripe.com',
      locale: b.locale,
      metadata: feeMetadata(b, fee),
      // Fixed by the fee's request time, so a retry sends the same parameters under the same key.
      expiresAt: Math.floor(Date.parse(fee.requestedAt) / 1000) + 23 * 3600,
      idempotencyKey: `${feeIdempotencyKey(b, fee)}-authenticate`,
    });
    const waiting: BookingFee = { ...fee, status: 'requires_action', paymentIntentId: outcome.intent?.id ?? null, authenticationUrl: checkout.url };
    const items = [
      visitUpdateItem(b, { feeAttempt: attempt, feeStatus: ['pending'] }, { fee: waiting, updatedAt: at }),
      outboxMail(`booking-fee-authenticate-${orgId}-${b.id}-${attempt}`, feeAuthenticationMail(b, waiting, org), orgId),
      ...(await bookingEventItems('booking.fee_failed', { ...b, fee: waiting }, `booking-fee-failed-${b.id}-${attempt}`, at)),
    ];
    if (!(await tryTransact(items))) return TRY_AGAIN;
    log.info('Fee awaits the patient\'s authentication', { orgId, bookingId });
  }, { attempts: 4, exhausted: () => new Error(`Booking ${bookingId} kept changing while its fee was recorded`) });
}
