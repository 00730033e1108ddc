// Deleting an organisation whole: when the owner deletes their account, every item of the
// organisation goes (found through the tenant index, no Scan in the code), including the items keyed
// otherwise (its API key, Stripe payment owners, outbox rows), and every file under its prefixes,
// public and private; another organisation's data is untouched. A run interrupted midway (a crash
// after some batches) is finished by deleting again. The test itself lists the local table with a
// Scan, to see what is left.
import { DeleteCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, signUpOwner, uniqueEmail, uniquePhone, waitForMails, type ApiResponse, type Owner } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { addMember, perms } from '../support/members';
import { payLocalCheckout } from '../support/stripe';
import { PDF, PNG, bookingForm, objectsUnder } from './appointments-support';

/** A table item: every one has its string keys. */
type Item = { pk: string; sk: string } & Record<string, unknown>;

async function wholeTable(): Promise<Item[]> {
  const { client, table } = testDb();
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...((out.Items ?? []) as Item[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Items that are the organisation's in any way: its tenant stamp, its id in a key, or its orgId. */
const itemsOf = (items: Item[], orgId: string) => items.filter((i) => i.tenant === orgId || i.orgId === orgId || String(i.pk).includes(orgId) || String(i.sk).includes(orgId));

const filesOf = async (orgId: string) => [...(await objectsUnder(`org/${orgId}/`)), ...(await objectsUnder(`private/org/${orgId}/`))];

const png = () => new Blob([new Uint8Array(PNG)], { type: 'image/png' });

/** An organisation with some of everything: members' traces, appointments, forms, leads, payments, bookings, notices, uploads. */
async function busyOrganisation(tag: string): Promise<{ owner: Owner; apiKey: string; visitorEmail: string }> {
  const owner = await signUpOwner(tag);
  const apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey as string;
  const ok = <R extends ApiResponse>(res: R, what: string): R => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.body.message}`);
    return res;
  };

  // A member who works for a while (notifications, an assignment) and is then removed.
  const member = await addMember(owner, perms({ Appointment: 'rw', FORMS: 'r', Notifications: 'r' }), { tag: `${tag}member` });

  // Profile picture, services, customers, an SMS.
  const picture = new FormData();
  picture.append('file', png(), 'me.png');
  ok(await api('PATCH', '/users/profile-picture', { token: owner.token, form: picture }), 'picture');
  const category = ok(await api('POST', '/service-categories', { token: owner.token, body: { name: 'Physiotherapy' } }), 'category').body.data;
  ok(await api('POST', '/services', { token: owner.token, body: { categoryId: category.id, name: 'Massage', durationMinutes: 30, priceCents: 5000 } }), 'service');
  const customer = ok(await api('POST', '/customers', { token: owner.token, body: { firstName: 'Carla', lastName: 'Customer', email: uniqueEmail('carla'), phone: '+15550001111' } }), 'customer').body.data;
  ok(await api('POST', '/sms', { token: owner.token, body: { customerId: customer.id, message: 'Hello' } }), 'sms');

  // Appointments: a visitor's request with a file, and one the member books and the owner assigns.
  const visitorEmail = uniqueEmail(`${tag}visitor`);
  ok(await api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: apiKey, email: visitorEmail }, { insuranceCardImage: [PNG, 'card.png', 'image/png'], debtorReferralDocument: [PDF, 'ref.pdf', 'application/pdf'] }), headers: { 'idempotency-key': randomUUID() } }), 'request');
  const booked = ok(await api('POST', '/appointments/book-custom', { token: member.token, form: bookingForm() }), 'book').body.data;
  ok(await api('POST', '/appointments/assign', { token: owner.token, body: { appointmentId: booked.id, userId: member.userId, version: booked.version } }), 'assign');

  // Forms: a package with an image, a form, a visitor's file and submission, a paid payment link.
  const pkg = ok(await api('POST', '/packages', { token: owner.token, body: { name: 'Assessment', price: 40, isPayable: true } }), 'package').body.data;
  const image = new FormData();
  image.append('packageId', pkg.id);
  image.append('file', png(), 'pkg.png');
  ok(await api('POST', '/leads/update-package-image', { token: owner.token, form: image }), 'package image');
  const form = ok(await api('POST', '/form-builder/form', { token: owner.token, body: { name: 'Intake', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }, { id: 'doc', label: 'Document', type: 'file' }], packageIds: [pkg.id] } }), 'form').body.data;
  const upload = new FormData();
  upload.append('apiKey', apiKey);
  upload.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'doc.pdf');
  const fileKey = ok(await api('POST', `/leads/forms/${form.id}/files`, { form: upload, headers: { 'idempotency-key': randomUUID() } }), 'upload').body.data.key;
  const payer = uniqueEmail(`${tag}payer`);
  const submission = ok(await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, packageId: pkg.id, items: [{ fieldId: 'email', value: payer }, { fieldId: 'doc', value: fileKey }] } }), 'submit').body.data;
  const link = ok(await api('POST', '/leads/payments/session', { body: { formId: form.id, apiKey, packageId: pkg.id, submissionId: submission.submissionId, currency: 'usd' } }), 'payment link').body.data;
  await payLocalCheckout(link.url, payer);
  await eventually(async () => ((await api('GET', `/payment/submission/${link.paymentId}`, { token: owner.token })).body.data?.status === 'paid' ? true : undefined), 'form payment paid');

  // Bookings: availability, a package, one paid booking and one still held.
  const hours = [{ start: '08:00', end: '18:00' }];
  const weeklyHours = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
  ok(await api('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours, slotMinutes: 60, capacity: 2, closedDates: [], maxDaysAhead: 400 } }), 'availability');
  const bookingPackage = ok(await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 49.5, packageDescription: 'A first visit.' } }), 'booking package').body.data;
  const bookingDate = DateTime.now().setZone('America/New_York').plus({ days: 3 }).toISODate()!;
  const booking = (email: string, bookingTime: string) => ({ firstName: 'Pat', lastName: 'Visitor', email, phoneNumber: uniquePhone(), bookingDate, bookingTime, apiKey, packageId: bookingPackage.id });
  const paidBooker = uniqueEmail(`${tag}booker`);
  const paid = ok(await api('POST', '/bookings/create-booking', { body: booking(paidBooker, '10:00'), headers: { 'idempotency-key': randomUUID() } }), 'booking').body.data;
  await payLocalCheckout(paid.checkoutUrl, paidBooker);
  await eventually(async () => ((await api('GET', `/bookings/booking/${paid.bookingId}`, { token: owner.token })).body.data?.status === 'confirmed' ? true : undefined), 'booking confirmed');
  ok(await api('POST', '/bookings/create-booking', { body: booking(uniqueEmail(`${tag}holder`), '11:00') }), 'held booking');

  // The outbox has delivered the notices (staff notifications exist) and the visitor's mail.
  await waitForMails(visitorEmail, 1);
  await eventually(async () => (((await api('GET', '/notifications', { token: owner.token })).body.data as unknown[]).length >= 3 ? true : undefined), 'notifications');

  ok(await api('DELETE', `/organization/members/${member.userId}`, { token: owner.token }), 'remove member');
  return { owner, apiKey, visitorEmail };
}

describe('deleting an organisation', () => {
  it("removes every item and file of the organisation when its owner deletes their account, and nothing of another's", async () => {
    const [{ owner, apiKey }, other] = await Promise.all([busyOrganisation('gone'), busyOrganisation('stays')]);

    const before = await wholeTable();
    const mine = itemsOf(before, owner.orgId);
    const theirs = itemsOf(before, other.owner.orgId);
    // Some of everything is there to delete, including the items not keyed by the organisation.
    const prefixes = new Set(mine.map((i) => String(i.pk).replace(/#.*/, '')));
    expect([...prefixes].sort()).toEqual(expect.arrayContaining(['APIKEY', 'ORG', 'OUTBOX', 'STRIPE_PI']));
    expect(mine.length).toBeGreaterThan(60);
    const filesBefore = (await filesOf(owner.orgId)).length;
    expect(filesBefore).toBeGreaterThanOrEqual(5);
    const theirFiles = await filesOf(other.owner.orgId);

    const started = Date.now();
    const deleted = await api('DELETE', '/users', { token: owner.token });
    const took = Date.now() - started;
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Your account has been deleted.');

    const after = await wholeTable();
    const left = itemsOf(after, owner.orgId);
    const filesLeft = await filesOf(owner.orgId);
    const mentions = after.filter((i) => JSON.stringify(i).includes(owner.orgId)).map((i) => i.pk);
    console.log(`organisation deletion: ${mine.length} items and ${filesBefore} files before, ${left.length} items and ${filesLeft.length} files left (${took} ms); mentions of the id elsewhere: ${mentions.join(', ') || 'none'}`);
    expect(left).toEqual([]);
    // Nothing else names it either (a stored Idempotency-Key reply naming an uploaded file, say).
    expect(mentions).toEqual([]);
    expect(after.filter((i) => i.pk === `USER#${owner.userId}` || i.pk === `EMAIL#${owner.email.toLowerCase()}`)).toEqual([]);
    expect(filesLeft).toEqual([]);
    // Every item and file of the other organisation is still there (its outbox rows may have been delivered meanwhile).
    const keyOf = (i: Item) => `${i.pk}|${i.sk}`;
    expect(itemsOf(after, other.owner.orgId).map(keyOf)).toEqual(expect.arrayContaining(theirs.map(keyOf)));
    expect(await filesOf(other.owner.orgId)).toEqual(theirFiles);
    expect((await api('GET', '/dashboard', { token: other.owner.token })).status).toBe(200);

    // The public pages and the sign-in are gone.
    expect((await api('GET', `/public/appointments/${apiKey}`)).status).toBe(404);
    expect((await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } })).status).toBe(401);
  }, 120_000);

  it('a deletion interrupted midway is finished by deleting again', async () => {
    const { owner, apiKey } = await busyOrganisation('halfway');
    const { client, table } = testDb();
    // What a run that died after its first batches leaves: the organisation marked, its key item gone,
    // part of its items deleted (here: the first 40 the tenant index lists, the counters among them).
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}`, sk: 'PROFILE' }, UpdateExpression: 'SET #s = :d', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':d': 'deleting' } }));
    await client.send(new DeleteCommand({ TableName: table, Key: { pk: `APIKEY#${apiKey}`, sk: 'APIKEY' } }));
    const listed = (await client.send(new QueryCommand({ TableName: table, IndexName: 'tenant', KeyConditionExpression: 'tenant = :t', ExpressionAttributeValues: { ':t': owner.orgId }, Limit: 40 }))).Items ?? [];
    const keep = new Set([`ORG#${owner.orgId}|PROFILE`, `ORG#${owner.orgId}|MEMBER#${owner.userId}`]);
    for (const { pk, sk } of listed) if (!keep.has(`${pk}|${sk}`)) await client.send(new DeleteCommand({ TableName: table, Key: { pk, sk } }));
    await client.send(new DeleteCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}`, sk: 'COUNTERS' } }));
    expect(itemsOf(await wholeTable(), owner.orgId).length).toBeGreaterThan(20);

    // The owner can still sign in, and deleting again finishes the work.
    const signedIn = await api('POST', '/users/login', { body: { email: owner.email, password: owner.password } });
    expect(signedIn.status).toBe(201);
    const again = await api('DELETE', '/users', { token: signedIn.body.data.token });
    expect(again.status).toBe(200);
    expect(itemsOf(await wholeTable(), owner.orgId)).toEqual([]);
    expect(await filesOf(owner.orgId)).toEqual([]);
  }, 120_000);

  it('a member deleting their own account leaves the organisation as it is', async () => {
    const owner = await signUpOwner('keepsorg');
    const member = await addMember(owner, perms({ Notifications: 'r' }), { tag: 'leaver' });
    const keyOf = (i: Item) => `${i.pk}|${i.sk}`;
    const theirOwn = (i: Item) => i.sk === `MEMBER#${member.userId}` || i.pk === `USER#${member.userId}`;
    const before = itemsOf(await wholeTable(), owner.orgId).filter((i) => !theirOwn(i)).map(keyOf);
    expect((await api('DELETE', '/users', { token: member.token })).status).toBe(200);
    const after = itemsOf(await wholeTable(), owner.orgId);
    expect(after.filter(theirOwn)).toEqual([]);
    expect(after.map(keyOf)).toEqual(expect.arrayContaining(before));
    expect((await api('GET', '/dashboard', { token: owner.token })).body.data.members).toBe(1);
    expect((await api('GET', '/organization/integration', { token: owner.token })).status).toBe(200);
  });

  it('the owner cannot delete while other members remain (409), and nothing is deleted', async () => {
    const owner = await signUpOwner('notalone');
    await addMember(owner, perms({ Notifications: 'r' }), { tag: 'stayer' });
    const keyOf = (i: Item) => `${i.pk}|${i.sk}`;
    const before = itemsOf(await wholeTable(), owner.orgId).map(keyOf);
    const refused = await api('DELETE', '/users', { token: owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Remove the other members of your organisation before deleting your account.');
    // Everything is still there (the outbox may have delivered a notice meanwhile: more, never fewer).
    expect(itemsOf(await wholeTable(), owner.orgId).map(keyOf)).toEqual(expect.arrayContaining(before));
  });
});
