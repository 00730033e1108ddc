// A refund that fails after it was made (Stripe's refund.failed / refund.updated), under faults and out
// of order, on a stack of this file's own (its DynamoDB Local is paused here, which must never stall the
// shared stack of the other files). A single booking paid through the local Stripe stand-in, its refund
// made there (whose charge.refunded the stand-in sends); the failure's events are sent signed by the test:
// - refund.failed before its charge.refunded (Stripe does not promise the order): handed back (503) with
//   nothing written (no marker, audit entry or notice); delivered again once charge.refunded recorded the
//   refund, it corrects it once. A refund made longer ago than Stripe retries its charge.refunded and
//   still not counted is recorded at once with nothing to correct (no endless retry);
// - DynamoDB Local paused (SIGSTOP) inside the correction, between its reads, or right after its write:
//   the delivery fails (503), nothing is half-written (the correction, its marker, audit entry and notice
//   all there or none), and the event delivered again after SIGCONT corrects exactly once;
// - the failure's events delivered at once (refund.failed twice and refund.updated): corrected once.
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { ddb as handlersDb } from '../../functions/data/dynamo';
import { api, uniqueEmail, uniquePhone, signUpOwner } from '../support/api';
import { eventually } from '../support/eventually';
import { payLocalCheckout } from '../support/stripe';
import type { Json } from '../support/json';
import { pauseProcess, resumeProcess } from '../support/pause';

const ZONE = 'America/New_York';
const signer = new Stripe('sk_test_signer_only');

let stack: LocalStack;
let db: DynamoDBDocumentClient;
let owner: { token: string; orgId: string };
let apiKey: string;
let packageId: string;
let slot = 0;

/**
 * What the handlers' DynamoDB client does around a call (they run in this process): `before` runs ahead
 * of a call, `after` once it answered; each says itself whether the call is the one it waits for.
 */
let before: ((input: string) => Promise<void> | void) | undefined;
let after: ((input: string) => Promise<void> | void) | undefined;

