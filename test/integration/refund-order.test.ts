// Stripe's refund events out of order around a refund that failed after it was made, on a stack of this
// file's own (as refund-failure-faults.test.ts). Stripe promises no order and retries a delivery for 3
// days: a charge.refunded created before a failure (its running total still counting the failed refund)
// can come first after the failure's correction, and a failure can come before the charge.refunded that
// recorded its refund while an older refund is recorded. The events are sent signed by the test with
// Stripe's times (`created`, whole seconds) as Stripe would have created them; the last test runs the
// ordinary order through the local Stripe stand-in (its refunds and its failure).
// Checked each time: the record's refunds, the report's refunded money, the payment.refunded webhooks
// an endpoint receives, and the failure's audit entry.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DateTime } from 'luxon';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEventBody } from '#shared/webhooks/schemas';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { api, uniqueEmail, uniquePhone, signUpOwner } from '../support/api';
import { eventually } from '../support/eventually';
import { payLocalCheckout } from '../support/stripe';
import type { Json } from '../support/json';

const ZONE = 'America/New_York';
const signer = new Stripe('sk_test_signer_only');
/** Time for a webhook or notice to arrive, if one were (wrongly) sent: the outbox sends within about a second. */
const SETTLE_MS = 2500;

let stack: LocalStack;
let owner: { token: string; orgId: string };
let apiKey: string;
let packageId: string;
let form: { id: string; packageId: string };
let slot = 0;
let hooks: Server;
const received: WebhookEventBody[] = [];

