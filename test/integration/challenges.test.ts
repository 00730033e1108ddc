// The public writes' proof-of-work challenge (issue 28): each of the four writes refused without a
// solution and taken with one; a solution used once (again only as the retry of the same request);
// the difficulty rising with the page's activity; staff told once per window, in aggregate.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { CHALLENGE_MESSAGE } from '#shared/challenge/challenge';
import { ACTIVITY_WINDOW_SECONDS, NORMAL_RATE, activityKey } from '../../functions/data/page-activity';
import { bookingForm } from './appointments-support';
import { dayAhead, newClinic } from './booking-support';
import { api, testAddress, uniqueEmail } from '../support/api';
import { fetchChallenge, solve, solvedChallenge } from '../support/challenge';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';

const apiUrl = () => inject('apiUrl');

/** The current activity window's start, as the API counts it; waits out a window about to end. */
async function currentWindow(): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const left = ACTIVITY_WINDOW_SECONDS - (now % ACTIVITY_WINDOW_SECONDS);
  if (left < 20) await new Promise((r) => setTimeout(r, (left + 1) * 1000));
  const later = Math.floor(Date.now() / 1000);
  return later - (later % ACTIVITY_WINDOW_SECONDS);
}

/** Sets a page's counters of the current window, as if it had seen that many writes and refusals. */
async function arrangeActivity(page: 'booking' | 'form' | 'sign-up' | 'appointment', apiKey: string, counts: { writes?: number; refused?: number }) {
  const { client, table } = testDb();
  const start = await currentWindow();
  await client.send(new PutCommand({ TableName: table, Item: { ...activityKey(page, apiKey, start), ...counts, expiresAtEpoch: start + 3 * ACTIVITY_WINDOW_SECONDS } }));
}

function expectRefused(res: { status: number; body: { message: string; errors?: Record<string, string> } }) {
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ message: CHALLENGE_MESSAGE, errors: { challenge: CHALLENGE_MESSAGE } });
}

const visitor = (apiKey: string, packageId: string, bookingTime: string) => ({
  firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('pow'), phoneNumber: '+15551234567', bookingDate: dayAhead(3), bookingTime, apiKey, packageId,
});

const FIELDS = [{ id: 'email', label: 'Email', type: 'email', required: true }];

async function formOf(owner: { token: string }) {
  const res = await api('POST', '/form-builder/form', { token: owner.token, body: { name: 'Intake', fields: FIELDS, successMessage: 'Thanks!' } });
  if (res.status !== 201) throw new Error(`form: ${res.status} ${res.body.message}`);
  return res.body.data.id as string;
}

describe('the challenge route', () => {
  it('issues a signed challenge for a page, at the normal level when the page is quiet', async () => {
    const res = await api('GET', '/public/challenge?page=booking&apiKey=pk_quietquietquiet');
    expect(res.status).toBe(200);
    expect(res.body.data.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.data.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, data: { page: 'booking', apiKey: 'pk_quietquietquiet', level: 0 } });
    const bad = await api('GET', '/public/challenge?page=checkout');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('page must be booking, appointment, form or sign-up');
  });

  it('raises the difficulty when the page sees more than its normal rate of writes or refusals', async () => {
    const apiKey = `pk_busy${Date.now()}xx`;
    await arrangeActivity('form', apiKey, { writes: NORMAL_RATE.form.writes + 1 });
    expect((await fetchChallenge(apiUrl(), 'form', apiKey)).parameters.data?.level).toBe(1);
    await arrangeActivity('form', apiKey, { refused: NORMAL_RATE.form.refused * 4 + 1 });
    expect((await fetchChallenge(apiUrl(), 'form', apiKey)).parameters.data?.level).toBe(2);
    // Another page of the same clinic is not affected.
    expect((await fetchChallenge(apiUrl(), 'booking', apiKey)).parameters.data?.level).toBe(0);
  });
});

