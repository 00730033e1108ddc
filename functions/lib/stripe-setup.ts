// Stripe's setup mode (issue 36): a card saved for later charges without charging it now. A Customer
// per patient per clinic (./stripe.ts stripeRequest: the same retries and idempotency keys), a Checkout
// Session in mode=setup that saves the patient's card to it, and the reads of what was saved: the
// SetupIntent and its PaymentMethod (brand and last four digits, what a patient recognises).
import { stripeRequest as request, type CheckoutSession } from './stripe';

export interface StripeCustomer {
  id: string;
  email: string | null;
  metadata: Record<string, string>;
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'canceled' | 'succeeded';
  customer: string | null;
  /** An id, or the object when expanded. */
  payment_method: string | PaymentMethod | null;
  metadata: Record<string, string>;
  usage: string;
  last_setup_error?: { code?: string; decline_code?: string; message?: string } | null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: string;
  customer: string | null;
  card?: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
}

// Delete a Customer (erasing their patient): Stripe removes its name, email, phone and saved cards; the
// payments made stay on Stripe's books. One already deleted answers 404: done (a retried erase).
export async function deleteCustomer(id: string): Promise<void> {
  await request<unknown>('DELETE', `/v1/customers/${encodeURIComponent(id)}`, undefined, undefined, 'undefined');
}

// Create a Customer (the key makes a retried or concurrent creation answer the same one).
export function createCustomer(input: { email: string; name: string; phone?: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<StripeCustomer> {
  return request<StripeCustomer>('POST', '/v1/customers', { email: input.email, name: input.name, ...(input.phone ? { phone: input.phone } : {}), metadata: input.metadata }, input.idempotencyKey);
}

export interface SetupSessionInput {
  customerId: string;
  /** Lowercase ISO code: Checkout's setup mode asks for one (the package's). */
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** `kind` picks the consumer of the session's events; on the SetupIntent too, so its own events find their way. */
  metadata: { kind: string; orgId: string; [key: string]: string };
  /** What Checkout shows about why the card is saved. */
  description: string;
  expiresAt: number;
  idempotencyKey: string;
  locale?: string;
}

// Create a Checkout Session in setup mode: the patient's card is saved to the Customer for off-session
// charges (the fees they agreed to); nothing is charged now.
export function createSetupCheckoutSession(input: SetupSessionInput): Promise<CheckoutSession> {
  return request<CheckoutSession>(
    'POST',
    '/v1/checkout/sessions',
    {
      mode: 'setup',
      customer: input.customerId,
      currency: input.currency,
      payment_method_types: ['card'],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      ...(input.locale ? { locale: input.locale } : {}),
      metadata: input.metadata,
      setup_intent_data: { metadata: input.metadata, description: input.description.slice(0, 500) },
      expires_at: input.expiresAt,
    },
    input.idempotencyKey,
  );
}

// Read a SetupIntent with its PaymentMethod expanded (the card's brand and last four digits).
export function retrieveSetupIntent(id: string): Promise<SetupIntent> {
  return request<SetupIntent>('GET', `/v1/setup_intents/${encodeURIComponent(id)}?expand[]=payment_method`);
}
