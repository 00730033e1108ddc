// The Stripe core over HTTP: the webhook verifies signatures, processes each event id once, and the
// local stand-in's checkout sends a signed event to the same handler.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { testDb } from '../support/db';
import { payLocalCheckout, sendStripeEvent, stripeEvent } from '../support/stripe';

async function eventRecord(id: string) {
  const { client, table } = testDb();
  return (await client.send(new GetCommand({ TableName: table, Key: { pk: `STRIPE_EVENT#${id}`, sk: 'EVENT' }, ConsistentRead: true }))).Item;
}

describe('Stripe webhook', () => {
  it('refuses an unsigned request', async () => {
    const event = stripeEvent('checkout.session.completed', { id: 'cs_unsigned', payment_status: 'paid', metadata: { kind: 'x', orgId: 'o1' } });
    const res = await api('POST', '/payments/stripe/webhook', { body: event });
    expect(res.status).toBe(400);
    expect(await eventRecord(event.id)).toBeUndefined();
  });

  it('refuses a bad signature and records nothing', async () => {
    const event = stripeEvent('checkout.session.completed', { id: 'cs_x', metadata: {} });
    const res = await sendStripeEvent(event, 'whsec_wrong');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid Stripe signature.');
    expect(await eventRecord(event.id)).toBeUndefined();
  });

  it('processes an event id once: a replay changes nothing', async () => {
    const event = stripeEvent('checkout.session.completed', { id: 'cs_y', payment_status: 'paid', metadata: { kind: 'nobody-consumes-this', orgId: 'o1' } });
    const first = await sendStripeEvent(event);
    expect(first.status).toBe(200);
    expect(first.body.data?.outcome).toBe('ignored');
    const stored = await eventRecord(event.id);
    expect(stored).toMatchObject({ status: 'done', outcome: 'ignored' });
    const replay = await sendStripeEvent(event);
    expect(replay.status).toBe(200);
    expect(replay.body.data?.outcome).toBe('duplicate');
    expect(await eventRecord(event.id)).toEqual(stored);
  });

  it('the local checkout pays a session and delivers a signed completed event', async () => {
    const env = inject('stackEnv');
    Object.assign(process.env, env);
    const { createCheckoutSession } = await import('../../functions/lib/stripe');
    const session = await createCheckoutSession({
      amountCents: 2500, currency: 'usd', productName: 'Consultation',
      successUrl: `${inject('appUrl')}/done?session={CHECKOUT_SESSION_ID}`, cancelUrl: `${inject('appUrl')}/cancelled`,
      metadata: { kind: 'nobody-consumes-this', orgId: 'o1' },
    });
    expect(session.url).toBe(`${inject('appUrl')}/local/checkout/${session.id}`);
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('$25.00');
    expect(page).toContain('Consultation');
    const redirect = await payLocalCheckout(session.url);
    expect(redirect).toBe(`${inject('appUrl')}/done?session=${session.id}`);
    const res = await fetch(`${env.STRIPE_API_BASE}/v1/checkout/sessions/${session.id}`, { headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } });
    expect(await res.json()).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });
});
