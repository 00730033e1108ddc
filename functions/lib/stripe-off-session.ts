// Charging a saved card without the cardholder (issue 36: no-show and late-cancellation fees): a
// PaymentIntent created and confirmed off-session, and, when the bank wants the cardholder to
// authenticate, a Checkout Session on the same Customer where they do so. Plain form-encoded calls
// through lib/stripe.ts (no SDK: the function budget). Every call carries the caller's idempotency key,
// so a retry or a second click at once gets Stripe's first answer, never a second charge.
import { stripeRequest, type CheckoutSession } from './stripe';

export interface PaymentIntent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  customer: string | null;
  metadata: Record<string, string>;
  last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
}

/** What became of an off-session charge: Stripe's answer, as our records tell it. */
export type OffSessionOutcome =
  | { outcome: 'succeeded'; intent: PaymentIntent }
  | { outcome: 'declined'; intent: PaymentIntent | null; message: string; code: string }
  | { outcome: 'authentication_required'; intent: PaymentIntent | null };

interface CardError {
  error?: { type?: string; code?: string; decline_code?: string; message?: string; payment_intent?: PaymentIntent };
}

/** Reads an intent (from an answer or an event) as an outcome: succeeded, waiting for the cardholder, or refused. */
export function outcomeOf(intent: PaymentIntent, error?: CardError['error']): OffSessionOutcome {
  const code = error?.code ?? intent.last_payment_error?.code ?? '';
  if (intent.status === 'succeeded') return { outcome: 'succeeded', intent };
  if (code === 'authentication_required' || intent.status === 'requires_action' || error?.decline_code === 'authentication_required') return { outcome: 'authentication_required', intent };
  return { outcome: 'declined', intent, code: code || 'card_declined', message: error?.message ?? intent.last_payment_error?.message ?? 'The card was declined.' };
}

// Charge `amountMinor` of `currency` to the customer's saved card, now, without them (off_session,
// confirm). A 402 is an answer (declined, or authentication wanted), not a failure.
export async function chargeSavedCard(input: {
  amountMinor: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}): Promise<OffSessionOutcome> {
  const answer = await stripeRequest<PaymentIntent & CardError>(
    'POST',
    '/v1/payment_intents',
    {
      amount: input.amountMinor,
      currency: input.currency,
      customer: input.customerId,
      payment_method: input.paymentMethodId,
      off_session: true,
      confirm: true,
      description: input.description,
      metadata: input.metadata,
    },
    input.idempotencyKey,
    undefined,
    'answer',
  );
  if (answer.error) {
    const intent = answer.error.payment_intent ?? null;
    if (intent) return outcomeOf(intent, answer.error);
    if (answer.error.code === 'authentication_required') return { outcome: 'authentication_required', intent: null };
    return { outcome: 'declined', intent: null, code: answer.error.code ?? 'card_declined', message: answer.error.message ?? 'The card was declined.' };
  }
  return outcomeOf(answer);
}

// A Checkout Session on the patient's Customer for a fee their bank wants them to confirm: they open
// it from the mail, see their saved card, authenticate and pay. Open for 24 hours (Stripe's longest).
export function openAuthenticationCheckout(input: {
  amountMinor: number;
  currency: string;
  customerId: string;
  productName: string;
  successUrl: string;
  cancelUrl: string;
  locale?: string;
  metadata: { kind: string; orgId: string; [key: string]: string };
  expiresAt: number;
  idempotencyKey: string;
}): Promise<CheckoutSession> {
  return stripeRequest<CheckoutSession>(
    'POST',
    '/v1/checkout/sessions',
    {
      mode: 'payment',
      customer: input.customerId,
      line_items: [{ quantity: 1, price_data: { currency: input.currency, unit_amount: input.amountMinor, product_data: { name: input.productName } } }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      ...(input.locale ? { locale: input.locale } : {}),
      metadata: input.metadata,
      payment_intent_data: { metadata: input.metadata },
      expires_at: input.expiresAt,
    },
    input.idempotencyKey,
  );
}
