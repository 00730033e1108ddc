// A no-show fee under faults (issue 36: "a stalled DynamoDB Local between the charge and its record,
// Stripe failing once"), on a stack of this file's own (its DynamoDB Local is paused here, which must
// never stall the shared stack of the other files). Stripe is the local stand-in, reached through a
// relay in this process that acts right after the stand-in accepted the off-session PaymentIntent and
// before the handler hears of it:
// - DynamoDB Local paused (SIGSTOP) there: the click's request fails (the deadline's 503); once DynamoDB
//   goes on, Stripe's payment_intent.succeeded delivered twice, the retry with the same Idempotency-Key
//   and a second click with a new key: one PaymentIntent, the fee recorded charged once (one audit
//   entry, one booking.fee_charged webhook delivery).
// - Stripe's payment_intent.succeeded arriving (twice) before the answer: it records the fee; the
//   click then finds it recorded: still one of each.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEventBody } from '#shared/webhooks/schemas';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { resetConfig } from '../../functions/lib/config';
import { api, uniqueEmail, uniquePhone, signUpOwner } from '../support/api';
import { eventually } from '../support/eventually';
import { serveAsync } from '../support/serve';
import type { Json } from '../support/json';
import { resumeProcess } from '../support/pause';

let stack: LocalStack;
let relay: Server;
let hooks: Server;
const delivered: WebhookEventBody<Record<string, Json>>[] = [];
/** Runs once the stand-in has answered a PaymentIntent create, before the handler gets the answer. */
let onIntentAnswered: ((intent: Record<string, Json>) => void | Promise<void>) | undefined;

interface Answer {
  status: number;
  body: { message: string; data?: Json };
}

/** The API of this file's own stack; `key` is the request's Idempotency-Key. */
const call = (method: string, path: string, { key, ...options }: { body?: unknown; token?: string; key?: string } = {}) =>
  api(method, path, { ...options, apiUrl: `${stack.url}/api`, headers: key ? { 'idempotency-key': key } : undefined });

const stripeApi = async (path: string) =>
  (await (await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY}` } })).json()) as Record<string, Json>;
const intentsOf = async (customerId: string) => (await stripeApi(`/v1/payment_intents?customer=${customerId}`)).data as Record<string, Json>[];

/** Stripe's event about `intent`, signed with the stack's secret, POSTed to the app's webhook route. */
async function sendIntentEvent(intent: Record<string, unknown>, id = `evt_test_${randomUUID()}`) {
  const payload = JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: intent } });
  const header = new Stripe('sk_test_signer_only').webhooks.generateTestHeaderString({ payload, secret: stack.env.STRIPE_WEBHOOK_SECRET });
  const res = await fetch(`${stack.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  return res.status;
}

let owner: { token: string; orgId: string };
let apiKey: string;
let packageId: string;
let slot = 0;
let db: DynamoDBDocumentClient;


beforeAll(async () => {
  stack = await startLocalStack({ inMemory: true, port: 0, sesPort: 0, quiet: true });
  db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB, region: stack.env.AWS_REGION, credentials: { accessKeyId: stack.env.AWS_ACCESS_KEY_ID, secretAccessKey: stack.env.AWS_SECRET_ACCESS_KEY } }));
  // The relay: the stand-in's answers as they are, after onIntentAnswered for a PaymentIntent create.
  const standIn = stack.env.STRIPE_API_BASE;
  relay = createServer(serveAsync(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'idempotency-key', 'stripe-version']) if (req.headers[name]) headers[name] = String(req.headers[name]);
    const upstream = await fetch(`${standIn}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : body });
    const text = await upstream.text();
    if (req.method === 'POST' && req.url === '/v1/payment_intents' && onIntentAnswered) {
      const answer = JSON.parse(text);
      await onIntentAnswered(answer.error?.payment_intent ?? answer);
    }
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(text);
  }));
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  resetConfig(); // the handlers parse the environment once (functions/lib/config.ts)

  hooks = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      delivered.push(JSON.parse(raw));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));

  owner = await signUpOwner('feefaults', undefined, {}, stack);
  apiKey = (await call('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
  const hours = [{ start: '08:00', end: '18:00' }];
  const weeklyHours = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
  expect((await call('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours, slotMinutes: 60, capacity: 5, closedDates: [], maxDaysAhead: 400 } })).status).toBe(200);
  const pkg = await call('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Held card visit', packagePrice: 90, paymentMode: 'card_on_file', noShowFee: 40, cancellationWindowHours: 24 } });
  expect(pkg.status, pkg.body.message).toBe(201);
  packageId = pkg.body.data.id;
  const hook = await call('POST', '/organization/webhooks', { token: owner.token, body: { url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`, events: ['booking.fee_charged'] } });
  expect(hook.status, hook.body.message).toBe(201);
}, 120_000);

afterAll(async () => {
  resumeProcess(stack?.dynamoDbPid());
  relay?.close();
  hooks?.close();
  await stack?.stop();
}, 30_000);

