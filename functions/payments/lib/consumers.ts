// Who handles the events of a Checkout Session, by the `kind` in its metadata. A feature that takes
// payments registers one consumer here. Consumers must be idempotent on their own too
// (conditional updates such as pending -> paid), although each event id reaches them once.
import type { CheckoutSession, StripeEvent } from '#lib/stripe';
import { formPaymentConsumer } from '../../forms/lib/payment-consumer';
import { bookingPaymentConsumer } from '../../bookings/lib/payment-consumer';

export interface PaymentRef {
  kind: string;
  orgId: string;
  metadata: Record<string, string>;
}

export interface PaymentConsumer {
  /** checkout.session.completed (and async_payment_succeeded) with payment_status paid. */
  completed(session: CheckoutSession, event: StripeEvent): Promise<void>;
  /** checkout.session.expired: the visitor did not pay in time. */
  expired?(session: CheckoutSession, event: StripeEvent): Promise<void>;
  /** charge.refunded: `amountRefunded` in cents, of `amount` in all. */
  refunded?(ref: PaymentRef, refund: { paymentIntentId: string; amount: number; amountRefunded: number }, event: StripeEvent): Promise<void>;
}

export const CONSUMERS: Record<string, PaymentConsumer> = {
  'form-payment': formPaymentConsumer,
  booking: bookingPaymentConsumer,
};
