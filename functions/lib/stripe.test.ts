import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { formEncode, verifyWebhookSignature } from './stripe';

const official = new Stripe('sk_test_x');
const secret = 'whsec_test_secret';
const payload = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } });

describe('Stripe webhook signatures', () => {
  it('accepts what the official SDK signs', () => {
    const header = official.webhooks.generateTestHeaderString({ payload, secret });
    expect(verifyWebhookSignature(payload, header, secret).id).toBe('evt_1');
  });

  it('refuses a changed payload, another secret, a missing header and an old signature', () => {
    const header = official.webhooks.generateTestHeaderString({ payload, secret });
    expect(() => verifyWebhookSignature(payload.replace('cs_1', 'cs_2'), header, secret)).toThrow('Invalid Stripe signature.');
    expect(() => verifyWebhookSignature(payload, header, 'whsec_other')).toThrow('Invalid Stripe signature.');
    expect(() => verifyWebhookSignature(payload, undefined, secret)).toThrow('Invalid Stripe signature.');
    const old = official.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => verifyWebhookSignature(payload, old, secret)).toThrow('Stripe signature is too old.');
  });
});

describe('Stripe form encoding', () => {
  it('nests keys in brackets and arrays by index, as Stripe expects', () => {
    const body = formEncode({ mode: 'payment', line_items: [{ quantity: 1, price_data: { unit_amount: 1250 } }], metadata: { kind: 'x' }, skip: undefined });
    expect(decodeURIComponent(body.toString())).toBe('mode=payment&line_items[0][quantity]=1&line_items[0][price_data][unit_amount]=1250&metadata[kind]=x');
  });
});
