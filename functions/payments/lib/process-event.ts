// One path for every Stripe event, whichever way it arrived: claim the event id (a lease), hand it to
// the consumer its metadata names, and record the outcome. An event that cannot be processed now (its
// claim is held by a running attempt, or the record it names does not exist yet) throws RetryLater
// and is not marked processed, so the sender delivers it again; a failure gives the claim back.
import { log } from '#lib/log';
import type { CheckoutSession, StripeEvent } from '#lib/stripe';
import { retrieveSetupIntent, type SetupIntent } from '#lib/stripe-setup';
import { claimEvent, completeEvent, findPayment, releaseEvent, rememberPayment } from '../../data/stripe-events';
import { CONSUMERS, kindOf } from '#domain/payments/consumers';
import { PaymentTargetMissing, isPaymentKind } from '#domain/payments/contract';
import { feeIntentEvent } from '#domain/fees/events';
import type { PaymentIntent } from '#lib/stripe-off-session';
import { stripeTime } from '#domain/payments/refund-order';

export type Outcome = 'processed' | 'duplicate' | 'ignored';

/** The event was not processed and must be delivered again later. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/** How long a claim is held after the attempt's time is up: a dead attempt's claim is over by then. */
export const LEASE_MARGIN_MS = 5_000;

/** The lease of an attempt that has `remainingMs` to run (the function's timeout at most). */
export const leaseFor = (remainingMs: number | undefined) => Math.max(1_000, remainingMs ?? 10_000) + LEASE_MARGIN_MS;

/** Stripe waits longer than this between its retries anyway; it tells an EventBridge replayer the same. */
const MISSING_RETRY_SECONDS = 30;

export async function processStripeEvent(event: StripeEvent, leaseMs: number): Promise<Outcome> {
  if (!event?.id || !event.type) return 'ignored';
  const claim = await claimEvent(event.id, event.type, leaseMs);
  if (claim.kind === 'done') return 'duplicate';
  if (claim.kind === 'in-progress') throw new RetryLater('This event is being processed. Please deliver it again later.', claim.retryAfterSeconds);
  let outcome: string;
  try {
    outcome = await dispatch(event);
  } catch (error) {
    await releaseEvent(event.id, claim.token).catch(() => undefined);
    if (error instanceof PaymentTargetMissing) {
      log.warn('Stripe event given back for a later delivery', { eventId: event.id, type: event.type, reason: error.message });
      throw new RetryLater('The record this event is about does not exist yet. Please deliver it again later.', MISSING_RETRY_SECONDS);
    }
    throw error;
  }
  await completeEvent(event.id, claim.token, outcome);
  return outcome === 'ignored' ? 'ignored' : 'processed';
}

async function dispatch(event: StripeEvent): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object as CheckoutSession;
      const kind = kindOf(session.metadata);
      if (!kind || !session.metadata.orgId) return 'ignored';
      // Setup mode: a card saved, nothing paid (its SetupIntent says which card).
      if (session.mode === 'setup') return session.setup_intent ? cardSaved(session.setup_intent, event, session.id) : 'ignored';
      if (session.payment_status !== 'paid') return 'ignored'; // delayed methods: wait for async_payment_succeeded
      if (session.payment_intent) await rememberPayment(session.payment_intent, { kind, orgId: session.metadata.orgId, metadata: session.metadata });
      await CONSUMERS[kind].completed(session, event);
      return 'completed';
    }
    case 'checkout.session.expired': {
      const session = event.data.object as CheckoutSession;
      const kind = kindOf(session.metadata);
      const consumer = kind ? CONSUMERS[kind] : undefined;
      if (!consumer?.expired || !session.metadata.orgId) return 'ignored';
      await consumer.expired(session, event);
      return 'expired';
    }
    case 'charge.refunded': {
      const charge = event.data.object as { payment_intent?: string; amount: number; amount_refunded: number; metadata?: Record<string, string> };
      if (!charge.payment_intent) return 'ignored';
      // The payment is remembered when its session completes; a refund may come first, with the metadata.
      const kind = kindOf(charge.metadata);
      const ref = (await findPayment(charge.payment_intent)) ?? (kind && charge.metadata?.orgId ? { kind, orgId: charge.metadata.orgId, metadata: charge.metadata } : undefined);
      const consumer = ref && isPaymentKind(ref.kind) ? CONSUMERS[ref.kind] : undefined;
      if (!ref || !consumer?.refunded) return 'ignored';
      await consumer.refunded(ref, { paymentIntentId: charge.payment_intent, amount: charge.amount, amountRefunded: charge.amount_refunded, at: stripeTime(event.created) }, event);
      return 'refunded';
    }
    case 'refund.failed':
    case 'refund.updated':
    case 'charge.refund.updated':
      return refundFailed(event);
    case 'setup_intent.succeeded':
      return cardSaved((event.data.object as SetupIntent).id, event);
    case 'setup_intent.setup_failed': {
      const intent = event.data.object as SetupIntent;
      const kind = kindOf(intent.metadata);
      const consumer = kind ? CONSUMERS[kind] : undefined;
      if (!consumer?.setupFailed || !intent.metadata?.orgId) return 'ignored';
      await consumer.setupFailed(intent.metadata, intent.last_setup_error?.decline_code ?? intent.last_setup_error?.code ?? 'unknown', event);
      return 'setup_failed';
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
      // Off-session fees (domain/fees); Checkout's own payments are recorded from their sessions.
      return feeIntentEvent(event.data.object as PaymentIntent);
    default:
      return 'ignored';
  }
}