describe('the four public writes', () => {
  it('sign-up: refused without a solution, taken with one', async () => {
    const body = { email: uniqueEmail('powsignup'), password: 'Secret-123' };
    expectRefused(await api('POST', '/users/register-email', { body, challenge: false }));
    expect((await api('POST', '/users/register-email', { body })).status).toBe(201);
  });

  it('booking, appointment request and form: refused without a solution or with another page\'s, taken with one', async () => {
    const clinic = await newClinic('powwrites');
    const formId = await formOf(clinic.owner);

    expectRefused(await api('POST', '/bookings/create-booking', { body: visitor(clinic.apiKey, clinic.packageId, '09:00'), challenge: false }));
    // A solved challenge of the form page, or of another clinic's booking page, is no pass here.
    expectRefused(await api('POST', '/bookings/create-booking', { body: visitor(clinic.apiKey, clinic.packageId, '09:00'), challenge: await solvedChallenge(apiUrl(), 'form', clinic.apiKey) }));
    expectRefused(await api('POST', '/bookings/create-booking', { body: visitor(clinic.apiKey, clinic.packageId, '09:00'), challenge: await solvedChallenge(apiUrl(), 'booking', 'pk_otherclinic0000') }));
    expect((await api('POST', '/bookings/create-booking', { body: visitor(clinic.apiKey, clinic.packageId, '09:00') })).status).toBe(201);

    const request = () => bookingForm({ organizationApiKey: clinic.apiKey, email: uniqueEmail('powrequest') });
    expectRefused(await api('POST', '/public/appointments/book-custom', { form: request(), challenge: false }));
    expect((await api('POST', '/public/appointments/book-custom', { form: request() })).status).toBe(201);

    const submission = { apiKey: clinic.apiKey, items: [{ fieldId: 'email', value: 'ada@example.com' }] };
    expectRefused(await api('POST', `/form-builder/form/${formId}/submissions`, { body: submission, challenge: false }));
    expectRefused(await api('POST', `/form-builder/form/${formId}/submissions`, { body: submission, challenge: 'bm90IGEgc29sdXRpb24' }));
    expect((await api('POST', `/form-builder/form/${formId}/submissions`, { body: submission })).status).toBe(201);
    // Nothing of the refused attempts was written: one lead.
    const subs = await api('GET', `/form-builder/form/${formId}/submissions`, { token: clinic.owner.token });
    expect(subs.body.data.items).toHaveLength(1);
  });

  it('takes a solution once; only the retry of the same request (same Idempotency-Key) may bring it again', async () => {
    const clinic = await newClinic('powonce');
    const formId = await formOf(clinic.owner);
    const submission = { apiKey: clinic.apiKey, items: [{ fieldId: 'email', value: 'ada@example.com' }] };
    const solution = await solvedChallenge(apiUrl(), 'form', clinic.apiKey);

    const first = await api('POST', `/form-builder/form/${formId}/submissions`, { body: submission, challenge: solution, headers: { 'idempotency-key': 'pow-once-1' } });
    expect(first.status).toBe(201);
    // The retry of the same request is answered from the idempotency record: same lead, nothing new.
    const retry = await api('POST', `/form-builder/form/${formId}/submissions`, { body: submission, challenge: solution, headers: { 'idempotency-key': 'pow-once-1' } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.data.submissionId).toBe(first.body.data.submissionId);
    // The same solution for another request (another key, or none) is refused.
    expectRefused(await api('POST', `/form-builder/form/${formId}/submissions`, { body: submission, challenge: solution, headers: { 'idempotency-key': 'pow-once-2' } }));
    expectRefused(await api('POST', `/form-builder/form/${formId}/submissions`, { body: submission, challenge: solution }));

    // Sign-up takes no Idempotency-Key: a solution is good for one request.
    const signUp = await solvedChallenge(apiUrl(), 'sign-up');
    expect((await api('POST', '/users/register-email', { body: { email: uniqueEmail('powonce'), password: 'Secret-123' }, challenge: signUp })).status).toBe(201);
    expectRefused(await api('POST', '/users/register-email', { body: { email: uniqueEmail('powonce'), password: 'Secret-123' }, challenge: signUp }));
  });

  it('lets a request whose first attempt was refused for bad input come back with the same solution and key', async () => {
    const clinic = await newClinic('powretry');
    const formId = await formOf(clinic.owner);
    const solution = await solve(await fetchChallenge(apiUrl(), 'form', clinic.apiKey));
    const headers = { 'idempotency-key': 'pow-retry-1' };
    const bad = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey: clinic.apiKey, items: [] }, challenge: solution, headers });
    expect(bad.status).toBe(400);
    const fixed = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey: clinic.apiKey, items: [{ fieldId: 'email', value: 'ada@example.com' }] }, challenge: solution, headers });
    expect(fixed.status).toBe(201);
  });
});

/** A page's counters in the current window, as stored. */
async function activityOf(page: 'booking' | 'form' | 'sign-up' | 'appointment', apiKey: string) {
  const { client, table } = testDb();
  const now = Math.floor(Date.now() / 1000);
  const out = await client.send(new GetCommand({ TableName: table, Key: activityKey(page, apiKey, now - (now % ACTIVITY_WINDOW_SECONDS)), ConsistentRead: true }));
  return { writes: Number(out.Item?.writes ?? 0), refused: Number(out.Item?.refused ?? 0) };
}

