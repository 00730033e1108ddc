// Issue 37.1 under faults: DynamoDB lost in the middle of a patient's series (the booking page's course),
// on a stack of this file's own (its handlers run in this process, so the fault is put between them and
// DynamoDB Local: the one write named below fails as a dropped connection does, the rest go through).
// - The take: the first visit is held with the series record, then the write holding the other visits
//   is lost: the request fails, and nothing is half-written (no visit held without its series; the series
//   says 'held'); the same request again with its Idempotency-Key holds the rest and opens ONE Checkout,
//   whose payment confirms every visit once.
// - The confirmation (a package paid at the clinic, confirmed in the request): the write confirming the
//   second visit is lost: the request fails with one visit confirmed and the series not settled (not
//   counted, no mail); the same request again confirms the rest and settles once (one mail, counted once).
// - The course's payment event: the write confirming its second visit is lost: the event is refused
//   (Stripe delivers it again), and its next delivery finishes: every visit confirmed, one payment recorded.
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, TABLE_NAME as TABLE, type LocalStack } from '../../infra/local/stack';
import { ddb } from '../../functions/data/dynamo';
import { api, mailsTo, uniqueEmail, uniquePhone, signUpOwner } from '../support/api';
import { eventually } from '../support/eventually';
import type { Json } from '../support/json';

const ZONE = 'America/New_York';
let stack: LocalStack;
let owner: { token: string; orgId: string };
let apiKey: string;

/** What a JSON body parses to (the test reads the answers' fields as the API documents them). */
type Row = Record<string, Json>;

/** The API of this file's own stack; `key` is the request's Idempotency-Key. */
const call = (method: string, path: string, { key, ...options }: { body?: unknown; token?: string; key?: string } = {}) =>
  api(method, path, { ...options, apiUrl: `${stack.url}/api`, headers: key ? { 'idempotency-key': key } : undefined });

