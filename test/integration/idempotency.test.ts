// Public writes with an Idempotency-Key, over HTTP: the same key sent five times at once makes ONE
// lead, one booking hold, one payment link, one appointment request, one stored file (the others are
// told the first is still in progress, or get its answer); a retry after completion is answered with
// the stored reply and writes nothing; the same key with a different request is 422; a malformed key
// is 400; without a key everything works as before.
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, mailsTo, signUpOwner, uniqueEmail, uniquePhone, waitForMails, type ApiResponse, type Owner } from '../support/api';
import { testDb } from '../support/db';
import { leadCounted } from '../support/outbox';
import { PDF, PNG, bookingForm, objectsUnder } from './appointments-support';

const IN_PROGRESS = 'This request is still being processed. Please try again in a moment.';
const MISMATCH = 'This Idempotency-Key was already used for a different request.';
const BAD_KEY = 'The Idempotency-Key header must be 1 to 255 visible characters.';
const ZONE = 'America/New_York';

const withKey = (key: string) => ({ 'idempotency-key': key });

async function apiKeyOf(owner: Owner): Promise<string> {
  return (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
}

/** Five requests with one key at once: the successes must all carry the same answer, the rest be 409 in progress. */
async function fiveAtOnce(send: () => Promise<ApiResponse>) {
  const all = await Promise.all(Array.from({ length: 5 }, send));
  const done = all.filter((r) => r.status === 201);
  const busy = all.filter((r) => r.status === 409);
  expect(done.length + busy.length, JSON.stringify(all.map((r) => [r.status, r.body.message]))).toBe(5);
  expect(done.length).toBeGreaterThanOrEqual(1);
  for (const r of busy) {
    expect(r.body.message).toBe(IN_PROGRESS);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
  for (const r of done) expect(r.body).toEqual(done[0].body);
  return done[0];
}

/** The same request again once it is done: the stored answer, marked as a replay. */
async function expectReplay(send: () => Promise<ApiResponse>, first: ApiResponse) {
  const again = await send();
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);
}

/** Every item of the table whose key begins with `prefix` (a test may Scan the local table). */
async function itemsUnder(prefix: string) {
  const { client, table } = testDb();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, FilterExpression: 'begins_with(pk, :p)', ExpressionAttributeValues: { ':p': prefix } }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

describe('form submission with an Idempotency-Key', () => {
  let owner: Owner;
  let apiKey: string;
  let formId: string;
  let packageId: string;
  beforeAll(async () => {
    owner = await signUpOwner('idemform');
    apiKey = await apiKeyOf(owner);
    packageId = (await api('POST', '/packages', { token: owner.token, body: { name: 'Assessment', price: 40, isPayable: true } })).body.data.id;
    formId = (await api('POST', '/form-builder/form', {
      token: owner.token,
      body: { name: 'Intake', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }, { id: 'name', label: 'Name', type: 'text' }, { id: 'doc', label: 'Document', type: 'file' }], packageIds: [packageId] },
    })).body.data.id;
  });

  const leads = async () => (await api('GET', '/leads?limit=100', { token: owner.token })).body.data.items as { id: string; email: string }[];

  it('five at once make one lead and one staff notice; a retry gets the first answer and writes nothing', async () => {
    const email = uniqueEmail('idem');
    const key = randomUUID();
    const body = { apiKey, packageId, items: [{ fieldId: 'email', value: email }, { fieldId: 'name', value: 'Pat Once' }] };
    const send = () => api('POST', `/form-builder/form/${formId}/submissions`, { body, headers: withKey(key) });
    const first = await fiveAtOnce(send);
    expect(first.body.data.submissionId).toMatch(/^[A-Za-z0-9_-]{14}$/);
    const mine = (await leads()).filter((l) => l.email === email);
    expect(mine.map((l) => l.id)).toEqual([first.body.data.submissionId]);

    await expectReplay(send, first);
    expect((await leads()).filter((l) => l.email === email)).toHaveLength(1);
    // One form-submitted event is written with the lead, whatever the retries; its subscriber tells
    // staff once (the subscriber rows of the event name the lead too).
    const id = first.body.data.submissionId as string;
    const events = (await itemsUnder('OUTBOX#')).filter((row) => (row.payload as { kind?: string } | undefined)?.kind === 'event' && JSON.stringify(row.payload).includes(id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ orgId: owner.orgId, payload: { kind: 'event', event: { type: 'form-submitted', submissionId: id } } });
    await leadCounted(owner.orgId, id);
    const notes = ((await api('GET', '/notifications', { token: owner.token })).body.data as { title: string; link: string }[]).filter((n) => n.link === `/forms/leads/${id}`);
    expect(notes.map((n) => n.title)).toEqual(['New lead']);
  });

  it('the same key with a different request is 422, and writes nothing', async () => {
    const key = randomUUID();
    const email = uniqueEmail('idemdiff');
    const first = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: email }] }, headers: withKey(key) });
    expect(first.status).toBe(201);
    const other = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: uniqueEmail('idemdiff2') }] }, headers: withKey(key) });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(MISMATCH);
    expect((await leads()).filter((l) => l.email === email)).toHaveLength(1);
  });

  it('a key is the clinic\'s: the same key and answers sent to another clinic make a lead there, under an id of its own', async () => {
    const key = randomUUID();
    const email = uniqueEmail('idemclinics');
    const here = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: email }] }, headers: withKey(key) });
    expect(here.status).toBe(201);
    const other = await signUpOwner('idemother');
    const otherKey = await apiKeyOf(other);
    const otherForm = (await api('POST', '/form-builder/form', { token: other.token, body: { name: 'Intake', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }] } })).body.data.id as string;
    const there = await api('POST', `/form-builder/form/${otherForm}/submissions`, { body: { apiKey: otherKey, items: [{ fieldId: 'email', value: email }] }, headers: withKey(key) });
    expect(there.status).toBe(201);
    expect(there.headers.get('idempotent-replayed')).toBeNull();
    expect(there.body.data.submissionId).not.toBe(here.body.data.submissionId);
    // Each clinic's lead answers for the key there.
    const again = await api('POST', `/form-builder/form/${otherForm}/submissions`, { body: { apiKey: otherKey, items: [{ fieldId: 'email', value: email }] }, headers: withKey(key) });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.submissionId).toBe(there.body.data.submissionId);
    expect((await leads()).filter((l) => l.email === email)).toHaveLength(1);
  });

  it('a refused request gives its key back: the corrected request may use it', async () => {
    const key = randomUUID();
    const refused = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: 'not an email' }] }, headers: withKey(key) });
    expect(refused.status).toBe(400);
    const email = uniqueEmail('idemfixed');
    const fixed = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: email }] }, headers: withKey(key) });
    expect(fixed.status).toBe(201);
    expect((await leads()).filter((l) => l.email === email)).toHaveLength(1);
  });

  // Since issue 35.7 a submission's key is claimed by the lead's own write (http.ts challengeInWrite),
  // and the lead, named by the key, is where the request's record is kept (data/idempotency.ts
  // recordOn): nothing is stored for a request that is refused, and a lead is one round trip.
  it('stores nothing for the key of a refused request; the key\'s record is stored, completed, on the lead it named', async () => {
    const key = randomUUID();
    const { client, table } = testDb();
    const standalone = async () => {
      const pk = `IDEMPOTENCY#POST /api/form-builder/form/{id}/submissions#${createHash('sha256').update(key).digest('base64url')}`;
      return (await client.send(new GetCommand({ TableName: table, Key: { pk, sk: 'REQUEST' }, ConsistentRead: true }))).Item;
    };
    const lead = async (id: string) => (await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}#SUB#${id}`, sk: 'SUB' }, ConsistentRead: true }))).Item;
    expect((await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: 'not an email' }] }, headers: withKey(key) })).status).toBe(400);
    expect(await standalone()).toBeUndefined();
    const email = uniqueEmail('idemone');
    const send = () => api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: email }] }, headers: withKey(key) });
    const first = await send();
    expect(first.status).toBe(201);
    const id = first.body.data.submissionId as string;
    expect(await standalone()).toBeUndefined();
    expect((await lead(id))?.requestRecord).toMatchObject({ status: 'completed', fingerprint: expect.any(String), reply: { status: 201, data: { submissionId: id } } });
    // Staff never see it: it is the request's, not the lead's.
    const detail = await api('GET', `/leads/${id}`, { token: owner.token });
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).not.toContain('requestRecord');
    expect(JSON.stringify(detail.body)).not.toContain('fingerprint');
    // The retry of the stored request is answered from it, even when its solution is no longer valid (expired since).
    const late = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: email }] }, headers: withKey(key), challenge: 'expired' });
    expect(late.status).toBe(201);
    expect(late.headers.get('idempotent-replayed')).toBe('true');
    expect(late.body).toEqual(first.body);
    // The same key with another request and an expired solution is refused, as any expired solution is.
    const other = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: uniqueEmail('idemother') }] }, headers: withKey(key), challenge: 'expired' });
    expect(other.status).toBe(403);
    expect((await leads()).filter((l) => l.email === email)).toHaveLength(1);
  });

  it('a malformed key is 400 (empty, longer than 255 characters, or with spaces); nothing is stored', async () => {
    const email = uniqueEmail('idembad');
    for (const key of ['', 'x'.repeat(256), 'two words']) {
      const res = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: email }] }, headers: withKey(key) });
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.message).toBe(BAD_KEY);
    }
    const longest = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'email', value: email }] }, headers: withKey('k'.repeat(255)) });
    expect(longest.status).toBe(201);
    expect((await leads()).filter((l) => l.email === email)).toHaveLength(1);
  });

  it('without a key, each request is a new lead, as before', async () => {
    const email = uniqueEmail('idemnone');
    const body = { apiKey, items: [{ fieldId: 'email', value: email }] };
    const [a, b] = await Promise.all([api('POST', `/form-builder/form/${formId}/submissions`, { body }), api('POST', `/form-builder/form/${formId}/submissions`, { body })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.submissionId).not.toBe(b.body.data.submissionId);
    expect(a.headers.get('idempotent-replayed')).toBeNull();
    expect((await leads()).filter((l) => l.email === email)).toHaveLength(2);
  });

  it('a file uploaded five times with one key is stored once, under a key the submission accepts', async () => {
    const key = randomUUID();
    const form = new FormData();
    form.append('apiKey', apiKey);
    form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'referral.pdf');
    const send = () => api('POST', `/leads/forms/${formId}/files`, { form, headers: withKey(key) });
    const first = await fiveAtOnce(send);
    const prefix = `private/org/${owner.orgId}/forms/${formId}/uploads/`;
    expect(first.body.data.key).toMatch(new RegExp(`^${prefix}[A-Za-z0-9_-]{14}\\.pdf$`));
    await expectReplay(send, first);
    expect((await objectsUnder(prefix)).filter((k) => k === first.body.data.key)).toHaveLength(1);
    // Another file under the same key is another request.
    const other = new FormData();
    other.append('apiKey', apiKey);
    other.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'referral.png');
    expect((await api('POST', `/leads/forms/${formId}/files`, { form: other, headers: withKey(key) })).status).toBe(422);

    const submitted = await api('POST', `/form-builder/form/${formId}/submissions`, {
      body: { apiKey, items: [{ fieldId: 'email', value: uniqueEmail('idemfile') }, { fieldId: 'doc', value: first.body.data.key }] },
      headers: withKey(randomUUID()),
    });
    expect(submitted.status).toBe(201);
  });

  it('five payment links at once with one key make one pending payment and one Checkout session', async () => {
    const sub = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, packageId, items: [{ fieldId: 'email', value: uniqueEmail('idempay') }] } });
    const submissionId = sub.body.data.submissionId as string;
    const key = randomUUID();
    const send = () => api('POST', '/leads/payments/session', { body: { formId, apiKey, packageId, submissionId, currency: 'usd' }, headers: withKey(key) });
    const first = await fiveAtOnce(send);
    expect(first.body.data).toMatchObject({ amountMinor: 4000, currency: 'usd' });
    await expectReplay(send, first);

    const payments = (await api('GET', `/leads/payment-submissions/form/${formId}?limit=100`, { token: owner.token })).body.data.items as { id: string; submissionId: string; status: string }[];
    const mine = payments.filter((p) => p.submissionId === submissionId);
    expect(mine.map((p) => [p.id, p.status])).toEqual([[first.body.data.paymentId, 'pending']]);
    const { client, table } = testDb();
    const stored = await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}#FPAY#${first.body.data.paymentId}`, sk: 'FPAY' }, ConsistentRead: true }));
    expect(stored.Item?.stripeSessionId).toBe(first.body.data.sessionId);
  });
});

