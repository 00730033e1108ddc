// Domain: payments. The payment contract a feature implements (contract), the registry of consumers by
// the session's kind (consumers) and the checks of a paid amount (amounts). A new feature that takes
// payments adds a kind in contract.ts, its consumer in its own context, and one line here.
//
// Who handles the events of a Checkout Session, by the `kind` in its metadata. A feature that takes
// payments adds its kind to PAYMENT_KINDS (contract.ts) and its consumer here.
import { formPaymentConsumer } from '#domain/forms/payment-consumer';
import { bookingPaymentConsumer } from '#domain/bookings/payment-consumer';
import { feePaymentConsumer } from '#domain/fees/events';
import { seriesPaymentConsumer } from '#domain/series/payment-consumer';
import { isPaymentKind, type PaymentConsumer, type PaymentKind } from './contract';

export const CONSUMERS: Record<PaymentKind, PaymentConsumer> = {
  'form-payment': formPaymentConsumer,
  booking: bookingPaymentConsumer,
  fee: feePaymentConsumer,
  series: seriesPaymentConsumer,
};

/** The payment kind a session's metadata names, if it is one of ours. */
export function kindOf(metadata: Record<string, string> | undefined): PaymentKind | undefined {
  const kind = metadata?.kind;
  return isPaymentKind(kind) ? kind : undefined;
}