/** A booking of the card-held package, the card saved on the setup-mode Checkout, its time an hour ago, marked no-show. */
async function noShowWithSavedCard() {
  const email = uniqueEmail('feefaults');
  const day = DateTime.now().setZone('America/New_York').plus({ days: 3 + Math.floor(slot / 9) }).toISODate()!;
  const held = await call('POST', '/bookings/create-booking', {
    body: { firstName: 'Pat', lastName: 'Patient', email, phoneNumber: uniquePhone(), apiKey, packageId, bookingDate: day, bookingTime: `${String(8 + (slot++ % 9)).padStart(2, '0')}:00` },
  });
  expect(held.status, held.body.message).toBe(201);
  const id = held.body.data.bookingId as string;
  const saved = await fetch(`${held.body.data.checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: '4242424242424242' }).toString(), redirect: 'manual' });
  expect(saved.headers.get('location')).toContain('payment=success');
  const booking = await eventually(async () => {
    const b = (await call('GET', `/bookings/booking/${id}`, { token: owner.token })).body.data;
    return b?.status === 'confirmed' && b.savedCard ? b : undefined;
  }, 'the booking confirmed with its card');
  await db.send(new UpdateCommand({
    TableName: stack.env.TABLE_NAME,
    Key: { pk: `ORG#${owner.orgId}#BOOKING#${id}`, sk: 'BOOKING' },
    UpdateExpression: 'SET startUtc = :start',
    ExpressionAttributeValues: { ':start': new Date(Date.now() - 3600_000).toISOString() },
  }));
  expect((await call('POST', `/bookings/booking/${id}/attendance`, { token: owner.token, body: { attendance: 'no_show' } })).status).toBe(200);
  return { id, customerId: booking.savedCard.customerId as string };
}

const charge = (id: string, key?: string) => call('POST', `/bookings/booking/${id}/fee`, { token: owner.token, key });

/** The fee as recorded, once: one intent at Stripe, charged, one audit entry, one booking.fee_charged delivered. */
async function expectChargedOnce(visit: { id: string; customerId: string }) {
  const intents = await intentsOf(visit.customerId);
  expect(intents.map((i) => [i.status, i.amount])).toEqual([['succeeded', 4000]]);
  const booking = (await call('GET', `/bookings/booking/${visit.id}`, { token: owner.token })).body.data;
  expect(booking).toMatchObject({ paymentState: 'fee_charged', fee: { status: 'charged', attempt: 1, paymentIntentId: intents[0].id, amountMinor: 4000 } });
  const audit = (await call('GET', '/logs?limit=100', { token: owner.token })).body.data.items as { recordId: string; summary: string }[];
  expect(audit.filter((l) => l.recordId === visit.id && l.summary.startsWith('Charged the no-show fee'))).toHaveLength(1);
  await eventually(() => (delivered.some((d) => d.data.object.id === visit.id) ? true : undefined), 'booking.fee_charged delivered', 20_000);
  await new Promise((r) => setTimeout(r, 500)); // any second delivery would have come by now
  expect(delivered.filter((d) => d.data.object.id === visit.id).map((d) => d.type)).toEqual(['booking.fee_charged']);
}

describe('DynamoDB Local paused right after Stripe accepted the fee', () => {
  it('the request fails; the events twice, the retry with its key and a second click: charged and recorded once', async () => {
    const visit = await noShowWithSavedCard();
    const pid = stack.dynamoDbPid()!;
    let intent: Record<string, Json> | undefined;
    onIntentAnswered = (answered) => {
      onIntentAnswered = undefined;
      intent = answered;
      process.kill(pid, 'SIGSTOP');
    };
    const key = randomUUID();
    let first: Answer;
    try {
      first = await charge(visit.id, key);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(intent?.status).toBe('succeeded');
    expect(first.status).toBe(503);
    // Stripe's event about it, delivered twice under one id; then the retry, then another click.
    const eventId = `evt_test_${randomUUID()}`;
    const sent = [await sendIntentEvent(intent!, eventId), await sendIntentEvent(intent!, eventId)];
    expect(sent).toEqual([200, 200]);
    const retry = await charge(visit.id, key);
    expect(retry.status, retry.body.message).toBe(200);
    expect(retry.body.data.fee).toMatchObject({ status: 'charged', attempt: 1 });
    const again = await charge(visit.id, randomUUID());
    expect(again.status, again.body.message).toBe(200);
    expect(again.body.data.fee).toMatchObject({ status: 'charged', attempt: 1 });
    await expectChargedOnce(visit);
  }, 90_000);
});

describe("Stripe's payment_intent.succeeded before the answer", () => {
  it('the event records the fee (twice delivered, once recorded); the click finds it recorded', async () => {
    const visit = await noShowWithSavedCard();
    const statuses: number[] = [];
    onIntentAnswered = async (answered) => {
      onIntentAnswered = undefined;
      statuses.push(await sendIntentEvent(answered), await sendIntentEvent(answered));
      const b = (await call('GET', `/bookings/booking/${visit.id}`, { token: owner.token })).body.data;
      statuses.push(b.fee.status === 'charged' ? 1 : 0);
    };
    const res = await charge(visit.id);
    expect(statuses).toEqual([200, 200, 1]);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Fee charged.');
    await expectChargedOnce(visit);
  }, 60_000);
});