const call = (method: string, path: string, options: { body?: unknown; token?: string } = {}) => api(method, path, { ...options, apiUrl: `${stack.url}/api` });
const stripe = async (path: string, body: Record<string, string>) =>
  (await (await fetch(`${stack.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() })).json()) as Record<string, Json>;

/** Stripe's event, signed with the stack's secret, POSTed to the webhook route; `created` in epoch seconds. */
const event = (type: string, object: Record<string, unknown>, id = `evt_test_${randomUUID()}`) => ({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
async function send(e: ReturnType<typeof event>) {
  const payload = JSON.stringify(e);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: stack.env.STRIPE_WEBHOOK_SECRET });
  const res = await fetch(`${stack.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  return { status: res.status, body: (await res.json()) as { message: string; data?: { outcome?: string } } };
}


beforeAll(async () => {
  stack = await startLocalStack({ inMemory: true, port: 0, sesPort: 0, quiet: true });
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB, region: stack.env.AWS_REGION, credentials: { accessKeyId: stack.env.AWS_ACCESS_KEY_ID, secretAccessKey: stack.env.AWS_SECRET_ACCESS_KEY } }));
  handlersDb.middlewareStack.add((next) => async (args) => {
    const input = JSON.stringify(args.input);
    await before?.(input);
    const out = await next(args);
    await after?.(input);
    return out;
  }, { step: 'initialize', name: 'refundFaultsHook' });
  owner = await signUpOwner('refundfaults', undefined, {}, stack);
  apiKey = (await call('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
  const hours = [{ start: '08:00', end: '18:00' }];
  const weeklyHours = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
  expect((await call('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours, slotMinutes: 60, capacity: 5, closedDates: [], maxDaysAhead: 400 } })).status).toBe(200);
  const pkg = await call('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 49.5 } });
  expect(pkg.status, pkg.body.message).toBe(201);
  packageId = pkg.body.data.id;
}, 120_000);

afterAll(async () => {
  before = undefined;
  after = undefined;
  handlersDb.middlewareStack.remove('refundFaultsHook');
  resumeProcess(stack?.dynamoDbPid());
  await stack?.stop();
}, 30_000);

type Booking = { id: string; status: string; paymentStatus: string; refundedCents: number | null; paymentIntentId: string };
const bookingOf = async (id: string) => (await call('GET', `/bookings/booking/${id}`, { token: owner.token })).body.data as Booking;

/** A booking paid on the stand-in's checkout ($49.50), and its payment intent. */
async function paidBooking() {
  const day = DateTime.now().setZone(ZONE).plus({ days: 3 + Math.floor(slot / 9) }).toISODate()!;
  const held = await call('POST', '/bookings/create-booking', {
    body: { firstName: 'Pat', lastName: 'Patient', email: uniqueEmail('refundfaults'), phoneNumber: uniquePhone(), apiKey, packageId, bookingDate: day, bookingTime: `${String(8 + (slot++ % 9)).padStart(2, '0')}:00` },
  });
  expect(held.status, held.body.message).toBe(201);
  const id = held.body.data.bookingId as string;
  expect(await payLocalCheckout(held.body.data.checkoutUrl)).toContain('payment=success');
  const paid = await eventually(async () => {
    const b = await bookingOf(id);
    return b.paymentStatus === 'paid' ? b : undefined;
  }, 'the booking paid');
  return { id, intent: paid.paymentIntentId };
}

/** $15.00 of the booking refunded at the stand-in, recorded from the charge.refunded it sends; the refund as failed. */
async function refundedBooking() {
  const booking = await paidBooking();
  const refund = await stripe('/v1/refunds', { payment_intent: booking.intent, amount: '1500' });
  await eventually(async () => ((await bookingOf(booking.id)).refundedCents === 1500 ? true : undefined), 'the refund recorded');
  return { ...booking, failed: { ...refund, id: String(refund.id), status: 'failed', failure_reason: 'expired_or_canceled_card' } };
}

/** The report's refunded money over the days around today. */
async function refundedMoney() {
  const day = (d: number) => DateTime.now().setZone(ZONE).plus({ days: d }).toISODate();
  const res = await call('GET', `/reports?from=${day(-1)}&to=${day(1)}`, { token: owner.token });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data.weeks as { revenue?: Record<string, { refunded: number }> }[]).reduce((sum, w) => sum + (w.revenue?.usd?.refunded ?? 0), 0);
}

/** What the failure of `refundId` wrote about booking `bookingId`: its marker, staff notice and audit entries. */
async function failureWritten(refundId: string, bookingId: string) {
  const get = async (pk: string, sk: string) => (await db.send(new GetCommand({ TableName: stack.env.TABLE_NAME, Key: { pk, sk }, ConsistentRead: true }))).Item;
  const audit = (await call('GET', '/logs?limit=100', { token: owner.token })).body.data.items as { recordId: string; summary: string }[];
  return {
    marker: Boolean(await get(`STRIPE_REFUND#${refundId}`, 'FAILED')),
    notice: Boolean(await get(`OUTBOX#refund-failed-${refundId}`, 'MESSAGE')),
    audit: audit.filter((e) => e.recordId === bookingId && / failed in Stripe /.test(e.summary)).map((e) => e.summary),
  };
}

/** Corrected exactly once: the booking paid and not refunded, the report's refunded money back to 0, one audit entry, the notice. */
async function expectCorrectedOnce(b: { id: string; failed: { id: string } }) {
  expect(await bookingOf(b.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', refundedCents: 0 });
  const written = await failureWritten(b.failed.id, b.id);
  expect(written).toMatchObject({ marker: true, notice: true });
  expect(written.audit).toHaveLength(1);
  expect(written.audit[0]).toMatch(/failed in Stripe \(the card has expired or was cancelled\): \$15\.00 no longer counted as refunded$/);
}

/** The claim a delivery cut off by the deadline left (if any) is over, as it is by the time Stripe delivers again. */
async function claimOver(eventId: string) {
  await db.send(new UpdateCommand({
    TableName: stack.env.TABLE_NAME, Key: { pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' },
    UpdateExpression: 'SET leaseUntil = :past', ConditionExpression: '#status = :processing',
    ExpressionAttributeNames: { '#status': 'status' }, ExpressionAttributeValues: { ':past': Date.now() - 1, ':processing': 'processing' },
  })).catch(() => undefined); // done or given back already: nothing to end
}

/** Runs `delivery` with DynamoDB Local paused once `pauseWhen` says so, and goes on once it has answered. */
async function withDynamoPaused<T>(hook: 'before' | 'after', pauseWhen: (input: string) => boolean, delivery: () => Promise<T>): Promise<T> {
  const pid = stack.dynamoDbPid()!;
  let paused = false;
  const pause = async (input: string) => {
    if (paused || !pauseWhen(input)) return;
    paused = true;
    // The handler goes on only once DynamoDB Local is stopped (pauseProcess says why).
    await pauseProcess(pid);
  };
  if (hook === 'before') before = pause;
  else after = pause;
  try {
    return await delivery();
  } finally {
    before = undefined;
    after = undefined;
    process.kill(pid, 'SIGCONT');
    expect(paused).toBe(true);
  }
}

describe('a refund.failed before its charge.refunded', () => {
  it('is handed back with nothing written, and corrects the refund once charge.refunded recorded it', async () => {
    const b = await paidBooking();
    const failed = { id: `re_early_${randomUUID()}`, object: 'refund', amount: 1500, currency: 'usd', payment_intent: b.intent, status: 'failed', failure_reason: 'expired_or_canceled_card', metadata: {}, created: Math.floor(Date.now() / 1000) };
    const early = event('refund.failed', failed);
    const first = await send(early);
    expect(first.status, first.body.message).toBe(503);
    expect(await failureWritten(failed.id, b.id)).toEqual({ marker: false, notice: false, audit: [] });
    expect(await bookingOf(b.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: null });

    // charge.refunded comes (its running total with this refund, created by Stripe when the refund was
    // made, before its failure): recorded; then refund.failed again.
    const charge = { id: `ch_${randomUUID()}`, object: 'charge', payment_intent: b.intent, amount: 4950, amount_refunded: 1500, metadata: { kind: 'booking', orgId: owner.orgId, bookingId: b.id } };
    const refunded = await send({ ...event('charge.refunded', charge), created: failed.created });
    expect(refunded.body.data?.outcome).toBe('processed');
    expect(await refundedMoney()).toBe(1500);
    const again = await send(early);
    expect(again.status, again.body.message).toBe(200);
    await expectCorrectedOnce({ id: b.id, failed });
    expect(await refundedMoney()).toBe(0);
  }, 20_000);

  it('a refund made longer ago than Stripe retries its charge.refunded, never counted: recorded at once with nothing to correct', async () => {
    const b = await paidBooking();
    const failed = { id: `re_old_${randomUUID()}`, object: 'refund', amount: 2000, currency: 'usd', payment_intent: b.intent, status: 'failed', failure_reason: 'declined', metadata: {}, created: Math.floor(Date.now() / 1000) - 4 * 86_400 };
    const res = await send(event('refund.failed', failed));
    expect(res.status, res.body.message).toBe(200);
    expect(await bookingOf(b.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', refundedCents: null });
    const written = await failureWritten(failed.id, b.id);
    expect(written).toMatchObject({ marker: true, notice: true });
    expect(written.audit).toEqual([expect.stringMatching(/failed in Stripe \(the bank declined it\): it was never counted as refunded here$/)]);
  }, 20_000);
});

describe('DynamoDB Local paused during the correction', () => {
  it('paused between its reads: the delivery fails with nothing written; delivered again, it corrects once', async () => {
    const b = await refundedBooking();
    const money = await refundedMoney();
    const failure = event('refund.failed', b.failed);
    // Paused once the marker was read (none yet), before the booking is: the correction never gets written.
    const first = await withDynamoPaused('after', (input) => input.includes(`STRIPE_REFUND#${b.failed.id}`) && !input.includes('TransactItems'), () => send(failure));
    expect(first.status).toBe(503);
    expect(await failureWritten(b.failed.id, b.id)).toEqual({ marker: false, notice: false, audit: [] });
    expect((await bookingOf(b.id)).refundedCents).toBe(1500);

    await claimOver(failure.id);
    const again = await send(failure);
    expect(again.status, again.body.message).toBe(200);
    await expectCorrectedOnce(b);
    expect(await refundedMoney()).toBe(money - 1500);
  }, 20_000);

  it('paused right after its write: the delivery fails, the correction is whole; delivered again, nothing more', async () => {
    const b = await refundedBooking();
    const money = await refundedMoney();
    const failure = event('refund.failed', b.failed);
    const first = await withDynamoPaused('after', (input) => input.includes('TransactItems') && input.includes(`STRIPE_REFUND#${b.failed.id}`), () => send(failure));
    expect(first.status, first.body.message).toBe(503);
    await expectCorrectedOnce(b); // written whole, in one transaction, before the pause
    expect(await refundedMoney()).toBe(money - 1500);

    await claimOver(failure.id);
    const again = await send(failure);
    expect(again.status, again.body.message).toBe(200);
    expect((await send(event('refund.updated', b.failed))).status).toBe(200);
    await expectCorrectedOnce(b);
    expect(await refundedMoney()).toBe(money - 1500);
  }, 20_000);
});

describe("the failure's events delivered at once", () => {
  it('refund.failed twice and refund.updated racing: corrected once', async () => {
    const b = await refundedBooking();
    const money = await refundedMoney();
    const failure = event('refund.failed', b.failed);
    const updated = event('refund.updated', b.failed);
    const answers = await Promise.all([send(failure), send(failure), send(updated)]);
    // The same event while its first delivery runs is handed back (503, delivered again later): then it is a duplicate.
    for (const [i, a] of answers.entries()) {
      expect([200, 503], a.body.message).toContain(a.status);
      if (a.status === 503) expect((await send(i === 2 ? updated : failure)).status).toBe(200);
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    await expectCorrectedOnce(b);
    expect(await refundedMoney()).toBe(money - 1500);
  }, 20_000);
});
