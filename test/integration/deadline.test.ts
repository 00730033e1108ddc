// The request deadline under faults, on a stack of this file's own (DynamoDB Local is paused and
// killed here, which must never stall the shared stack of the other files):
// - DynamoDB paused (SIGSTOP) for 25 s: every request, a public submission with an Idempotency-Key,
//   signed-in reads, rate-limited public writes, answers a clean 503 JSON with Retry-After within the
//   deadline, never hangs; once DynamoDB is back, the visitor's retry with the same key makes exactly
//   one lead, whether or not the first attempt's writes landed late.
// - A booking hold and a payment link whose last write stalled after Stripe opened the session (and
//   whose write is then lost: DynamoDB Local killed and restarted): the retry with the same key takes
//   over, finds the held place and the pending payment, and continues with them (Stripe's idempotency
//   key gives the same session); never a second hold or payment.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { resetConfig } from '../../functions/lib/config';
import { testAddress, uniqueEmail, uniquePhone, signUpOwner } from '../support/api';
import { challengeHeaders } from '../support/challenge';
import { eventually } from '../support/eventually';
import { serveAsync } from '../support/serve';
import type { Json } from '../support/json';
import { resumeProcess } from '../support/pause';

const DEADLINE_MESSAGE = 'This is taking longer than it should. Please try again in a moment.';
/** The local Lambda's 10 s less the 1 s margin, and a little for the answer to travel. */
const ANSWER_WITHIN_MS = 9_800;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

let stack: LocalStack;
let dataDir: string;

interface Answer {
  status: number;
  body: { message: string; data?: Json };
  headers: Headers;
  ms: number;
}

