// The Stripe stand-in sends some events a moment after the answer that caused them (a refund's
// charge.refunded). Stopping it must stop those too: a delivery that outlived its stack ran (and
// retried on timers) after a test file's stack was gone, outside any test.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STRIPE_KEY, createLocalStripe, type LocalStripe } from './stripe';

let server: Server;
let appUrl: string;
let stripe: LocalStripe;
/** The event types the app's webhook received. */
const received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/payments/stripe/webhook') {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        received.push((JSON.parse(raw) as { type: string }).type);
        res.end('{}');
      });
      return;
    }
    const page = url.pathname.startsWith('/v1/') ? stripe.apiPage : stripe;
    void Promise.resolve(page.handle(req, res, url)).catch((error: Error) => {
      res.statusCode = 500;
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stripe = createLocalStripe({ appUrl, webhookSecret: 'whsec_test' });
});

afterAll(async () => {
  await stripe?.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { authorization: `Bearer ${LOCAL_STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe('the Stripe stand-in, stopped', () => {
  it("sends no event after its stop: a refund's charge.refunded, due a moment later, is dropped", async () => {
    const session = (await (
      await fetch(`${appUrl}/v1/checkout/sessions`, form({
        mode: 'payment', success_url: `${appUrl}/done`, cancel_url: `${appUrl}/cancel`,
        'line_items[0][quantity]': '1', 'line_items[0][price_data][currency]': 'usd', 'line_items[0][price_data][unit_amount]': '5000',
        'line_items[0][price_data][product_data][name]': 'Visit',
      }))
    ).json()) as { id: string };
    const paid = await fetch(`${appUrl}/local/checkout/${session.id}/pay`, { ...form({ email: 'pat@example.com' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(received).toEqual(['checkout.session.completed']);
    const { payment_intent } = (await (await fetch(`${appUrl}/v1/checkout/sessions/${session.id}`, { headers: { authorization: `Bearer ${LOCAL_STRIPE_KEY}` } })).json()) as { payment_intent: string };

    const refund = await fetch(`${appUrl}/v1/refunds`, form({ payment_intent }));
    expect(refund.status).toBe(200);
    await stripe.stop();
    // Well past the moment the event was due (50 ms), with room for a busy machine.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(received).toEqual(['checkout.session.completed']);
  });
});
