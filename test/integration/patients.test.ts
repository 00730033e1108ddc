// Patients (issue 36) over HTTP on the local stack: a confirmed booking makes (or finds) the patient,
// matched by email whatever its case and spaces, and by phone; their record lists bookings, payments,
// appointments, leads, mails and notes newest first, a page at a time; two records merge (idempotent,
// audited); the export holds everything with their files; erasing removes their personal data
// everywhere and keeps the amounts; another clinic's staff and members without the permission are refused.
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../support/db';
import { api, signUpOwner, uniquePhone, type Owner } from '../support/api';
import { addMember, perms, type Member } from '../support/members';
import { eventually } from '../support/eventually';
import { outboxRow } from '../support/outbox';
import { book } from './appointments-support';
import { dayAhead, getBooking, newClinic, paidBooking, type Clinic } from './booking-support';
import type { Json } from '../support/json';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a30000000049454e44ae426082', 'hex');

/** Every item of a patient's record, a page of `limit` at a time (and how many pages it took). */
async function allItems(token: string, id: string, limit: number) {
  const items: Json[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await api('GET', `/patients/${id}/items?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(res.status).toBe(200);
    items.push(...res.body.data.items);
    cursor = res.body.data.nextCursor;
    pages++;
  } while (cursor);
  return { items, pages };
}

/** A form with a name, an email and a file question, and its lead with a file; answers the lead's id. */
async function leadWithFile(c: Clinic, email: string): Promise<{ leadId: string; fileKey: string }> {
  const form = (await api('POST', '/form-builder/form', {
    token: c.owner.token,
    body: {
      name: 'Health questionnaire', description: 'Before your visit', packageIds: [], successMessage: 'Thanks!', submitButtonText: 'Send', secondButtonText: 'Later', redirectUrl: '/thanks',
      fields: [{ id: 'name', label: 'Full name', type: 'text', required: true }, { id: 'email', label: 'Email', type: 'email', required: true }, { id: 'allergies', label: 'Allergies', type: 'text' }, { id: 'card', label: 'Insurance card', type: 'file' }],
    },
  })).body.data;
  const data = new FormData();
  data.append('apiKey', c.apiKey);
  data.append('file', new Blob([new Uint8Array(PNG)]), 'card.png');
  const up = await api('POST', `/leads/forms/${form.id}/files`, { form: data });
  expect(up.status).toBe(201);
  const sent = await api('POST', `/form-builder/form/${form.id}/submissions`, {
    body: { apiKey: c.apiKey, items: [{ fieldId: 'name', value: 'Mia Match' }, { fieldId: 'email', value: email }, { fieldId: 'allergies', value: 'Penicillin' }, { fieldId: 'card', value: up.body.data.key }] },
    // As the page sends it: the lead then carries its request's record (functions/data/idempotency.ts recordOn).
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(sent.status).toBe(201);
  return { leadId: sent.body.data.submissionId, fileKey: up.body.data.key };
}

describe('patients', () => {
  let c: Clinic;
  let other: Owner;
  let reader: Member;
  let outsider: Member;
  let patientId: string;
  let bookingId: string;
  let leadId: string;
  const email = `mia.match-${Date.now()}@example.com`;

  beforeAll(async () => {
    c = await newClinic('patients');
    other = await signUpOwner('patientsother');
    reader = await addMember(c.owner, perms({ Appointment: 'r' }), { tag: 'patreader' });
    outsider = await addMember(c.owner, perms({ Members: 'r' }), { tag: 'patoutsider' });
  }, 60_000);

  it('a confirmed booking makes the patient; an appointment (same phone, other email) and a lead (email in another case, with spaces) find them again', async () => {
    const held = await paidBooking(c, dayAhead(3), '09:00', email);
    bookingId = held.id;
    // The subscriber runs after the booking's transaction: the patient shows up shortly after.
    const found = await eventually(async () => {
      const res = await api('GET', `/patients?search=${encodeURIComponent(email.slice(0, 12).toUpperCase())}`, { token: c.owner.token });
      return res.body.data?.items?.length ? res.body.data.items : undefined;
    }, 'the booking\'s patient');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ email, firstName: 'Pat', lastName: 'Visitor' });
    patientId = found[0].id;
    expect((await getBooking(c, bookingId)).id).toBe(bookingId);

    // The booking's phone: an appointment with another email is theirs (found by phone).
    const booked = await getBooking(c, bookingId);
    const appt = await book(c.owner.token, { firstName: 'Pat', lastName: 'Visitor', email: `other-${Date.now()}@example.com`, phone: booked.phoneNumber });
    expect(appt.customerId).toBe(patientId);
    // A lead whose email differs only in case and spaces is theirs too.
    leadId = (await leadWithFile(c, `  ${email.toUpperCase()} `)).leadId;
    await eventually(async () => ((await allItems(c.owner.token, patientId, 50)).items.some((i) => i.kind === 'submission') ? true : undefined), 'the lead in the record');
    const list = await api('GET', `/patients?search=${encodeURIComponent(booked.phoneNumber)}`, { token: c.owner.token });
    expect(list.body.data.items.map((p: Json) => p.id)).toEqual([patientId]);
  });

  it('lists the record newest first, a page at a time: booking, payment, appointment, lead, mails and notes', async () => {
    const noteA = await api('POST', `/patients/${patientId}/notes`, { token: c.owner.token, body: { text: 'Prefers morning visits.' } });
    expect(noteA.status).toBe(201);
    const noteB = await api('POST', `/patients/${patientId}/notes`, { token: c.owner.token, body: { text: 'Allergic to latex.' } });
    expect((await api('POST', `/patients/${patientId}/notes`, { token: c.owner.token, body: { text: '  ' } })).body.message).toBe('Please write the note');
    // The booking's confirmation mail has left through the outbox.
    const { items, pages } = await eventually(async () => {
      const all = await allItems(c.owner.token, patientId, 2);
      return all.items.some((i) => i.kind === 'mail') && all.items.some((i) => i.kind === 'payment') ? all : undefined;
    }, 'mail and payment in the record');
    expect(pages).toBeGreaterThan(2);
    const kinds = new Set(items.map((i) => i.kind));
    for (const kind of ['booking', 'payment', 'appointment', 'submission', 'mail', 'note']) expect(kinds).toContain(kind);
    const ats = items.map((i) => i.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(items[0]).toMatchObject({ kind: 'note', id: noteB.body.data.id, text: 'Allergic to latex.' });
    expect(items[1]).toMatchObject({ kind: 'note', id: noteA.body.data.id });
    expect(items.find((i) => i.kind === 'booking')).toMatchObject({ id: bookingId, title: 'Consultation', status: 'confirmed', amountMinor: 4950, currency: 'usd' });
    expect(items.find((i) => i.kind === 'payment')).toMatchObject({ amountMinor: 4950, refundedMinor: null, status: 'paid' });
    expect(items.find((i) => i.kind === 'submission')).toMatchObject({ id: leadId, title: 'Health questionnaire' });
    expect(items.find((i) => i.kind === 'submission').text).toContain('Allergies: Penicillin');
    // Each item once over the pages.
    expect(new Set(items.map((i) => `${i.kind}:${i.id}`)).size).toBe(items.length);
  });

  it('merges a second record of the same person into the first, once, with an audit entry', async () => {
    const second = await api('POST', '/customers', { token: c.owner.token, body: { firstName: 'Mia', lastName: 'Match', email: `mia.work-${Date.now()}@example.com` } });
    const secondId = second.body.data.id;
    const appt = await book(c.owner.token, { firstName: 'Mia', lastName: 'Match', email: second.body.data.email, phone: uniquePhone() });
    expect(appt.customerId).toBe(secondId);
    expect((await api('POST', `/patients/${patientId}/merge`, { token: c.owner.token, body: { fromId: patientId } })).status).toBe(409);
    expect((await api('POST', `/patients/${patientId}/merge`, { token: reader.token, body: { fromId: secondId } })).status).toBe(403);

    const merged = await api('POST', `/patients/${patientId}/merge`, { token: c.owner.token, body: { fromId: secondId } });
    expect(merged.status).toBe(200);
    expect(merged.body.data.otherEmails).toEqual([second.body.data.email]);
    // Again (a retry): the same answer, nothing moved twice.
    const again = await api('POST', `/patients/${patientId}/merge`, { token: c.owner.token, body: { fromId: secondId } });
    expect(again.status).toBe(200);
    expect(again.body.data.otherEmails).toEqual([second.body.data.email]);
    expect((await api('GET', `/patients/${secondId}`, { token: c.owner.token })).status).toBe(404);
    const { items } = await allItems(c.owner.token, patientId, 100);
    expect(items.filter((i) => i.kind === 'appointment').map((i) => i.id)).toContain(appt.id);
    expect(items.filter((i) => i.kind === 'appointment' && i.id === appt.id)).toHaveLength(1);
    // Their other email finds this patient now (a later booking with it links here).
    const byOther = await api('GET', `/customers?search=${encodeURIComponent(second.body.data.email)}`, { token: c.owner.token });
    expect(byOther.body.data.items.map((p: Json) => p.id)).toEqual([patientId]);
    expect((await api('GET', `/appointments/${appt.id}`, { token: c.owner.token })).body.data.customerId).toBe(patientId);
    const logs = await api('GET', '/logs?module=Customers', { token: c.owner.token });
    expect(logs.body.data.items.filter((l: Json) => l.summary === `Merged patient record ${secondId} into ${patientId}`)).toHaveLength(1);
  });

  it('exports everything of the patient with signed links to their files, then erases them everywhere and keeps the amounts', async () => {
    const exported = await api('GET', `/patients/${patientId}/export`, { token: reader.token });
    expect(exported.status).toBe(200);
    const data = exported.body.data;
    expect(data.patient).toMatchObject({ id: patientId, email });
    const kinds = new Set(data.items.map((i: Json) => i.kind));
    for (const kind of ['booking', 'payment', 'appointment', 'submission', 'mail', 'note']) expect(kinds).toContain(kind);
    expect(data.items.find((i: Json) => i.kind === 'booking').record).toMatchObject({ id: bookingId, email, amountPaidCents: 4950 });
    expect(data.items.find((i: Json) => i.kind === 'submission').record.answers.map((a: Json) => a.value)).toContain('Penicillin');
    // Not the request's record the lead carries (a hash of what they sent): housekeeping, never exported.
    expect(data.items.find((i: Json) => i.kind === 'submission').record.requestRecord).toBeUndefined();
    const { client, table } = testDb();
    const storedLead = async () => (await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${c.owner.orgId}#SUB#${leadId}`, sk: 'SUB' }, ConsistentRead: true }))).Item;
    expect((await storedLead())?.requestRecord).toMatchObject({ status: 'completed' });
    // The mails to their own address and to the merged record's.
    const mail = data.items.find((i: Json) => i.kind === 'mail' && i.record.to === email);
    expect(mail.record.subject).toBeTruthy();
    expect(data.items.some((i: Json) => i.kind === 'mail' && i.record.to.startsWith('mia.work-'))).toBe(true);
    expect(data.files).toHaveLength(1);
    expect(data.files[0]).toMatchObject({ from: `submission:${leadId}`, label: 'Insurance card' });
    expect((await fetch(data.files[0].url)).status).toBe(200);

    expect((await api('POST', `/patients/${patientId}/erase`, { token: reader.token })).status).toBe(403);
    const erased = await api('POST', `/patients/${patientId}/erase`, { token: c.owner.token });
    expect(erased.status).toBe(200);
    expect((await api('POST', `/patients/${patientId}/erase`, { token: c.owner.token })).status).toBe(200);

    expect((await api('GET', `/patients/${patientId}`, { token: c.owner.token })).status).toBe(404);
    expect((await api('GET', `/customers/${patientId}`, { token: c.owner.token })).status).toBe(404);
    expect((await api('GET', `/patients?search=${encodeURIComponent(email)}`, { token: c.owner.token })).body.data.items).toEqual([]);
    // The booking: no name or contact, the amounts kept.
    const booking = await getBooking(c, bookingId);
    expect(booking).toMatchObject({ firstName: '', lastName: '', email: '', phoneNumber: '', payerEmail: null, priceCents: 4950, amountPaidCents: 4950, status: 'confirmed' });
    // The lead: no answers, no contact; its file gone.
    const lead = await api('GET', `/leads/${leadId}`, { token: c.owner.token });
    expect(lead.body.data).toMatchObject({ answers: [], email: null, name: null });
    expect((await storedLead())?.requestRecord).toBeUndefined();
    expect((await fetch(data.files[0].url)).status).toBe(404);
    // The appointments: no name, contact or insurance.
    for (const a of data.items.filter((i: Json) => i.kind === 'appointment')) {
      const appt = (await api('GET', `/appointments/${a.id}`, { token: c.owner.token })).body.data;
      expect(appt).toMatchObject({ firstName: '', lastName: '', email: '', phone: '' });
      expect(appt.primaryInsurance).toBeUndefined();
    }
    // The mails sent: no recipient, subject or body.
    const row = await outboxRow(mail.id);
    expect(row?.payload.mail).toMatchObject({ to: '', subject: '', text: '' });
    // One audit entry, naming no one.
    const logs = (await api('GET', '/logs?module=Customers', { token: c.owner.token })).body.data.items;
    const entries = logs.filter((l: Json) => l.recordType === 'patient' && l.action === 'delete');
    expect(entries).toHaveLength(1);
    expect(entries[0].summary).not.toMatch(/Mia|Pat |Visitor|Match|@/);
    // The dashboard's money stays: the booking still counts as paid.
    expect(booking.paymentStatus).toBe('paid');
  });

  it('refuses another clinic\'s staff, members without the permission, and no token', async () => {
    const mine = await api('POST', '/customers', { token: c.owner.token, body: { firstName: 'Only', lastName: 'Mine', phone: uniquePhone() } });
    const id = mine.body.data.id;
    expect((await api('GET', `/patients/${id}`, { token: reader.token })).status).toBe(200);
    for (const [method, path] of [['GET', `/patients/${id}`], ['GET', `/patients/${id}/items`], ['GET', `/patients/${id}/export`], ['POST', `/patients/${id}/erase`]] as const) {
      expect((await api(method, path, { token: other.token })).status, `${method} ${path} of another clinic`).toBe(404);
      expect((await api(method, path, { token: outsider.token })).status, `${method} ${path} without Appointment`).toBe(403);
    }
    expect((await api('POST', `/patients/${id}/notes`, { token: other.token, body: { text: 'x' } })).status).toBe(404);
    expect((await api('POST', `/patients/${id}/notes`, { token: reader.token, body: { text: 'x' } })).status).toBe(403);
    expect((await api('POST', `/patients/${id}/merge`, { token: other.token, body: { fromId: id } })).status).toBe(409);
    expect((await api('GET', '/patients', { token: outsider.token })).status).toBe(403);
    expect((await api('GET', '/patients')).status).toBe(401);
    expect((await api('GET', '/patients', { token: other.token })).body.data.items).toEqual([]);
  });

  it('DELETE /customers keeps a customer whose record holds a booking (409), and takes the notes of one whose record holds only notes', async () => {
    const kept = (await api('POST', '/customers', { token: c.owner.token, body: { firstName: 'Kay', lastName: 'Kept', email: `kay.kept-${Date.now()}@example.com` } })).body.data;
    await paidBooking(c, dayAhead(5), '10:00', kept.email);
    await eventually(async () => ((await allItems(c.owner.token, kept.id, 50)).items.some((i) => i.kind === 'booking') ? true : undefined), 'the booking in the record');
    const refused = await api('DELETE', `/customers/${kept.id}`, { token: c.owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This customer has bookings, form answers or payments, so their record is kept. To remove their personal data, erase the patient.');
    expect((await api('GET', `/patients/${kept.id}`, { token: c.owner.token })).status).toBe(200);

    const noted = (await api('POST', '/customers', { token: c.owner.token, body: { firstName: 'Nia', lastName: 'Noted', phone: uniquePhone() } })).body.data;
    expect((await api('POST', `/patients/${noted.id}/notes`, { token: c.owner.token, body: { text: 'Called about parking.' } })).status).toBe(201);
    expect((await api('DELETE', `/customers/${noted.id}`, { token: c.owner.token })).status).toBe(200);
    expect((await api('GET', `/patients/${noted.id}`, { token: c.owner.token })).status).toBe(404);
    // Its notes went with it: a customer made again under the same id would find none.
    const { client, table } = testDb();
    const left = await client.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${c.owner.orgId}#PAT#${noted.id}#ITEMS` } }));
    expect(left.Items ?? []).toEqual([]);
  });
});