describe('booking hold with an Idempotency-Key', () => {
  let owner: Owner;
  let apiKey: string;
  let packageId: string;
  beforeAll(async () => {
    owner = await signUpOwner('idembook');
    const hours = [{ start: '08:00', end: '18:00' }];
    const weeklyHours = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
    // Five places a slot: five holds would fit, so only idempotency keeps it to one.
    expect((await api('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours, slotMinutes: 60, capacity: 5, closedDates: [], maxDaysAhead: 400 } })).status).toBe(200);
    packageId = (await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 49.5, packageDescription: 'A first visit.' } })).body.data.id;
    apiKey = await apiKeyOf(owner);
  });

  it('five at once hold one place, open one Checkout session; a retry gets the same link', async () => {
    const bookingDate = DateTime.now().setZone(ZONE).plus({ days: 4 }).toISODate()!;
    const body = { firstName: 'Pat', lastName: 'Once', email: uniqueEmail('idemhold'), phoneNumber: uniquePhone(), bookingDate, bookingTime: '11:00', apiKey, packageId };
    const key = randomUUID();
    const send = () => api('POST', '/bookings/create-booking', { body, headers: withKey(key) });
    const first = await fiveAtOnce(send);
    expect(first.body.data.checkoutUrl).toContain('/local/checkout/');
    await expectReplay(send, first);

    const bookings = (await api('GET', '/bookings?limit=100', { token: owner.token })).body.data.items as { id: string; email: string; status: string }[];
    expect(bookings.filter((b) => b.email === body.email).map((b) => [b.id, b.status])).toEqual([[first.body.data.bookingId, 'held']]);
    const { client, table } = testDb();
    const slot = await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}#SLOTS`, sk: first.body.data.startUtc }, ConsistentRead: true }));
    expect(slot.Item).toMatchObject({ held: 1, taken: 1 });
    const stored = await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}#BOOKING#${first.body.data.bookingId}`, sk: 'BOOKING' }, ConsistentRead: true }));
    expect(stored.Item?.checkoutUrl).toBe(first.body.data.checkoutUrl);
  });

  it('without a key, the same patient asking twice gets their one hold back (by email and phone); another patient holds another place', async () => {
    const bookingDate = DateTime.now().setZone(ZONE).plus({ days: 5 }).toISODate()!;
    const body = { firstName: 'Pat', lastName: 'Twice', email: uniqueEmail('idemtwice'), phoneNumber: uniquePhone(), bookingDate, bookingTime: '12:00', apiKey, packageId };
    const a = await api('POST', '/bookings/create-booking', { body });
    const b = await api('POST', '/bookings/create-booking', { body });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.data).toMatchObject({ bookingId: a.body.data.bookingId, checkoutUrl: a.body.data.checkoutUrl });
    const other = await api('POST', '/bookings/create-booking', { body: { ...body, email: uniqueEmail('idemother'), phoneNumber: uniquePhone() } });
    expect(other.status).toBe(201);
    expect(other.body.data.bookingId).not.toBe(a.body.data.bookingId);
    const { client, table } = testDb();
    const slot = await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}#SLOTS`, sk: a.body.data.startUtc }, ConsistentRead: true }));
    expect(slot.Item).toMatchObject({ held: 2, taken: 2 });
  });
});

