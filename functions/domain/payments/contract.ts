// What a feature that takes payments implements to receive the events of its Checkout sessions, and
// the kinds of payment there are (the `kind` in a session's metadata). Kept apart from the registry
// (consumers.ts), so the consumers import this and the registry imports them: no cycle.
import type { CheckoutSession, StripeEvent } from '#lib/stripe';
import type { PaymentRef } from '../../data/stripe-events';

// Defined with the records that store them (the data layer does not import handlers).
export { PAYMENT_KINDS, isPaymentKind, type PaymentKind, type PaymentRef } from '../../data/stripe-events';

export interface Refund {
  paymentIntentId: string;
  /** Cents charged in all, and refunded so far (Stripe's running total). */
  amount: number;
  amountRefunded: number;
  /** Stripe's time of the total (the event's created, epoch ms): refund-order.ts reads it as of then. */
  at: number;
}

/**
 * A refund that failed after it was made (refund.failed, or refund.updated to 'failed' or 'canceled'):
 * the money never reached the patient and is back with the clinic, while charge.refunded had already
 * reported it refunded. `metadata` is the refund's own (ours name the booking a share or a visit's refund
 * was for; one made in Stripe's dashboard has none).
 */
export interface FailedRefund {
  refundId: string;
  paymentIntentId: string;
  /** Cents of this refund. */
  amount: number;
  currency: string;
  status: 'failed' | 'canceled';
  /** Stripe's failure_reason (lost_or_stolen_card, expired_or_canceled_card, ...), 'unknown' when none. */
  reason: string;
  metadata: Record<string, string>;
  /** When the refund was made (epoch ms; the event's time when Stripe gives none): its charge.refunded can come until Stripe stops retrying it. */
  createdAt: number;
  /** When it failed (the failure event's created, epoch ms): charge.refunded events from before it still count it. */
  failedAt: number;
}

/** A card saved in Stripe's setup mode: the SetupIntent's metadata (the session's), and the card. */
export interface SavedSetup {
  setupIntentId: string;
  /** The Checkout Session that saved it (absent when reported by setup_intent.succeeded alone). */
  sessionId?: string;
  metadata: Record<string, string>;
  customerId: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
}

/**
 * A feature's handling of its sessions' events. Each change must be a guarded move whose side effects
 * (mails, staff notices) are outbox rows with ids derived from the change, in the same transaction:
 * one session may arrive under several event ids at once, and each must change things at most once.
 */
export interface PaymentConsumer {
  /** checkout.session.completed (and async_payment_succeeded) with payment_status paid. */
  completed: (session: CheckoutSession, event: StripeEvent) => Promise<void>;
  /** checkout.session.expired: the visitor did not pay in time. */
  expired?: (session: CheckoutSession, event: StripeEvent) => Promise<void>;
  /** charge.refunded. */
  refunded?: (ref: PaymentRef, refund: Refund, event: StripeEvent) => Promise<void>;
  /** A refund of this payment failed (FailedRefund): what was recorded as refunded corrected, staff told, once per refund id. */
  refundFailed?: (ref: PaymentRef, refund: FailedRefund, event: StripeEvent) => Promise<void>;
  /** A card saved in setup mode (checkout.session.completed with mode setup, setup_intent.succeeded): both may come, in any order. */
  cardSaved?: (setup: SavedSetup, event: StripeEvent) => Promise<void>;
  /** setup_intent.setup_failed: the card was refused (the patient may try another in the same Checkout). */
  setupFailed?: (metadata: Record<string, string>, reason: string, event: StripeEvent) => Promise<void>;
}

/**
 * Thrown by a consumer when the record an event names does not exist (yet) while its organisation
 * does: the event is not marked processed, and its sender is told to deliver it again later.
 */
export class PaymentTargetMissing extends Error {
  constructor(what: string) {
    super(`${what} does not exist yet`);
    this.name = 'PaymentTargetMissing';
  }
}
