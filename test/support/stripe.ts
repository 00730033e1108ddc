// Drive payments in tests as Stripe would: signed webhook events, and the local checkout page; and
// arrange what a crash leaves behind (an event claimed by an attempt that died).
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { inject } from 'vitest';
import { testDb } from './db';
import type { Json } from './json';

const signer = new Stripe('sk_test_signer_only');

/** The Checkout session id at the end of a checkout URL (the local stand-in's and Stripe's alike). */
export const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;

/** A Checkout session as the local stand-in holds it (the object of a checkout.session.* event). */
export async function stripeSession(id: string) {
  const env = inject('stackEnv');
  const res = await fetch(`${env.STRIPE_API_BASE}/v1/checkout/sessions/${id}`, { headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } });
  return (await res.json()) as Record<string, Json>;
}

export function webhookSecret(): string {
  return inject('stackEnv').STRIPE_WEBHOOK_SECRET;
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
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message: string; data?: { outcome: string } } };
}

/** What the server recorded of an event id (undefined: not claimed, or given back). */
export async function stripeEventRecord(id: string) {
  const { client, table } = testDb();
  return (await client.send(new GetCommand({ TableName: table, Key: { pk: `STRIPE_EVENT#${id}`, sk: 'EVENT' }, ConsistentRead: true }))).Item;
}

/**
 * The claim an attempt leaves when it dies between claiming an event and finishing it: 'processing'
 * under a lease until `leaseUntil` (epoch ms; omitted: a claim from before leases existed).
 */
export async function leaveClaimBehind(id: string, type: string, leaseUntil?: number) {
  const { client, table } = testDb();
  const claim = { pk: `STRIPE_EVENT#${id}`, sk: 'EVENT', type, status: 'processing', claimedAt: new Date().toISOString(), token: 'a-dead-attempt' };
  await client.send(new PutCommand({ TableName: table, Item: leaseUntil === undefined ? claim : { ...claim, leaseUntil } }));
}

/** Takes an item out of the table and gives a function that puts it back as it was (a record not written yet). */
export async function withhold(key: { pk: string; sk: string }): Promise<() => Promise<void>> {
  const { client, table } = testDb();
  const item = (await client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
  if (!item) throw new Error(`Nothing to withhold at ${key.pk} ${key.sk}`);
  await client.send(new DeleteCommand({ TableName: table, Key: key }));
  return async () => {
    await client.send(new PutCommand({ TableName: table, Item: item }));
  };
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

/**
 * Makes the local Stripe stand-in fail the next `count` requests whose path starts with `path` (all
 * paths when empty), of `orgId` when given, with `status`, optionally with a Stripe-Should-Retry header: the client must retry.
 */
export async function failStripeNext(options: { count?: number; status?: number; path?: string; shouldRetry?: boolean; orgId?: string } = {}) {
  const env = inject('stackEnv');
  const body = new URLSearchParams({ count: String(options.count ?? 1), status: String(options.status ?? 500), path: options.path ?? '' });
  if (options.shouldRetry !== undefined) body.set('should_retry', String(options.shouldRetry));
  // Only that organisation's requests (metadata[orgId]): other test files share the stand-in.
  if (options.orgId) body.set('org_id', options.orgId);
  const res = await fetch(`${env.STRIPE_API_BASE}/v1/__local/fail-next`, { method: 'POST', headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body });
  if (!res.ok) throw new Error(`The local Stripe stand-in refused fail-next: ${res.status}`);
}