/** `challenge`: a solved challenge fetched beforehand (while DynamoDB is paused the challenge route cannot answer either). */
async function call(method: string, path: string, options: { body?: unknown; token?: string; key?: string; challenge?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': testAddress() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  // The public writes' proof-of-work challenge, fetched and solved before the clock starts.
  Object.assign(headers, options.challenge ?? (await challengeHeaders(`${stack.url}/api`, method, path, options)));
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const started = Date.now();
  const res = await fetch(`${stack.url}/api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  return { status: res.status, body, headers: res.headers, ms: Date.now() - started };
}

/** A visitor retrying the same request (same key) until it is answered, waiting as Retry-After says. */
async function retryUntilAnswered(send: () => Promise<Answer>, timeoutMs = 60_000): Promise<Answer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await send();
    if ((answer.status !== 409 && answer.status !== 503) || Date.now() > until) return answer;
    await sleep(Math.min(3, Number(answer.headers.get('retry-after') ?? 1)) * 1000);
  }
}

let owner: { email: string; token: string; orgId: string };
let apiKey: string;
let formId: string;
let formPackageId: string;
let bookingPackageId: string;


beforeAll(async () => {
  // On disk (not in memory), so DynamoDB Local can be killed and restarted with its data.
  dataDir = mkdtempSync(join(tmpdir(), 'clinic-deadline-'));
  stack = await startLocalStack({ dataDir, port: 0, sesPort: 0, quiet: true });
  owner = await signUpOwner('deadline', undefined, {}, stack);
  apiKey = (await call('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
  formPackageId = (await call('POST', '/packages', { token: owner.token, body: { name: 'Assessment', price: 40, isPayable: true } })).body.data.id;
  formId = (await call('POST', '/form-builder/form', { token: owner.token, body: { name: 'Intake', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }], packageIds: [formPackageId] } })).body.data.id;
  const hours = [{ start: '08:00', end: '18:00' }];
  const weeklyHours = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
  expect((await call('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours, slotMinutes: 60, capacity: 5, closedDates: [], maxDaysAhead: 400 } })).status).toBe(200);
  bookingPackageId = (await call('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 49.5, packageDescription: 'A first visit.' } })).body.data.id;
}, 90_000);

afterAll(async () => {
  resumeProcess(stack?.dynamoDbPid());
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const leadsOf = async (email: string) => ((await call('GET', '/leads?limit=100', { token: owner.token })).body.data.items as { id: string; email: string }[]).filter((l) => l.email === email);
/** One phone per patient (email): a retry sends the same body, and each patient holds on their own phone. */
const phones = new Map<string, string>();
const phoneOf = (email: string) => phones.get(email) ?? phones.set(email, uniquePhone()).get(email)!;
const bookingBody = (email: string, bookingTime: string, days = 3) => ({
  firstName: 'Pat', lastName: 'Visitor', email, phoneNumber: phoneOf(email), apiKey, packageId: bookingPackageId,
  bookingDate: DateTime.now().setZone('America/New_York').plus({ days }).toISODate()!, bookingTime,
});

describe('DynamoDB paused for 25 s', () => {
  it('every request answers a clean 503 with Retry-After within the deadline; the retry with the same key makes one lead', async () => {
    const email = uniqueEmail('stalled');
    const key = randomUUID();
    const submit = (challenge?: Record<string, string>) => call('POST', `/form-builder/form/${formId}/submissions`, { key, challenge, body: { apiKey, items: [{ fieldId: 'email', value: email }] } });
    // The challenged writes' solutions, fetched while the table still answers.
    const solved = (path: string) => challengeHeaders(`${stack.url}/api`, 'POST', path, { body: { apiKey } });
    const [forSubmit, forOther, forHold, forSignUp] = await Promise.all([
      solved(`/form-builder/form/${formId}/submissions`),
      solved(`/form-builder/form/${formId}/submissions`),
      solved('/bookings/create-booking'),
      solved('/users/register-email'),
    ]);
    const pid = stack.dynamoDbPid()!;
    process.kill(pid, 'SIGSTOP');
    const pausedAt = Date.now();
    let answers: [string, Answer][];
    try {
      const requests: [string, () => Promise<Answer>][] = [
        ['public submission with a key', () => submit(forSubmit)],
        ['another public submission with a key', () => call('POST', `/form-builder/form/${formId}/submissions`, { key: randomUUID(), challenge: forOther, body: { apiKey, items: [{ fieldId: 'email', value: uniqueEmail('other') }] } })],
        ['public booking hold with a key', () => call('POST', '/bookings/create-booking', { key: randomUUID(), challenge: forHold, body: bookingBody(uniqueEmail('holder'), '09:00') })],
        ['signed-in GET /users/profile', () => call('GET', '/users/profile', { token: owner.token })],
        ['signed-in GET /leads', () => call('GET', '/leads', { token: owner.token })],
        ['signed-in GET /appointments', () => call('GET', '/appointments', { token: owner.token })],
        ['signed-in GET /dashboard', () => call('GET', '/dashboard', { token: owner.token })],
        ['rate-limited POST /users/login', () => call('POST', '/users/login', { body: { email: owner.email, password: 'Wrong-pass-1' } })],
        ['rate-limited POST /users/register-email', () => call('POST', '/users/register-email', { challenge: forSignUp, body: { email: uniqueEmail('late'), password: 'Secret-123' } })],
        ['public GET of the form', () => call('GET', `/leads/forms/${formId}?apiKey=${apiKey}`)],
      ];
      answers = await Promise.all(requests.map(async ([what, send]) => [what, await send()] as [string, Answer]));
      await sleep(25_000 - (Date.now() - pausedAt));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    const clean = answers.filter(([, a]) => a.status === 503 && a.body.message === DEADLINE_MESSAGE && Number(a.headers.get('retry-after')) >= 1 && a.headers.get('content-type')?.includes('application/json'));
    const inTime = clean.filter(([, a]) => a.ms <= ANSWER_WITHIN_MS);
    console.log(
      `deadline: ${inTime.length}/${answers.length} requests answered 503 + Retry-After within ${ANSWER_WITHIN_MS} ms while DynamoDB was paused (slowest ${Math.max(...answers.map(([, a]) => a.ms))} ms)`,
    );
    for (const [what, a] of answers) {
      expect(a.status, what).toBe(503);
      expect(a.body.message, what).toBe(DEADLINE_MESSAGE);
      expect(Number(a.headers.get('retry-after')), what).toBeGreaterThanOrEqual(1);
      expect(a.ms, what).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    }

    // DynamoDB is back: the visitor sends the same submission again until it is answered.
    const done = await retryUntilAnswered(() => submit());
    expect(done.status).toBe(201);
    const leads = await leadsOf(email);
    console.log(`deadline: the retry after the pause was ${done.headers.get('idempotent-replayed') ? 'a replay of the late first write' : 'the first write'}; leads for the visitor: ${leads.length}`);
    expect(leads.map((l) => l.id)).toEqual([done.body.data.submissionId]);
    const again = await submit();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(done.body);
    expect(await leadsOf(email)).toHaveLength(1);
  }, 120_000);
});

describe("a stalled last write after Stripe's session, lost with DynamoDB Local killed", () => {
  let fakeStripe: Server;
  afterAll(() => fakeStripe?.close());

  it('the retry with the same key resumes the held place and the pending payment: one hold, one payment, one session each', async () => {
    // Stripe's stand-in for this test: it honours idempotency keys like Stripe (same key, same
    // session), and when the first call of each of the two requests has come in, it pauses
    // DynamoDB before answering, so both requests stall on their last write.
    const calls = new Map<string, number>();
    const sessions = new Map<string, { id: string; url: string }>();
    let stall = true;
    let arrived = 0;
    let bothArrived!: () => void;
    const together = new Promise<void>((resolve) => (bothArrived = resolve));
    fakeStripe = createServer(serveAsync(async (req, res) => {
      for await (const _ of req);
      const key = String(req.headers['idempotency-key']);
      calls.set(key, (calls.get(key) ?? 0) + 1);
      if (!sessions.has(key)) {
        const id = `cs_fake_${sessions.size + 1}`;
        sessions.set(key, { id, url: `https://checkout.fake/${id}` });
      }
      if (stall) {
        if (++arrived === 2) {
          process.kill(stack.dynamoDbPid()!, 'SIGSTOP');
          bothArrived();
        }
        await Promise.race([together, sleep(5_000)]);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', expires_at: Math.floor(Date.now() / 1000) + 1800, ...sessions.get(key) }));
    }));
    await new Promise<void>((resolve) => fakeStripe.listen(0, '127.0.0.1', resolve));
    const stripeBase = process.env.STRIPE_API_BASE;
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${(fakeStripe.address() as AddressInfo).port}`;
    resetConfig(); // the handlers parse the environment once (functions/lib/config.ts)
    let first: Answer[];
    let held: Answer;
    let paid: Answer;
    let submissionId: string;
    let booker: string;
    try {
      const payer = uniqueEmail('payer');
      const lead = await call('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, packageId: formPackageId, items: [{ fieldId: 'email', value: payer }] } });
      expect(lead.status).toBe(201);
      submissionId = lead.body.data.submissionId as string;
      booker = uniqueEmail('booker');
      const [bookingKey, paymentKey] = [randomUUID(), randomUUID()];
      const hold = () => call('POST', '/bookings/create-booking', { key: bookingKey, body: bookingBody(booker, '14:00', 6) });
      const link = () => call('POST', '/leads/payments/session', { key: paymentKey, body: { formId, apiKey, packageId: formPackageId, submissionId, currency: 'usd' } });

      const pid = stack.dynamoDbPid()!;
      first = await Promise.all([hold(), link()]);
      stall = false;
      // The stalled writes are lost with the process; the supervisor starts DynamoDB Local again with its data.
      process.kill(pid, 'SIGKILL');
      await eventually(async () => (stack.dynamoDbPid() !== pid && (await call('GET', '/dashboard', { token: owner.token })).status === 200 ? true : undefined), 'DynamoDB Local back', 30_000, 250);
      [held, paid] = await Promise.all([retryUntilAnswered(hold), retryUntilAnswered(link)]);
    } finally {
      process.env.STRIPE_API_BASE = stripeBase;
      resetConfig();
    }
    for (const a of first) {
      expect(a.status).toBe(503);
      expect(a.ms).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    }
    expect(held.status).toBe(201);
    expect(paid.status).toBe(201);
    // Taken over and continued (nothing had stored the reply): not a replay.
    expect(held.headers.get('idempotent-replayed')).toBeNull();
    expect(paid.headers.get('idempotent-replayed')).toBeNull();
    // Stripe was asked twice per request under one idempotency key, and gave one session each.
    const bookingSession = `booking-${held.body.data.bookingId}`;
    const paymentSession = `form-payment-${paid.body.data.paymentId}`;
    expect(calls.get(bookingSession)).toBe(2);
    expect(calls.get(paymentSession)).toBe(2);
    expect(sessions.size).toBe(2);
    expect(held.body.data.checkoutUrl).toBe(sessions.get(bookingSession)!.url);
    expect(paid.body.data).toMatchObject({ url: sessions.get(paymentSession)!.url, sessionId: sessions.get(paymentSession)!.id });

    // One hold: one booking for the visitor, one place taken of the slot's five.
    const bookings = ((await call('GET', '/bookings?limit=100', { token: owner.token })).body.data.items as { id: string; email: string; status: string }[]).filter((b) => b.email === booker);
    expect(bookings.map((b) => [b.id, b.status])).toEqual([[held.body.data.bookingId, 'held']]);
    const day = await call('POST', '/bookings/available-slots', { body: { apiKey, date: bookingBody(booker, '14:00', 6).bookingDate } });
    expect((day.body.data.slots as { time: string; remaining: number }[]).find((s) => s.time === '14:00')?.remaining).toBe(4);
    // One payment: pending, with the session the retry stored.
    const payments = ((await call('GET', `/leads/payment-submissions/form/${formId}?limit=100`, { token: owner.token })).body.data.items as { id: string; submissionId: string; status: string }[]).filter((p) => p.submissionId === submissionId);
    expect(payments.map((p) => [p.id, p.status])).toEqual([[paid.body.data.paymentId, 'pending']]);
    console.log(`deadline: resumed after a lost last write: holds ${bookings.length}, payments ${payments.length}, Stripe sessions ${sessions.size} for ${[...calls.values()].reduce((a, b) => a + b, 0)} calls`);
  }, 150_000);
});

describe("a practitioner's hold whose last write stalled after Stripe's session, lost with DynamoDB Local killed", () => {
  let fakeStripe: Server;
  afterAll(() => fakeStripe?.close());

  it("the retry with the same key finds its own time blocks: one hold, the interval taken once, the rest of the day still free", async () => {
    const weeklyHours = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
    const practitioner = await call('POST', '/practitioners', { token: owner.token, body: { name: 'Ida Stall', title: 'Physiotherapist', weeklyHours } });
    expect(practitioner.status, practitioner.body.message).toBe(201);
    const practitionerId = practitioner.body.data.id as string;
    const pkg = await call('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Long visit', packagePrice: 80, durationMinutes: 50, practitionerIds: [practitionerId] } });
    expect(pkg.status, pkg.body.message).toBe(201);
    const date = bookingBody('x', '08:00', 8).bookingDate;
    const body = (email: string, bookingTime: string) => ({ ...bookingBody(email, bookingTime, 8), packageId: pkg.body.data.id, practitionerId });
    const freeTimes = async () => {
      const day = await call('POST', '/bookings/available-slots', { body: { apiKey, packageId: pkg.body.data.id, practitionerId, date } });
      expect(day.status, day.body.message).toBe(200);
      return (day.body.data.slots as { time: string }[]).map((s) => s.time);
    };
    const before = await freeTimes();
    // A time in the middle of her day (the times follow the package's 50 minutes from her first hour).
    const target = before[Math.floor(before.length / 2)];

    // Stripe's stand-in: same key, same session; its first answer waits while DynamoDB is paused.
    const calls = new Map<string, number>();
    let stall = true;
    fakeStripe = createServer(serveAsync(async (req, res) => {
      for await (const _ of req);
      const key = String(req.headers['idempotency-key']);
      calls.set(key, (calls.get(key) ?? 0) + 1);
      if (stall) {
        process.kill(stack.dynamoDbPid()!, 'SIGSTOP');
        await sleep(500);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'checkout.session', id: `cs_fake_${key}`, url: `https://checkout.fake/${key}`, status: 'open', payment_status: 'unpaid', expires_at: Math.floor(Date.now() / 1000) + 1800 }));
    }));
    await new Promise<void>((resolve) => fakeStripe.listen(0, '127.0.0.1', resolve));
    const stripeBase = process.env.STRIPE_API_BASE;
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${(fakeStripe.address() as AddressInfo).port}`;
    resetConfig(); // the handlers parse the environment once (functions/lib/config.ts)
    const booker = uniqueEmail('prac-booker');
    const key = randomUUID();
    const hold = () => call('POST', '/bookings/create-booking', { key, body: body(booker, target) });
    let first: Answer;
    let held: Answer;
    try {
      const pid = stack.dynamoDbPid()!;
      first = await hold();
      stall = false;
      process.kill(pid, 'SIGKILL');
      await eventually(async () => (stack.dynamoDbPid() !== pid && (await call('GET', '/dashboard', { token: owner.token })).status === 200 ? true : undefined), 'DynamoDB Local back', 30_000, 250);
      held = await retryUntilAnswered(hold);
    } finally {
      process.env.STRIPE_API_BASE = stripeBase;
      resetConfig();
    }
    expect(first.status).toBe(503);
    expect(held.status, held.body.message).toBe(201);
    expect(held.headers.get('idempotent-replayed')).toBeNull();
    expect(calls.get(`booking-${held.body.data.bookingId}`)).toBe(2);

    // One hold, with the practitioner; its time (and any time overlapping its 50 minutes) gone from the
    // free times, nothing else; another patient asking for that time with her is refused.
    const bookings = ((await call('GET', '/bookings?limit=100', { token: owner.token })).body.data.items as { id: string; email: string; status: string }[]).filter((b) => b.email === booker);
    expect(bookings.map((b) => [b.id, b.status])).toEqual([[held.body.data.bookingId, 'held']]);
    const after = await freeTimes();
    expect(after).not.toContain(target);
    const minutes = (time: string) => {
      const [h, m] = time.split(':').map(Number) as [number, number];
      return h * 60 + m;
    };
    const overlapping = (time: string) => minutes(time) < minutes(target) + 50 && minutes(target) < minutes(time) + 50;
    expect(after).toEqual(before.filter((time) => !overlapping(time)));
    const rival = await call('POST', '/bookings/create-booking', { body: body(uniqueEmail('rival'), target) });
    expect(rival.status).toBe(409);
    console.log(`deadline: practitioner hold resumed after a lost last write: holds ${bookings.length}, free times ${before.length} -> ${after.length}`);
  }, 150_000);
});