// Since issue 35 a form submission spends its solution in the lead's own transaction
// (functions/http/http.ts challengeInWrite) and its write is counted by the lead's event's subscriber
// (pageCountByEvent, moments later: waited for): the refusals stay the same, and only a lead written
// spends a solution or counts as a write.
describe('a form submission carries its challenge in its own write', () => {
  const lead = (apiKey: string, email = 'ada@example.com') => ({ apiKey, items: [{ fieldId: 'email', value: email }] });
  /** The page's counts once its leads' subscriber has counted them (refusals are counted at once). */
  const settledActivity = async (apiKey: string, expected: { writes: number; refused: number }) => {
    await eventually(async () => ((await activityOf('form', apiKey)).writes === expected.writes ? true : undefined), `${expected.writes} writes counted`);
    await new Promise((r) => setTimeout(r, 300)); // nothing more comes
    expect(await activityOf('form', apiKey)).toEqual(expected);
  };

  it('refuses a spent solution (another key, or none) and writes nothing for it; counts one write per lead', async () => {
    const clinic = await newClinic('powride');
    const formId = await formOf(clinic.owner);
    await currentWindow();
    const solution = await solvedChallenge(apiUrl(), 'form', clinic.apiKey);
    expect((await api('POST', `/form-builder/form/${formId}/submissions`, { body: lead(clinic.apiKey), challenge: solution, headers: { 'idempotency-key': 'ride-1' } })).status).toBe(201);
    expectRefused(await api('POST', `/form-builder/form/${formId}/submissions`, { body: lead(clinic.apiKey, 'bob@example.com'), challenge: solution, headers: { 'idempotency-key': 'ride-2' } }));
    expectRefused(await api('POST', `/form-builder/form/${formId}/submissions`, { body: lead(clinic.apiKey, 'cy@example.com'), challenge: solution }));
    const subs = await api('GET', `/form-builder/form/${formId}/submissions`, { token: clinic.owner.token });
    expect(subs.body.data.items.map((s: { email: string }) => s.email)).toEqual(['ada@example.com']);
    await settledActivity(clinic.apiKey, { writes: 1, refused: 2 });
  });

  it('spends nothing and counts no write for a submission refused for bad input: the same solution then sends the corrected answers', async () => {
    const clinic = await newClinic('powbad');
    const formId = await formOf(clinic.owner);
    await currentWindow();
    const solution = await solvedChallenge(apiUrl(), 'form', clinic.apiKey);
    const bad = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey: clinic.apiKey, items: [] }, challenge: solution });
    expect(bad.status).toBe(400);
    expect(await activityOf('form', clinic.apiKey)).toEqual({ writes: 0, refused: 0 });
    expect((await api('POST', `/form-builder/form/${formId}/submissions`, { body: lead(clinic.apiKey), challenge: solution })).status).toBe(201);
    await settledActivity(clinic.apiKey, { writes: 1, refused: 0 });
    expectRefused(await api('POST', `/form-builder/form/${formId}/submissions`, { body: lead(clinic.apiKey), challenge: solution }));
  });

  // The address's count for the route's limit (20 in 10 minutes) rides in the same write: a refused
  // request no longer uses up the address's places, and one over the limit stores and spends nothing.
  it('counts the address in the lead\'s write: refusals use none of its 20 places, the 21st lead is 429 and spends nothing', async () => {
    const clinic = await newClinic('powrate');
    const formId = await formOf(clinic.owner);
    await currentWindow(); // the rate window is 10 minutes too, on the same boundaries
    const address = testAddress();
    const from = { 'x-forwarded-for': address };
    const path = `/form-builder/form/${formId}/submissions`;
    // Twenty refused at the door (no solution): before, each counted for the address and the next lead was 429.
    for (let i = 0; i < 20; i++) expectRefused(await api('POST', path, { body: lead(clinic.apiKey), challenge: false, headers: from }));
    const first = await api('POST', path, { body: lead(clinic.apiKey), headers: { ...from, 'idempotency-key': 'rate-1' } });
    expect(first.status).toBe(201);
    // The address stands at its limit (19 more leads, arranged): the next lead is refused with the wait, and nothing is written.
    const { client, table } = testDb();
    const now = Math.floor(Date.now() / 1000);
    const rateKey = { pk: `RATE#POST /api${'/form-builder/form/{id}/submissions'}#${address}`, sk: String(now - (now % 600)) };
    const counted = await client.send(new GetCommand({ TableName: table, Key: rateKey, ConsistentRead: true }));
    expect(counted.Item?.hits).toBe(1);
    await client.send(new PutCommand({ TableName: table, Item: { ...counted.Item, ...rateKey, hits: 20 } }));
    const solution = await solvedChallenge(apiUrl(), 'form', clinic.apiKey);
    const over = await api('POST', path, { body: lead(clinic.apiKey, 'bea@example.com'), challenge: solution, headers: { ...from, 'idempotency-key': 'rate-2' } });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const subs = await api('GET', path, { token: clinic.owner.token });
    expect(subs.body.data.items.map((s: { email: string }) => s.email)).toEqual(['ada@example.com']);
    // The solution was not spent and the key was given back: once the window has room, the same request goes through.
    await client.send(new PutCommand({ TableName: table, Item: { ...counted.Item, ...rateKey, hits: 19 } }));
    expect((await api('POST', path, { body: lead(clinic.apiKey, 'bea@example.com'), challenge: solution, headers: { ...from, 'idempotency-key': 'rate-2' } })).status).toBe(201);
  });

  it('past the normal rate: every lead still counted, exactly one of several at once raises the alarm, a spent solution still refused', async () => {
    const clinic = await newClinic('powcap');
    const formId = await formOf(clinic.owner);
    const normal = NORMAL_RATE.form.writes;
    await arrangeActivity('form', clinic.apiKey, { writes: normal - 2 });
    const solutions = await Promise.all(Array.from({ length: 6 }, () => solvedChallenge(apiUrl(), 'form', clinic.apiKey)));
    const answers = await Promise.all(solutions.map((challenge, i) => api('POST', `/form-builder/form/${formId}/submissions`, { body: lead(clinic.apiKey, `v${i}@example.com`), challenge, headers: { 'idempotency-key': `cap-${i}` } })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    await settledActivity(clinic.apiKey, { writes: normal + 4, refused: 0 });
    const audit = await eventually(async () => {
      const entries = (await api('GET', '/logs?limit=50', { token: clinic.owner.token })).body.data.items as { summary: string; recordType: string }[];
      const lines = entries.filter((e) => e.recordType === 'public-page');
      return lines.length ? lines : undefined;
    }, 'the submissions audit line');
    expect(audit.map((e) => e.summary)).toEqual([expect.stringMatching(new RegExp(`^${normal + 1} submissions on the form page between`))]);
    const notices = await eventually(async () => {
      const list = (await api('GET', '/notifications', { token: clinic.owner.token })).body.data as { title: string }[];
      const found = list.filter((n) => n.title === 'Unusual activity on your form page');
      return found.length ? found : undefined;
    }, 'the notice');
    expect(notices).toHaveLength(1);
    // Over the rate, a spent solution is refused the same way, and nothing is counted as a write.
    expectRefused(await api('POST', `/form-builder/form/${formId}/submissions`, { body: lead(clinic.apiKey, 'again@example.com'), challenge: solutions[0], headers: { 'idempotency-key': 'cap-again' } }));
    await settledActivity(clinic.apiKey, { writes: normal + 4, refused: 1 });
    const subs = await api('GET', `/form-builder/form/${formId}/submissions`, { token: clinic.owner.token });
    expect(subs.body.data.items).toHaveLength(6);
  });
});