const call = (method: string, path: string, options: { body?: unknown; token?: string } = {}) => api(method, path, { ...options, apiUrl: `${stack.url}/api` });
const stripe = async (path: string, body: Record<string, string> = {}) =>
  (await (await fetch(`${stack.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() })).json()) as Record<string, Json>;

/** Stripe's event of `type` created at `created` (epoch seconds), signed with the stack's secret, POSTed to the webhook route. */
async function send(type: string, object: Record<string, unknown>, created: number) {
  const payload = JSON.stringify({ id: `evt_test_${randomUUID()}`, object: 'event', type, created, livemode: false, data: { object } });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: stack.env.STRIPE_WEBHOOK_SECRET });
  const res = await fetch(`${stack.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  return { status: res.status, body: (await res.json()) as { message: string; data?: { outcome?: string } } };
}


beforeAll(async () => {
  stack = await startLocalStack({ inMemory: true, port: 0, sesPort: 0, quiet: true });
  owner = await signUpOwner('refundorder', undefined, {}, stack);
  apiKey = (await call('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
  const hours = [{ start: '08:00', end: '18:00' }];
  const weeklyHours = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
  expect((await call('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours, slotMinutes: 60, capacity: 5, closedDates: [], maxDaysAhead: 400 } })).status).toBe(200);
  const pkg = await call('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 49.5 } });
  expect(pkg.status, pkg.body.message).toBe(201);
  packageId = pkg.body.data.id;
  const formPackage = (await call('POST', '/packages', { token: owner.token, body: { name: 'Assessment', price: 40, isPayable: true } })).body.data.id as string;
  const made = await call('POST', '/form-builder/form', { token: owner.token, body: { name: 'Intake', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }], packageIds: [formPackage] } });
  expect(made.status, made.body.message).toBe(201);
  form = { id: made.body.data.id, packageId: formPackage };
  // An endpoint for payment.refunded: what the clinic's systems are told.
  hooks = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push(JSON.parse(raw) as WebhookEventBody);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => hooks.listen(0, '127.0.0.1', r));
  const hook = await call('POST', '/organization/webhooks', { token: owner.token, body: { url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`, events: ['payment.refunded'], description: 'Refunds' } });
  expect(hook.status, hook.body.message).toBe(201);
}, 120_000);

afterAll(async () => {
  hooks?.close();
  await stack?.stop();
}, 30_000);

type Booking = { id: string; status: string; paymentStatus: string; refundedCents: number | null; paymentIntentId: string };
const bookingOf = async (id: string) => (await call('GET', `/bookings/booking/${id}`, { token: owner.token })).body.data as Booking;
const paymentOf = async (id: string) => (await call('GET', `/payment/submission/${id}`, { token: owner.token })).body.data as { status: string; refundedCents: number | null; paymentIntentId: string };

/** A booking paid on the stand-in's checkout ($49.50), and its payment intent. */
async function paidBooking() {
  const day = DateTime.now().setZone(ZONE).plus({ days: 3 + Math.floor(slot / 9) }).toISODate()!;
  const held = await call('POST', '/bookings/create-booking', {
    body: { firstName: 'Pat', lastName: 'Patient', email: uniqueEmail('refundorder'), phoneNumber: uniquePhone(), apiKey, packageId, bookingDate: day, bookingTime: `${String(8 + (slot++ % 9)).padStart(2, '0')}:00` },
  });
  expect(held.status, held.body.message).toBe(201);
  const id = held.body.data.bookingId as string;
  expect(await payLocalCheckout(held.body.data.checkoutUrl)).toContain('payment=success');
  const paid = await eventually(async () => {
    const b = await bookingOf(id);
    return b.paymentStatus === 'paid' ? b : undefined;
  }, 'the booking paid');
  return { id, intent: paid.paymentIntentId, charge: (amountRefunded: number) => ({ id: `ch_${id}`, object: 'charge', payment_intent: paid.paymentIntentId, amount: 4950, amount_refunded: amountRefunded, metadata: { kind: 'booking', orgId: owner.orgId, bookingId: id } }) };
}

/** A form payment paid on the stand-in's checkout ($40.00), and its payment intent. */
async function paidFormPayment() {
  const email = uniqueEmail('refundorderpayer');
  const submitted = await call('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, packageId: form.packageId, items: [{ fieldId: 'email', value: email }] } });
  expect(submitted.status, submitted.body.message).toBe(201);
  const submissionId = submitted.body.data.submissionId as string;
  const opened = await call('POST', '/leads/payments/session', { body: { formId: form.id, apiKey, packageId: form.packageId, submissionId, currency: 'usd' } });
  expect(opened.status, opened.body.message).toBe(201);
  const id = opened.body.data.paymentId as string;
  await payLocalCheckout(opened.body.data.url, email);
  const paid = await eventually(async () => {
    const p = await paymentOf(id);
    return p?.status === 'paid' ? p : undefined;
  }, 'the form payment paid');
  const metadata = { kind: 'form-payment', orgId: owner.orgId, paymentId: id, formId: form.id, submissionId };
  return { id, intent: paid.paymentIntentId, charge: (amountRefunded: number) => ({ id: `ch_${id}`, object: 'charge', payment_intent: paid.paymentIntentId, amount: 4000, amount_refunded: amountRefunded, metadata }) };
}

/** A refund of `intent` as its failure event carries it: made at `created` (epoch seconds). */
const failedRefund = (intent: string, amount: number, created: number) =>
  ({ id: `re_${randomUUID()}`, object: 'refund', amount, currency: 'usd', payment_intent: intent, status: 'failed', failure_reason: 'declined', metadata: {}, created });

/** The report's refunded money over the days around today. */
async function refundedMoney() {
  const day = (d: number) => DateTime.now().setZone(ZONE).plus({ days: d }).toISODate();
  const res = await call('GET', `/reports?from=${day(-1)}&to=${day(1)}`, { token: owner.token });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data.weeks as { revenue?: Record<string, { refunded: number }> }[]).reduce((sum, w) => sum + (w.revenue?.usd?.refunded ?? 0), 0);
}

/** The refunded totals of `intent` the endpoint was told (payment.refunded), smallest first, once the outbox had time to send any more. */
async function refundHooks(intent: string, atLeast: number) {
  await eventually(() => (received.filter((e) => e.type === 'payment.refunded' && e.data.object.id === intent).length >= atLeast ? true : undefined), `${atLeast} payment.refunded`);
  await sleep(SETTLE_MS);
  return received.filter((e) => e.type === 'payment.refunded' && e.data.object.id === intent).map((e) => e.data.object.refundedCents as number).sort((a, b) => a - b);
}

/** The audit entries of a refund failure about record `id`. */
async function failureAudit(id: string) {
  const audit = (await call('GET', '/logs?limit=100', { token: owner.token })).body.data.items as { recordId: string; summary: string }[];
  return audit.filter((e) => e.recordId === id && / failed in Stripe /.test(e.summary)).map((e) => e.summary);
}

const processed = (res: Awaited<ReturnType<typeof send>>) => {
  expect(res.status, res.body.message).toBe(200);
  return res.body.data?.outcome;
};

// Paid $49.50 (a booking) or $40.00 (a form payment). Refund A $20.00, refund B $15.00, B fails; t0 is
// when A was made, B is made 10 s later and fails 10 s after that.
const T0 = () => Math.floor(Date.now() / 1000) - 600;

describe('a booking', () => {
  it('a charge.refunded from before a failure, delivered after its correction, does not count the failed refund again (and still brings the refund it carries)', async () => {
    const b = await paidBooking();
    const money = await refundedMoney();
    const t0 = T0();
    expect(processed(await send('charge.refunded', b.charge(2000), t0))).toBe('processed');
    expect(processed(await send('charge.refunded', b.charge(3500), t0 + 10))).toBe('processed');
    expect(processed(await send('refund.failed', failedRefund(b.intent, 1500, t0 + 10), t0 + 20))).toBe('processed');
    expect(await bookingOf(b.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 2000 });

    // B's total (3500, from before the failure) sent again, and refund C ($5.00, made before B failed:
    // its total 4000 still counts B) delivered only now: nothing of B counted again, C recorded.
    expect(processed(await send('charge.refunded', b.charge(3500), t0 + 10))).toBe('processed');
    expect((await bookingOf(b.id)).refundedCents).toBe(2000);
    expect(processed(await send('charge.refunded', b.charge(4000), t0 + 15))).toBe('processed');
    expect(await bookingOf(b.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 2500 });
    expect(await refundedMoney()).toBe(money + 2500);
    expect(await refundHooks(b.intent, 3)).toEqual([2000, 2500, 3500]);
    expect(await failureAudit(b.id)).toEqual([expect.stringMatching(/\$15\.00 no longer counted as refunded$/)]);
  }, 30_000);

  it('a failure before the charge.refunded of its refund, while an older refund is recorded: handed back until that one comes', async () => {
    const b = await paidBooking();
    const money = await refundedMoney();
    const t0 = T0();
    expect(processed(await send('charge.refunded', b.charge(2000), t0))).toBe('processed');
    // The record counts $20.00, more than B's $15.00, but from before B was made: B is not in it.
    const failed = failedRefund(b.intent, 1500, t0 + 10);
    expect((await send('refund.failed', failed, t0 + 20)).status).toBe(503);
    expect((await bookingOf(b.id)).refundedCents).toBe(2000);
    expect(processed(await send('charge.refunded', b.charge(3500), t0 + 10))).toBe('processed');
    expect(processed(await send('refund.failed', failed, t0 + 20))).toBe('processed');
    expect(await bookingOf(b.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 2000 });
    expect(await refundedMoney()).toBe(money + 2000);
    expect(await failureAudit(b.id)).toEqual([expect.stringMatching(/\$15\.00 no longer counted as refunded$/)]);
  }, 30_000);

  it('a total from after the failure recorded before it: the failure corrects nothing, and the older total adds nothing', async () => {
    const b = await paidBooking();
    const money = await refundedMoney();
    const t0 = T0();
    expect(processed(await send('charge.refunded', b.charge(2000), t0))).toBe('processed');
    // Refund C ($5.00) made after B failed: Stripe's total without B, 2500.
    expect(processed(await send('charge.refunded', b.charge(2500), t0 + 30))).toBe('processed');
    expect(processed(await send('refund.failed', failedRefund(b.intent, 1500, t0 + 10), t0 + 20))).toBe('processed');
    expect(processed(await send('charge.refunded', b.charge(3500), t0 + 10))).toBe('processed');
    expect(await bookingOf(b.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 2500 });
    expect(await refundedMoney()).toBe(money + 2500);
    expect(await refundHooks(b.intent, 2)).toEqual([2000, 2500]);
    expect(await failureAudit(b.id)).toEqual([expect.stringMatching(/it was never counted as refunded here$/)]);
  }, 30_000);

  it('a newer total lower than the record (a failure not recorded yet) waits for that failure, then adds what it carries', async () => {
    const b = await paidBooking();
    const money = await refundedMoney();
    const t0 = T0();
    expect(processed(await send('charge.refunded', b.charge(3500), t0 + 10))).toBe('processed');
    expect((await send('charge.refunded', b.charge(2500), t0 + 30))).toMatchObject({ status: 503 });
    expect(processed(await send('refund.failed', failedRefund(b.intent, 1500, t0 + 10), t0 + 20))).toBe('processed');
    expect((await bookingOf(b.id)).refundedCents).toBe(2000);
    expect(processed(await send('charge.refunded', b.charge(2500), t0 + 30))).toBe('processed');
    expect((await bookingOf(b.id)).refundedCents).toBe(2500);
    expect(await refundedMoney()).toBe(money + 2500);
  }, 30_000);
});

describe('a form payment', () => {
  it('a charge.refunded from before a failure, delivered after its correction, does not count the failed refund again; a later refund to the same total is recorded', async () => {
    const p = await paidFormPayment();
    const money = await refundedMoney();
    const t0 = T0();
    expect(processed(await send('charge.refunded', p.charge(1000), t0))).toBe('processed');
    expect(processed(await send('charge.refunded', p.charge(2500), t0 + 10))).toBe('processed');
    expect(processed(await send('refund.failed', failedRefund(p.intent, 1500, t0 + 10), t0 + 20))).toBe('processed');
    expect(await paymentOf(p.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 1000 });
    expect(processed(await send('charge.refunded', p.charge(2500), t0 + 10))).toBe('processed');
    expect(await paymentOf(p.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 1000 });
    expect(await refundedMoney()).toBe(money + 1000);
    expect(await failureAudit(p.id)).toEqual([expect.stringMatching(/\$15\.00 no longer counted as refunded$/)]);

    // Staff refund the $15.00 another way in Stripe (refund C, after the failure): the total is 2500 again, recorded.
    expect(processed(await send('charge.refunded', p.charge(2500), t0 + 40))).toBe('processed');
    expect(await paymentOf(p.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 2500 });
    expect(await refundedMoney()).toBe(money + 2500);
    expect(await refundHooks(p.intent, 3)).toEqual([1000, 2500, 2500]);
  }, 30_000);

  it('a total from after the failure recorded before it: the failure corrects nothing, and the older total adds nothing', async () => {
    const p = await paidFormPayment();
    const money = await refundedMoney();
    const t0 = T0();
    expect(processed(await send('charge.refunded', p.charge(1000), t0))).toBe('processed');
    // Refund C ($5.00) made after B failed: Stripe's total without B, 1500.
    expect(processed(await send('charge.refunded', p.charge(1500), t0 + 30))).toBe('processed');
    expect(processed(await send('refund.failed', failedRefund(p.intent, 1500, t0 + 10), t0 + 20))).toBe('processed');
    expect(processed(await send('charge.refunded', p.charge(2500), t0 + 10))).toBe('processed');
    expect(await paymentOf(p.id)).toMatchObject({ status: 'partially_refunded', refundedCents: 1500 });
    expect(await refundedMoney()).toBe(money + 1500);
    expect(await failureAudit(p.id)).toEqual([expect.stringMatching(/it was never counted as refunded here$/)]);
  }, 30_000);
});

describe('the ordinary order, through the Stripe stand-in', () => {
  it('refunds recorded as they come; a failure corrected once; the failed refund\'s own event sent again adds nothing', async () => {
    const b = await paidBooking();
    const money = await refundedMoney();
    const first = await stripe('/v1/refunds', { payment_intent: b.intent, amount: '2000' });
    await eventually(async () => ((await bookingOf(b.id)).refundedCents === 2000 ? true : undefined), 'refund A recorded');
    const second = await stripe('/v1/refunds', { payment_intent: b.intent, amount: '1500' });
    await eventually(async () => ((await bookingOf(b.id)).refundedCents === 3500 ? true : undefined), 'refund B recorded');
    expect(first.status).toBe('succeeded');
    // B fails at the stand-in: it sends refund.updated and refund.failed.
    expect((await stripe(`/v1/__local/refunds/${String(second.id)}/fail`)).status).toBe('failed');
    await eventually(async () => ((await bookingOf(b.id)).refundedCents === 2000 ? true : undefined), 'refund B corrected');
    // B's charge.refunded, as the stand-in sent it when B was made, delivered once more (another delivery path).
    expect(processed(await send('charge.refunded', b.charge(3500), Number(second.created)))).toBe('processed');
    await sleep(SETTLE_MS);
    expect(await bookingOf(b.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 2000 });
    expect(await refundedMoney()).toBe(money + 2000);
    expect(await refundHooks(b.intent, 2)).toEqual([2000, 3500]);
    expect(await failureAudit(b.id)).toHaveLength(1);
  }, 40_000);
});
