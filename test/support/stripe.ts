// Drive payments in tests as Stripe would: signed webhook events, and the local checkout page.
import Stripe from 'stripe';
import { inject } from 'vitest';

const signer = new Stripe('sk_test_signer_only');

export function webhookSecret(): string {
  return inject('stackEnv').STRIPE_WEBHOOK_SECRET!;
}

export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
}

/** POSTs an event to the webhook route, signed with the stack's secret (or `secret`). */
export async function sendStripeEvent(event: unknown, secret = webhookSecret()) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${inject('apiUrl')}/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { message: string; data?: { outcome: string } } };
}

/** Pays a session on the local checkout page (as the visitor's browser would) and returns where it redirects. */
export async function payLocalCheckout(checkoutUrl: string, email = 'payer@example.com'): Promise<string | null> {
  const res = await fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name: 'Pat Payer' }).toString(),
    redirect: 'manual',
  });
  return res.headers.get('location');
}

/** Expires an open session through the stand-in's API, as Stripe does when its time runs out. */
export async function expireLocalCheckout(sessionId: string) {
  const env = inject('stackEnv');
  const res = await fetch(`${env.STRIPE_API_BASE}/v1/checkout/sessions/${sessionId}/expire`, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
  });
  return res.status;
}