describe('an attack on a page', () => {
  it('tells staff once per window, with one audit entry of the refused attempts in aggregate', async () => {
    const clinic = await newClinic('powattack');
    await arrangeActivity('booking', clinic.apiKey, { refused: NORMAL_RATE.booking.refused - 1 });
    for (let i = 0; i < 4; i++) {
      expectRefused(await api('POST', '/bookings/create-booking', { body: visitor(clinic.apiKey, clinic.packageId, '10:00'), challenge: false }));
    }
    const notices = await eventually(async () => {
      const list = (await api('GET', '/notifications', { token: clinic.owner.token })).body.data as { title: string; message: string }[];
      const found = list.filter((n) => n.title === 'Unusual activity on your booking page');
      return found.length ? found : undefined;
    }, 'the attack notice');
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toMatch(new RegExp(`^${NORMAL_RATE.booking.refused + 1} refused attempts on the booking page between \\d\\d:\\d\\d and \\d\\d:\\d\\d UTC\\.`));
    const logs = (await api('GET', '/logs?limit=50', { token: clinic.owner.token })).body.data.items as { summary: string; recordType: string }[];
    expect(logs.filter((e) => e.recordType === 'public-page')).toEqual([
      expect.objectContaining({ summary: expect.stringMatching(/^21 refused attempts on the booking page between/) }),
    ]);
    // Writes crossing their own rate in the same window add their audit line but no second notice.
    await arrangeActivity('booking', clinic.apiKey, { refused: 30, writes: NORMAL_RATE.booking.writes });
    expect((await api('POST', '/bookings/create-booking', { body: visitor(clinic.apiKey, clinic.packageId, '11:00') })).status).toBe(201);
    await eventually(async () => {
      const entries = (await api('GET', '/logs?limit=50', { token: clinic.owner.token })).body.data.items as { summary: string; recordType: string }[];
      return entries.some((e) => /^31 submissions on the booking page/.test(e.summary)) ? true : undefined;
    }, 'the submissions audit line');
    const after = (await api('GET', '/notifications', { token: clinic.owner.token })).body.data as { title: string }[];
    expect(after.filter((n) => n.title === 'Unusual activity on your booking page')).toHaveLength(1);
  });
});