describe('appointment request with an Idempotency-Key', () => {
  it('five at once make one appointment, one set of files, one mail to the visitor; a retry gets the first answer', async () => {
    const owner = await signUpOwner('idemappt');
    const apiKey = await apiKeyOf(owner);
    const form = bookingForm({ organizationApiKey: apiKey, lastName: 'Idempotent' }, { insuranceCardImage: [PNG, 'card.png', 'image/png'] });
    const email = form.get('email') as string;
    const key = randomUUID();
    const send = () => api('POST', '/public/appointments/book-custom', { form, headers: withKey(key) });
    const first = await fiveAtOnce(send);
    expect(first.body.data).toMatchObject({ status: 'requested' });
    await expectReplay(send, first);

    const list = (await api('GET', '/appointments?pageSize=100&search=idempotent', { token: owner.token })).body.data.items as { id: string }[];
    expect(list.map((a) => a.id)).toEqual([first.body.data.id]);
    expect(await objectsUnder(`private/org/${owner.orgId}/appointments/`)).toEqual([`private/org/${owner.orgId}/appointments/${first.body.data.id}/insuranceCardImage.png`]);
    const dashboard = await api('GET', '/dashboard', { token: owner.token });
    expect(dashboard.body.data.appointments).toBe(1);
    // The visitor's mail goes through the outbox: exactly one, still one a moment later.
    await waitForMails(email, 1);
    await new Promise((r) => setTimeout(r, 1500));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^We received your appointment request at /);
  });
});
