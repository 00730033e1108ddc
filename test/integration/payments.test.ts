// The Stripe core over HTTP: the webhook verifies signatures, processes each event id once (a claim
// is a lease: one left by an attempt that died is taken over once the lease is over), and the local
// stand-in's checkout sends a signed event to the same handler.
import { describe, expect, inject, it } from 'vitest';
import { api } from '../support/api';
import { leaveClaimBehind, payLocalCheckout, sendStripeEvent, stripeEvent, stripeEventRecord as eventRecord } from '../support/stripe';

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

  it('answers 503 with Retry-After while another attempt holds the claim, and processes the event once that lease is over', async () => {
    const event = stripeEvent('checkout.session.completed', { id: 'cs_lease', payment_status: 'paid', metadata: { kind: 'nobody-consumes-this', orgId: 'o1' } });
    await leaveClaimBehind(event.id, event.type, Date.now() + 60_000);
    const during = await sendStripeEvent(event);
    expect(during.status).toBe(503);
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(await eventRecord(event.id)).toMatchObject({ status: 'processing', token: 'a-dead-attempt' });

    await leaveClaimBehind(event.id, event.type, Date.now() - 1);
    const after = await sendStripeEvent(event);
    expect(after.status).toBe(200);
    expect(after.body.data?.outcome).toBe('ignored');
    const done = await eventRecord(event.id);
    expect(done).toMatchObject({ status: 'done', outcome: 'ignored' });
    expect(done).not.toHaveProperty('leaseUntil');
    expect((await sendStripeEvent(event)).body.data?.outcome).toBe('duplicate');
  });

  it('takes over a claim left without a lease (written before claims had one)', async () => {
    const event = stripeEvent('checkout.session.expired', { id: 'cs_old_claim', metadata: { kind: 'nobody-consumes-this', orgId: 'o1' } });
    await leaveClaimBehind(event.id, event.type);
    const res = await sendStripeEvent(event);
    expect(res.status).toBe(200);
    expect(await eventRecord(event.id)).toMatchObject({ status: 'done', outcome: 'ignored' });
  });

  it('does not ask for redelivery forever when the organisation an event names is gone', async () => {
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_gone', payment_status: 'paid', amount_total: 4000, currency: 'usd', payment_intent: null, metadata: { kind: 'form-payment', orgId: 'no-such-org', paymentId: 'p1' },
    });
    const res = await sendStripeEvent(event);
    expect(res.status).toBe(200);
    expect(await eventRecord(event.id)).toMatchObject({ status: 'done' });
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