/**
 * A card saved in setup mode, reported by the session or by its SetupIntent (both come; either may be
 * first or duplicated): the SetupIntent is read back from Stripe with its card, and handed to the
 * consumer its metadata names once it has succeeded.
 */
async function cardSaved(setupIntentId: string, event: StripeEvent, sessionId?: string): Promise<string> {
  const intent = await retrieveSetupIntent(setupIntentId);
  const kind = kindOf(intent.metadata);
  const consumer = kind ? CONSUMERS[kind] : undefined;
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  if (!consumer?.cardSaved || !intent.metadata?.orgId || intent.status !== 'succeeded' || !method?.card || !intent.customer) return 'ignored';
  await consumer.cardSaved(
    { setupIntentId: intent.id, sessionId, metadata: intent.metadata, customerId: intent.customer, paymentMethodId: method.id, brand: method.card.brand, last4: method.card.last4 },
    event,
  );
  return 'card_saved';
}

/** A refund as its events carry it (the fields read here). */
interface StripeRefund {
  id: string;
  amount: number;
  currency: string;
  payment_intent?: string | null;
  status?: string | null;
  failure_reason?: string | null;
  metadata?: Record<string, string> | null;
  created?: number;
}

/**
 * A refund that failed or was cancelled after it was made (refund.failed; refund.updated and the older
 * charge.refund.updated with that status; any other update, a refund succeeding, changes nothing): handed
 * to the consumer of the payment it refunded, found as charge.refunded finds it. A failure of a refund
 * its charge.refunded has not recorded yet (Stripe does not promise their order) is handed back by the
 * consumer (PaymentTargetMissing: delivered again later) until it is recorded (domain/payments/refund-failed.ts).
 */
async function refundFailed(event: StripeEvent): Promise<string> {
  const refund = event.data.object as StripeRefund;
  if ((refund.status !== 'failed' && refund.status !== 'canceled') || !refund.payment_intent || !refund.id) return 'ignored';
  const metadata = refund.metadata ?? {};
  const kind = kindOf(metadata);
  const ref = (await findPayment(refund.payment_intent)) ?? (kind && metadata.orgId ? { kind, orgId: metadata.orgId, metadata } : undefined);
  const consumer = ref && isPaymentKind(ref.kind) ? CONSUMERS[ref.kind] : undefined;
  if (!ref || !consumer?.refundFailed) return 'ignored';
  await consumer.refundFailed(
    ref,
    { refundId: refund.id, paymentIntentId: refund.payment_intent, amount: refund.amount, currency: refund.currency, status: refund.status, reason: refund.failure_reason ?? 'unknown', metadata, createdAt: stripeTime(refund.created ?? event.created), failedAt: stripeTime(event.created) },
    event,
  );
  return 'refund_failed';
}