// ---- The fault: one transaction, picked by what it writes, fails as a lost connection does. ----
type Items = { Put?: { Item?: Row }; Update?: { Key?: Row; ExpressionAttributeValues?: Record<string, unknown> } }[];
let fault: { matches: (items: Items) => boolean; skip: number; tripped: number } | undefined;
const original = ddb.send.bind(ddb) as (command: object, options?: unknown) => Promise<{ Items?: Row[] }>;
(ddb as { send: unknown }).send = (command: { input?: { TransactItems?: Items } }, options?: unknown) => {
  const items = command?.input?.TransactItems;
  if (fault && items && fault.matches(items)) {
    if (fault.skip > 0) fault.skip--;
    else {
      fault.tripped++;
      return Promise.reject(Object.assign(new Error('connect ECONNREFUSED (DynamoDB Local is gone)'), { name: 'Error', code: 'ECONNREFUSED' }));
    }
  }
  return original(command, options);
};
/** A transaction holding a visit of a series (the first visit's hold, then the rest's). */
const holdsVisit = (items: Items) => items.some((i) => i.Put?.Item?.seriesId && i.Put.Item.status === 'held');
/** A transaction confirming a booking (its guarded move to 'confirmed'). */
const confirmsVisit = (items: Items) => items.some((i) => /#BOOKING#/.test(String(i.Update?.Key?.pk)) && Object.values(i.Update?.ExpressionAttributeValues ?? {}).includes('confirmed'));

const rows = async (pk: string) => (await original(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items as Row[];
/** Every booking of the clinic, straight from the table. */
const bookings = async () =>
  (await original(new QueryCommand({ TableName: TABLE, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${owner.orgId}#BOOKINGS` } }))).Items as Row[];
/** The visits of a series, in time order. */
const visitsOf = async (seriesId: string) => (await bookings()).filter((b) => b.seriesId === seriesId).sort((a, b) => (a.startUtc < b.startUtc ? -1 : 1));
/** The clinic's domain events of a type. */
const eventsOf = async (type: string) =>
  ((await original(new QueryCommand({ TableName: TABLE, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${owner.orgId}#EVENTS` } }))).Items as { payload: { event: { type: string; paymentId?: string } } }[])
    .map((i) => i.payload.event)
    .filter((e) => e.type === type);
const seriesRecord = async (id: string) => (await rows(`ORG#${owner.orgId}#SERIES#${id}`))[0];
const seriesBooked = async () => {
  const res = await call('GET', `/reports?from=${DateTime.now().setZone(ZONE).toISODate()}&to=${DateTime.now().setZone(ZONE).plus({ days: 60 }).toISODate()}`, { token: owner.token });
  return (res.body.data.weeks as { series: { visits: number; booked: number } }[]).reduce((s, w) => ({ visits: s.visits + w.series.visits, booked: s.booked + w.series.booked }), { visits: 0, booked: 0 });
};


/** A package that patients may book as a course of visits, paid as `paymentMode` says. */
async function coursePackage(paymentMode: 'full' | 'at_clinic') {
  const pkg = await call('POST', '/bookings/packages', { token: owner.token, body: { packageName: `Course ${paymentMode}`, packagePrice: 60, paymentMode } });
  expect(pkg.status, pkg.body.message).toBe(201);
  const set = await call('PUT', `/bookings/packages/${pkg.body.data.id}`, { token: owner.token, body: { allowSeries: true, seriesPayment: 'course' } });
  expect(set.status, set.body.message).toBe(200);
  return pkg.body.data.id as string;
}

const course = (packageId: string, daysAhead: number, time: string, email: string) => {
  const start = DateTime.now().setZone(ZONE).plus({ days: daysAhead });
  return {
    apiKey, packageId, startDate: start.toISODate(), time, everyWeeks: 1, count: 3, firstName: 'Pat', lastName: 'Faults', email, phoneNumber: uniquePhone(),
    visits: [0, 7, 14].map((d) => ({ date: start.plus({ days: d }).toISODate(), time })),
  };
};

beforeAll(async () => {
  stack = await startLocalStack({ inMemory: true, port: 0, sesPort: 0, quiet: true });
  owner = await signUpOwner('seriesfaults', undefined, {}, stack);
  apiKey = (await call('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
  const hours = [{ start: '08:00', end: '18:00' }];
  const weeklyHours = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
  expect((await call('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours, slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 400 } })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  fault = undefined;
  (ddb as { send: unknown }).send = original;
  await stack?.stop();
});

describe("a patient's series when DynamoDB is lost half-way", () => {
  it('the take: nothing held without its series, and the same request again holds the rest under one Checkout', { timeout: 60_000 }, async () => {
    const packageId = await coursePackage('full');
    const email = uniqueEmail('take');
    const body = course(packageId, 3, '09:00', email);
    const key = randomUUID();
    // The first visit's hold (with the series) goes through; the one holding the other two is lost.
    fault = { matches: holdsVisit, skip: 1, tripped: 0 };
    const failed = await call('POST', '/bookings/create-patient-series', { body, key });
    expect(fault.tripped).toBeGreaterThan(0);
    fault = undefined;
    expect(failed.status).toBeGreaterThanOrEqual(500);
    // Half-way as it was left: the first visit held, and its series record with it, 'held'.
    const held = (await bookings()).filter((b) => b.seriesId && b.email === email);
    expect(held.map((b) => b.status)).toEqual(['held']);
    const series = await seriesRecord(held[0].seriesId);
    expect(series).toMatchObject({ status: 'held', bookingIds: expect.arrayContaining([held[0].id]) });
    expect(series.bookingIds).toHaveLength(3);

    const retried = await call('POST', '/bookings/create-patient-series', { body, key });
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.body.data).toMatchObject({ seriesId: series.id, status: 'held', amountMinor: 3 * 6000 });
    const visits = await visitsOf(series.id);
    expect(visits.map((b) => [b.status, b.stripeSessionId])).toEqual(Array(3).fill(['held', visits[0].stripeSessionId]));
    expect(visits.map((b) => b.id).sort()).toEqual([...series.bookingIds].sort());

    // Paid: every visit confirmed, the series booked and counted once.
    const paid = await fetch(`${retried.body.data.checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, name: 'Pat' }).toString(), redirect: 'manual' });
    expect(paid.headers.get('location')).toContain('payment=success');
    await eventually(async () => ((await seriesRecord(series.id)).status === 'booked' ? true : undefined), 'the course booked');
    expect((await visitsOf(series.id)).map((b) => b.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
  });

  it('the confirmation at the clinic: one visit confirmed, nothing settled; the same request again confirms the rest and settles once', { timeout: 60_000 }, async () => {
    const packageId = await coursePackage('at_clinic');
    const email = uniqueEmail('confirm');
    const body = course(packageId, 4, '11:00', email);
    const key = randomUUID();
    const before = await seriesBooked();
    // The visits are held and the first confirmed; the write confirming the second is lost.
    fault = { matches: confirmsVisit, skip: 1, tripped: 0 };
    const failed = await call('POST', '/bookings/create-patient-series', { body, key });
    expect(fault.tripped).toBeGreaterThan(0);
    fault = undefined;
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const seriesId: string = (await bookings()).find((b) => b.email === email)!.seriesId;
    expect((await visitsOf(seriesId)).map((b) => b.status)).toEqual(['confirmed', 'held', 'held']);
    expect((await seriesRecord(seriesId)).settledAt).toBeUndefined();
    expect(await seriesBooked()).toEqual({ visits: before.visits + 1, booked: before.booked });

    const retried = await call('POST', '/bookings/create-patient-series', { body, key });
    expect(retried.status, retried.body.message).toBe(201);
    expect(retried.body.data).toMatchObject({ seriesId, status: 'confirmed' });
    expect((await visitsOf(seriesId)).map((b) => b.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(await seriesRecord(seriesId)).toMatchObject({ status: 'booked', settledAt: expect.any(String) });
    // And once more: the stored answer, nothing written again.
    expect((await call('POST', '/bookings/create-patient-series', { body, key })).status).toBe(201);
    expect(await seriesBooked()).toEqual({ visits: before.visits + 3, booked: before.booked + 1 });
    const mails = await eventually(async () => {
      const m = (await mailsTo(email, stack.inboxUrl)).filter((x) => /series/i.test(x.subject));
      return m.length ? m : undefined;
    }, 'the series mail');
    expect(mails).toHaveLength(1);
  });

  it("the course's payment event: refused while lost, its next delivery confirms the rest and records the payment once", { timeout: 60_000 }, async () => {
    const packageId = await coursePackage('full');
    const email = uniqueEmail('event');
    const held = await call('POST', '/bookings/create-patient-series', { body: course(packageId, 5, '13:00', email), key: randomUUID() });
    expect(held.status, held.body.message).toBe(201);
    const seriesId: string = held.body.data.seriesId;
    const sessionId = String(held.body.data.checkoutUrl).split('/').pop()!;
    const session = { ...(await (await fetch(`${stack.env.STRIPE_API_BASE}/v1/checkout/sessions/${sessionId}`, { headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY}` } })).json()), status: 'complete', payment_status: 'paid', payment_intent: `pi_faults_${seriesId}` };
    const eventId = `evt_test_${randomUUID()}`;
    const send = async () => {
      const payload = JSON.stringify({ id: eventId, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: session } });
      const header = new Stripe('sk_test_signer_only').webhooks.generateTestHeaderString({ payload, secret: stack.env.STRIPE_WEBHOOK_SECRET });
      return (await fetch(`${stack.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload })).status;
    };
    fault = { matches: confirmsVisit, skip: 1, tripped: 0 };
    const refused = await send();
    expect(fault.tripped).toBeGreaterThan(0);
    fault = undefined;
    expect(refused).toBeGreaterThanOrEqual(500);
    expect((await visitsOf(seriesId)).map((b) => b.status)).toEqual(['confirmed', 'held', 'held']);
    expect((await seriesRecord(seriesId)).settledAt).toBeUndefined();

    expect(await send()).toBe(200);
    expect(await send()).toBe(200);
    const visits = await visitsOf(seriesId);
    expect(visits.map((b) => [b.status, b.paymentStatus])).toEqual(Array(3).fill(['confirmed', 'paid']));
    expect(await seriesRecord(seriesId)).toMatchObject({ status: 'booked', settledAt: expect.any(String) });
    expect((await eventsOf('payment-completed')).filter((e) => e.paymentId === session.payment_intent)).toHaveLength(1);
  });
});
