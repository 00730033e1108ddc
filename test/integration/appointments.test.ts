// Appointments over HTTP against the embedded stack: the public request page and staff booking (with
// files, nothing half-stored), detail and log, assignment within the organisation, the status
// lifecycle, conflicting changes, My Appointments, the CSV export and the list's sort/filter/search/paging.
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { api, mailsTo, signUpOwner, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { addMember, logs, perms, type Member } from '../support/members';
import { PDF, PNG, apiKeyOf, book, bookingForm, inDays, objectsUnder, parseCsv } from './appointments-support';
import type { Json } from '../support/json';

const STALE = 'This appointment was changed by someone else. Reload and try again.';

async function appointmentCount(token: string): Promise<number> {
  return (await api('GET', '/dashboard', { token })).body.data.appointments;
}

describe('public appointment request page', () => {
  let owner: Owner;
  let apiKey: string;
  beforeAll(async () => {
    owner = await signUpOwner('apptpublic');
    apiKey = await apiKeyOf(owner.token);
  });

  it('shows the clinic and its active services for the apiKey, and 404 for an unknown one', async () => {
    const page = await api('GET', `/public/appointments/${apiKey}`);
    expect(page.status).toBe(200);
    expect(page.body.data.organization.name).toBe('apptpublic Clinic');
    expect(page.body.data.services).toEqual([]);
    expect(JSON.stringify(page.body)).not.toContain(owner.orgId);
    const unknown = await api('GET', '/public/appointments/pk_unknownunknownunknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This appointment page is not available. Please check the link.');
  });

  it('takes a request without sign-in: requested, counted, mailed to the visitor, staff notified, customer created', async () => {
    const before = await appointmentCount(owner.token);
    const form = bookingForm({ organizationApiKey: apiKey, firstName: 'Vera', lastName: 'Visitor', email: 'vera.visitor@example.com', phone: '+15557654321' });
    const res = await api('POST', '/public/appointments/book-custom', { form });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'requested', bookingTime: '09:30' });
    expect(Object.keys(res.body.data).sort()).toEqual(['bookingDate', 'bookingTime', 'id', 'status']);
    const id = res.body.data.id;

    expect(await appointmentCount(owner.token)).toBe(before + 1);
    const mail = await eventually(async () => (await mailsTo('vera.visitor@example.com')).find((m) => m.body.text?.includes(id)), 'the request mail');
    expect(mail.subject).toBe('We received your appointment request at apptpublic Clinic');

    await eventually(async () => (await api('GET', '/notifications', { token: owner.token })).body.data.find((n: Json) => n.title === 'New appointment request' && n.link === `/appointments/${id}`), 'the request notice');

    const detail = await api('GET', `/appointments/${id}`, { token: owner.token });
    expect(detail.body.data).toMatchObject({ firstName: 'Vera', source: 'public', status: 'requested', version: 1, assignee: null });
    expect(detail.body.data.log).toHaveLength(1);
    expect(detail.body.data.log[0]).toMatchObject({ action: 'created', actorName: 'Vera Visitor (public request)' });

    const customers = await api('GET', '/customers?search=vera.visitor@example.com', { token: owner.token });
    expect(customers.body.data.items).toHaveLength(1);
    expect(customers.body.data.items[0]).toMatchObject({ id: detail.body.data.customerId, appointmentCount: 1 });
  });

  it('refuses an unknown apiKey, bad fields with the spec messages, and a date in the past', async () => {
    const unknown = await api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: 'pk_nosuchkeynosuchkey' }) });
    expect(unknown.status).toBe(404);
    const noKey = await api('POST', '/public/appointments/book-custom', { form: bookingForm() });
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors!.organizationApiKey).toBe('Organization API key is required');

    const bad = await api('POST', '/public/appointments/book-custom', {
      form: bookingForm({ organizationApiKey: apiKey, firstName: '', lastName: '', email: 'nope', phone: '555-1234', bookingDate: '', bookingTime: '' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      phone: 'Invalid phone number (e.g., +1234567890)',
      bookingDate: 'Booking date is required',
      bookingTime: 'Booking time is required',
    });
    const past = await api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: apiKey, bookingDate: inDays(-3) }) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Booking date cannot be in the past');
    const notJson = await api('POST', '/public/appointments/book-custom', { body: { organizationApiKey: apiKey } });
    expect(notJson.status).toBe(415);
  });
});

describe('staff booking (the console\'s Book Appointment)', () => {
  let owner: Owner;
  let writer: Member;
  let reader: Member;
  beforeAll(async () => {
    owner = await signUpOwner('apptstaff');
    [writer, reader] = await Promise.all([
      addMember(owner, perms({ Appointment: 'rw', Notifications: 'r' }), { tag: 'writer', firstName: 'Wendy', lastName: 'Writer' }),
      addMember(owner, perms({ Appointment: 'r', Notifications: 'r' }), { tag: 'reader', firstName: 'Rita', lastName: 'Reader' }),
    ]);
  });

  it('books as confirmed with one audit entry, mails the patient and tells the other staff', async () => {
    const before = await appointmentCount(owner.token);
    const res = await api('POST', '/appointments/book-custom', { token: writer.token, form: bookingForm({ firstName: 'Sam', lastName: 'Staffbooked', email: 'sam.staff@example.com' }) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'confirmed', source: 'staff', createdBy: writer.userId, version: 1 });
    expect(await appointmentCount(owner.token)).toBe(before + 1);
    const entries = (await logs(owner)).filter((e) => e.recordId === res.body.data.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ module: 'Appointment', action: 'create', actorId: writer.userId });
    const mail = await eventually(async () => (await mailsTo('sam.staff@example.com')).find((m) => m.body.text?.includes(res.body.data.id)), 'the booking mail');
    expect(mail.subject).toBe('Your appointment at apptstaff Clinic is booked');
    await eventually(async () => (await api('GET', '/notifications', { token: reader.token })).body.data.find((n: Json) => n.link === `/appointments/${res.body.data.id}`), 'the booking notice');
    const writerNotes = await api('GET', '/notifications', { token: writer.token });
    expect(writerNotes.body.data.some((n: Json) => n.link === `/appointments/${res.body.data.id}`)).toBe(false);
  });

  it('refuses a member without Appointment write (403) and a request without a token (401); nothing is written', async () => {
    const before = await appointmentCount(owner.token);
    const refused = await api('POST', '/appointments/book-custom', { token: reader.token, form: bookingForm() });
    expect(refused.status).toBe(403);
    expect((await api('POST', '/appointments/book-custom', { form: bookingForm() })).status).toBe(401);
    expect(await appointmentCount(owner.token)).toBe(before);
  });

  it('stores an insurance card image and a referral PDF privately: never at /assets, only through a short-lived signed link', async () => {
    const res = await api('POST', '/appointments/book-custom', {
      token: owner.token,
      form: bookingForm({}, { insuranceCardImage: [PNG, 'card.png', 'image/png'], debtorReferralDocument: [PDF, 'referral.pdf', 'application/pdf'] }),
    });
    expect(res.status).toBe(201);
    const { insuranceCardImage, debtorReferralDocument } = res.body.data.attachments;
    expect(insuranceCardImage).toMatch(new RegExp(`^private/org/${owner.orgId}/appointments/${res.body.data.id}/.+\\.png$`));
    expect(debtorReferralDocument).toMatch(/\.pdf$/);
    const detail = await api('GET', `/appointments/${res.body.data.id}`, { token: owner.token });
    expect(detail.body.data.attachments).toEqual({ insuranceCardImage, debtorReferralDocument });
    expect((await fetch(`${inject('appUrl')}/assets/${debtorReferralDocument}`)).status).toBe(404);

    const link = await api('GET', `/appointments/${res.body.data.id}/attachments/debtorReferralDocument`, { token: reader.token });
    expect(link.status).toBe(200);
    expect(link.body.data.expiresInSeconds).toBe(300);
    const served = await fetch(link.body.data.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    const opened = (await logs(owner)).filter((e) => e.recordId === res.body.data.id && e.summary === 'Opened debtorReferralDocument of the appointment');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ actorId: reader.userId });

    expect((await api('GET', `/appointments/${res.body.data.id}/attachments/notAField`, { token: owner.token })).status).toBe(404);
  });

  it('refuses a file of the wrong type or too large with a clear message, leaving no appointment and no stored file', async () => {
    const prefix = `private/org/${owner.orgId}/appointments/`;
    const objectsBefore = await objectsUnder(prefix);
    const countBefore = await appointmentCount(owner.token);
    const listBefore = (await api('GET', '/appointments?pageSize=100', { token: owner.token })).body.data.items.length;

    // The first file is fine and is stored first; the second is a script named .pdf: both must be gone.
    const wrongType = await api('POST', '/appointments/book-custom', {
      token: owner.token,
      form: bookingForm({ lastName: 'Halfstored' }, { insuranceCardImage: [PNG, 'card.png', 'image/png'], debtorReferralDocument: [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'referral.pdf', 'application/pdf'] }),
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.message).toBe('Debtor referral document: this file type is not allowed. Allowed: jpg, png, webp, gif, pdf.');
    expect(wrongType.body.errors).toEqual({ debtorReferralDocument: wrongType.body.message });

    const tooLarge = await api('POST', '/appointments/book-custom', {
      token: owner.token,
      form: bookingForm({ lastName: 'Halfstored' }, { insuranceCardImage: [PNG, 'card.png', 'image/png'], debtorReferralDocument: [Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024)]), 'big.pdf', 'application/pdf'] }),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Debtor referral document is too large (at most 2 MB).');

    const publicTooLarge = await api('POST', '/public/appointments/book-custom', {
      form: bookingForm({ organizationApiKey: await apiKeyOf(owner.token), lastName: 'Halfstored' }, { insuranceCardImage: [Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), 'card.png', 'image/png'] }),
    });
    expect(publicTooLarge.status).toBe(413);
    expect(publicTooLarge.body.message).toBe('Insurance card image is too large (at most 2 MB).');

    expect(await objectsUnder(prefix)).toEqual(objectsBefore);
    expect(await appointmentCount(owner.token)).toBe(countBefore);
    const after = await api('GET', '/appointments?pageSize=100&search=halfstored', { token: owner.token });
    expect(after.body.data.items).toEqual([]);
    expect((await api('GET', '/appointments?pageSize=100', { token: owner.token })).body.data.items.length).toBe(listBefore);
  });
});

describe('detail, assignment, status and log', () => {
  let owner: Owner;
  let writer: Member;
  let reader: Member;
  let noAppointments: Member;
  let other: Owner;
  beforeAll(async () => {
    owner = await signUpOwner('apptflow');
    other = await signUpOwner('apptother');
    [writer, reader, noAppointments] = await Promise.all([
      addMember(owner, perms({ Appointment: 'rw', Notifications: 'r' }), { tag: 'flowwriter', firstName: 'Wes', lastName: 'Writer' }),
      addMember(owner, perms({ Appointment: 'r', Notifications: 'r' }), { tag: 'flowreader', firstName: 'Ray', lastName: 'Reader' }),
      addMember(owner, perms({ Members: 'r' }), { tag: 'flownone', firstName: 'Nora', lastName: 'None' }),
    ]);
  });

  it('another organisation\'s appointment is not found, whatever the route', async () => {
    const a = await book(owner.token);
    expect((await api('GET', `/appointments/${a.id}`, { token: other.token })).status).toBe(404);
    expect((await api('PATCH', `/appointments/${a.id}/change-status`, { token: other.token, body: { status: 'completed' } })).status).toBe(404);
    expect((await api('GET', `/appointments/${a.id}/remove-assignee`, { token: other.token })).status).toBe(404);
    expect((await api('POST', '/appointments/assign', { token: other.token, body: { userId: other.userId, appointmentId: a.id } })).status).toBe(404);
    expect((await api('GET', `/appointments/appointment-logs?appointmentId=${a.id}`, { token: other.token })).status).toBe(404);
    expect((await api('GET', `/appointments/${a.id}`, { token: owner.token })).status).toBe(200);
  });

  it('assigns only to members of the organisation who may read appointments; the assignee is told and sees it as theirs', async () => {
    const a = await book(owner.token, { firstName: 'Ann', lastName: 'Assigned' });
    const assignees = await api('GET', '/appointments/assignees', { token: writer.token });
    expect(assignees.body.data.items.map((m: Json) => m.name)).toEqual(['Olive Owner', 'Ray Reader', 'Wes Writer']);
    expect((await api('GET', '/appointments/assignees', { token: reader.token })).status).toBe(403);
    const outsider = await api('POST', '/appointments/assign', { token: owner.token, body: { userId: other.userId, appointmentId: a.id } });
    expect(outsider.status).toBe(400);
    expect(outsider.body.message).toBe('You can only assign appointments to members of your organisation.');
    const blind = await api('POST', '/appointments/assign', { token: owner.token, body: { userId: noAppointments.userId, appointmentId: a.id } });
    expect(blind.status).toBe(400);
    expect(blind.body.message).toBe('Nora None cannot see appointments. Give them Appointment read first.');
    const byReader = await api('POST', '/appointments/assign', { token: reader.token, body: { userId: reader.userId, appointmentId: a.id } });
    expect(byReader.status).toBe(403);
    expect((await api('GET', `/appointments/${a.id}`, { token: owner.token })).body.data).toMatchObject({ version: 1, assignee: null });

    const assigned = await api('POST', '/appointments/assign', { token: owner.token, body: { userId: reader.userId, appointmentId: a.id } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({ version: 2, assignee: { userId: reader.userId, name: 'Ray Reader' } });
    await eventually(async () => (await api('GET', '/notifications', { token: reader.token })).body.data.find((n: Json) => n.title === 'Appointment assigned to you' && n.link === `/appointments/${a.id}`), 'the assignment notice');
    expect((await api('GET', '/dashboard', { token: reader.token })).body.data.myAppointments).toBe(1);
    const mine = await api('GET', '/appointments/assigned/to/me', { token: reader.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.map((i: Json) => i.id)).toEqual([a.id]);

    // Assigning an appointment someone else has is a reassignment.
    const again = await api('POST', '/appointments/assign', { token: owner.token, body: { userId: writer.userId, appointmentId: a.id } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This appointment is already assigned to Ray Reader. Reassign it instead.');

    const reassigned = await api('PATCH', `/appointments/${a.id}/update-assignee`, { token: writer.token, body: { userId: writer.userId, appointmentId: a.id } });
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.data.assignee).toEqual({ userId: writer.userId, name: 'Wes Writer' });
    expect((await api('GET', '/appointments/assigned/to/me', { token: reader.token })).body.data.items).toEqual([]);
    expect((await api('GET', '/appointments/assigned/to/me', { token: writer.token })).body.data.items.map((i: Json) => i.id)).toEqual([a.id]);
    expect((await api('GET', '/dashboard', { token: reader.token })).body.data.myAppointments).toBe(0);
    expect((await api('GET', '/dashboard', { token: writer.token })).body.data.myAppointments).toBe(1);
    const mismatch = await api('PATCH', `/appointments/${a.id}/update-assignee`, { token: writer.token, body: { userId: reader.userId, appointmentId: 'another-id' } });
    expect(mismatch.status).toBe(400);
    const outsiderReassign = await api('PATCH', `/appointments/${a.id}/update-assignee`, { token: writer.token, body: { userId: other.userId, appointmentId: a.id } });
    expect(outsiderReassign.status).toBe(400);

    const removed = await api('GET', `/appointments/${a.id}/remove-assignee`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ assignee: null, version: 4 });
    expect((await api('GET', '/appointments/assigned/to/me', { token: writer.token })).body.data.items).toEqual([]);
    expect((await api('GET', '/dashboard', { token: writer.token })).body.data.myAppointments).toBe(0);
    expect((await api('GET', '/dashboard', { token: owner.token })).body.data.myAppointments).toBeUndefined();
    const twice = await api('GET', `/appointments/${a.id}/remove-assignee`, { token: owner.token });
    expect(twice.body).toMatchObject({ message: 'This appointment has no assignee.', data: { version: 4 } });
    expect((await api('GET', `/appointments/${a.id}/remove-assignee`, { token: reader.token })).status).toBe(403);

    const log = await api('GET', `/appointments/appointment-logs?appointmentId=${a.id}`, { token: reader.token });
    expect(log.body.data.items.map((e: Json) => e.action)).toEqual(['unassigned', 'reassigned', 'assigned', 'created']);
    expect(log.body.data.items[1]).toMatchObject({ actorId: writer.userId, actorName: 'Wes Writer', summary: 'Reassigned from Ray Reader to Wes Writer' });
    const audit = (await logs(owner)).filter((e) => e.recordId === a.id);
    expect(audit.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
  });

  it('moves along the lifecycle and refuses moves that make no sense', async () => {
    const a = await book(owner.token, { email: 'life.cycle@example.com' }); // staff bookings start confirmed
    const toRequested = await api('PATCH', `/appointments/${a.id}/change-status`, { token: owner.token, body: { status: 'requested' } });
    expect(toRequested.status).toBe(409);
    expect(toRequested.body.message).toBe('A confirmed appointment cannot become requested. It can become: completed, cancelled, no-show.');
    const unknown = await api('PATCH', `/appointments/${a.id}/change-status`, { token: owner.token, body: { status: 'done' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors!.status).toBe('Status must be one of: requested, confirmed, completed, cancelled, no-show');
    expect((await api('PATCH', `/appointments/${a.id}/change-status`, { token: reader.token, body: { status: 'completed' } })).status).toBe(403);

    const same = await api('PATCH', `/appointments/${a.id}/change-status`, { token: owner.token, body: { status: 'confirmed' } });
    expect(same.body).toMatchObject({ message: 'The appointment is already confirmed.', data: { version: 1 } });
    const done = await api('PATCH', `/appointments/${a.id}/change-status`, { token: writer.token, body: { status: 'completed', version: 1 } });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', version: 2 });
    const reopen = await api('PATCH', `/appointments/${a.id}/change-status`, { token: writer.token, body: { status: 'confirmed' } });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe('A completed appointment cannot become confirmed. It is closed.');

    // A public request: requested -> no-show makes no sense; requested -> cancelled does, and mails the patient.
    const apiKey = await apiKeyOf(owner.token);
    const req = await api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: apiKey, email: 'to.cancel@example.com' }) });
    const noShow = await api('PATCH', `/appointments/${req.body.data.id}/change-status`, { token: owner.token, body: { status: 'no-show' } });
    expect(noShow.status).toBe(409);
    const cancelled = await api('PATCH', `/appointments/${req.body.data.id}/change-status`, { token: owner.token, body: { status: 'cancelled' } });
    expect(cancelled.body.data.status).toBe('cancelled');
    const cancelMail = await eventually(async () => (await mailsTo('to.cancel@example.com')).find((m) => m.subject.endsWith('is cancelled') && m.body.text?.includes(req.body.data.id)), 'the cancellation mail');
    expect(cancelMail.subject).toBe('Your appointment at apptflow Clinic is cancelled');

    const log = await api('GET', `/appointments/${a.id}`, { token: owner.token });
    expect(log.body.data.log[0]).toMatchObject({ action: 'status-changed', from: 'confirmed', to: 'completed', actorName: 'Wes Writer' });
  });

  it('two staff changing one appointment at once: one wins, the other gets 409, nothing is silently lost', async () => {
    const apiKey = await apiKeyOf(owner.token);
    const patient = `race-${Date.now()}@example.com`;
    const req = await api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: apiKey, email: patient }) });
    const id = req.body.data.id;
    const [first, second] = await Promise.all([
      api('PATCH', `/appointments/${id}/change-status`, { token: owner.token, body: { status: 'confirmed', version: 1 } }),
      api('PATCH', `/appointments/${id}/change-status`, { token: writer.token, body: { status: 'cancelled', version: 1 } }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = first.status === 200 ? [first, second] : [second, first];
    expect(loser.body.message).toBe(STALE);
    const stored = await api('GET', `/appointments/${id}`, { token: owner.token });
    expect(stored.body.data).toMatchObject({ status: winner.body.data.status, version: 2 });
    expect(stored.body.data.log.filter((e: Json) => e.action === 'status-changed')).toHaveLength(1);
    expect(stored.body.data.log[0].to).toBe(winner.body.data.status);
    // The patient hears of the change that was made, once, and never of the one that was refused.
    const statusMail = (m: { subject: string }) => / is (confirmed|cancelled)$/.test(m.subject);
    await eventually(async () => (await mailsTo(patient)).find(statusMail), 'the status mail');
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await mailsTo(patient)).filter(statusMail).map((m) => m.subject)).toEqual([`Your appointment at apptflow Clinic is ${winner.body.data.status}`]);

    // A change based on the old version after the fact is refused as well.
    const late = await api('PATCH', `/appointments/${id}/change-status`, { token: writer.token, body: { status: 'cancelled', version: 1 } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(STALE);

    // Assignments race the same way.
    const b = await book(owner.token);
    const [x, y] = await Promise.all([
      api('POST', '/appointments/assign', { token: owner.token, body: { userId: writer.userId, appointmentId: b.id, version: 1 } }),
      api('POST', '/appointments/assign', { token: writer.token, body: { userId: reader.userId, appointmentId: b.id, version: 1 } }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const assignee = (x.status === 200 ? x : y).body.data.assignee.userId;
    expect((await api('GET', `/appointments/${b.id}`, { token: owner.token })).body.data.assignee.userId).toBe(assignee);
    const loserId = assignee === writer.userId ? reader : writer;
    expect((await api('GET', '/appointments/assigned/to/me', { token: loserId.token })).body.data.items.some((i: Json) => i.id === b.id)).toBe(false);
    // Only the member it went to is told (the writer assigning the reader tells the reader; the owner assigning the writer, the writer).
    const toldAbout = async (m: Member) => (await api('GET', '/notifications', { token: m.token })).body.data.filter((n: Json) => n.title === 'Appointment assigned to you' && n.link === `/appointments/${b.id}`);
    const winnerMember = assignee === writer.userId ? writer : reader;
    await eventually(async () => ((await toldAbout(winnerMember)).length ? true : undefined), 'the assignment notice');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await toldAbout(winnerMember)).toHaveLength(1);
    expect(await toldAbout(loserId)).toEqual([]);
  });

  it('lists every change of the organisation, newest first, with who and when', async () => {
    const res = await api('GET', '/appointments/appointment-logs?pageSize=5', { token: reader.token });
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(5);
    const times = res.body.data.items.map((e: Json) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body.data.items.every((e: Json) => e.actorName && e.appointmentId && e.summary)).toBe(true);
    const next = await api('GET', `/appointments/appointment-logs?pageSize=5&cursor=${res.body.data.nextCursor}`, { token: reader.token });
    expect(next.body.data.items[0].at <= times.at(-1)).toBe(true);
    expect((await api('GET', '/appointments/appointment-logs', { token: noAppointments.token })).status).toBe(403);
    expect((await api('GET', '/appointments/appointment-logs', { token: other.token })).body.data.items).toEqual([]);
  });
});

describe('CSV export', () => {
  it('exports the date range with proper quoting and formulas neutralised', async () => {
    const owner = await signUpOwner('apptcsv');
    const date = inDays(10);
    await book(owner.token, { firstName: '=HYPERLINK("http://evil.example","click")', lastName: 'Smith, Jr.', bookingDate: date, bookingTime: '08:00', email: 'csv1@example.com' });
    await book(owner.token, { firstName: '@SUM(A1)', lastName: '-2+3', bookingDate: date, bookingTime: '09:00', additionalNotes: 'Line one\nLine "two"', email: 'csv2@example.com' });
    await book(owner.token, { firstName: 'Outside', lastName: 'Range', bookingDate: inDays(20), email: 'csv3@example.com' });

    const res = await fetch(`${inject('apiUrl')}/appointments/export/appointments/to/csv?startDate=${date}&endDate=${date}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="appointments-${date}-to-${date}.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark for spreadsheets
    const text = bytes.subarray(3).toString('utf8');
    const rows = parseCsv(text);
    const header = rows[0];
    expect(header.slice(0, 6)).toEqual(['Booking date', 'Booking time', 'First name', 'Last name', 'Email', 'Phone']);
    expect(rows).toHaveLength(3);
    const col = (name: string) => header.indexOf(name);
    expect(rows[1][col('First name')]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(rows[1][col('Last name')]).toBe('Smith, Jr.');
    expect(rows[2][col('First name')]).toBe("'@SUM(A1)");
    expect(rows[2][col('Last name')]).toBe("'-2+3");
    expect(rows[2][col('Additional notes')]).toBe('Line one\nLine "two"');
    expect(rows[1][col('Phone')]).toMatch(/^'\+1555\d{7}$/);
    expect(rows[1][col('Status')]).toBe('Confirmed');
    // Raw quoting: the comma and the quotes are inside a quoted cell.
    expect(text).toContain('"Smith, Jr."');
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');

    const api401 = await api('GET', `/appointments/export/appointments/to/csv?startDate=${date}&endDate=${date}`);
    expect(api401.status).toBe(401);
    const reversed = await api('GET', `/appointments/export/appointments/to/csv?startDate=${inDays(20)}&endDate=${date}`, { token: owner.token });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('Start date must be on or before the end date');
    const missing = await api('GET', '/appointments/export/appointments/to/csv', { token: owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ startDate: 'Start date is required', endDate: 'End date is required' });
  });
});

describe('appointment list: sort, filters, search and paging', () => {
  let owner: Owner;
  const NAMES = ['Zoe Zimmer', 'Adam Abbott', 'Mia Moreno', 'Liam Lopez', 'Emma Evans', 'Noah Nash', 'Olga Ortiz', 'Ben Baker', 'Cara Chen', 'Dan Diaz', 'Ella Eriksen', 'Finn Fischer'];
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    owner = await signUpOwner('apptlist');
    for (const [i, name] of NAMES.entries()) {
      const [firstName, lastName] = name.split(' ');
      const a = await book(owner.token, {
        firstName, lastName, email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@clinic-list.example`, phone: `+1202555${String(1000 + i)}`,
        bookingDate: inDays(2 + i), bookingTime: i % 2 ? '14:00' : '08:15',
      });
      ids[name] = a.id;
    }
    // Three of them done with: completed, cancelled, no-show.
    for (const [name, status] of [['Mia Moreno', 'completed'], ['Noah Nash', 'cancelled'], ['Ben Baker', 'no-show']] as const) {
      expect((await api('PATCH', `/appointments/${ids[name]}/change-status`, { token: owner.token, body: { status } })).status).toBe(200);
    }
  }, 120_000);

  const names = (res: { body: { data?: Json } }): string[] => res.body.data.items.map((i: Json) => `${i.firstName} ${i.lastName}`);
  const list = (query: string) => api('GET', `/appointments?${query}`, { token: owner.token });

  it('orders by booking date (latest first by default, sortASC earliest first) with the total', async () => {
    const latest = await list('pageSize=3');
    expect(names(latest)).toEqual(['Finn Fischer', 'Ella Eriksen', 'Dan Diaz']);
    expect(latest.body.data).toMatchObject({ total: 12, pageNumber: 1, pageSize: 3 });
    expect(names(await list('pageSize=3&sortASC=true'))).toEqual(['Zoe Zimmer', 'Adam Abbott', 'Mia Moreno']);
  });

  it('orders by name (sortAtoZ) either way and by last change (recentlyUpdated)', async () => {
    expect(names(await list('pageSize=4&sortAtoZ=true'))).toEqual(['Adam Abbott', 'Ben Baker', 'Cara Chen', 'Dan Diaz']);
    expect(names(await list('pageSize=2&sortAtoZ=true&sortASC=false'))).toEqual(['Zoe Zimmer', 'Olga Ortiz']);
    expect(names(await list('pageSize=3&recentlyUpdated=true'))).toEqual(['Ben Baker', 'Noah Nash', 'Mia Moreno']);
  });

  it('filters active (requested, confirmed) and inactive (completed, cancelled, no-show)', async () => {
    const inactive = await list('inactive=true&sortAtoZ=true');
    expect(names(inactive)).toEqual(['Ben Baker', 'Mia Moreno', 'Noah Nash']);
    expect(inactive.body.data.total).toBeUndefined();
    const active = await list('active=true&pageSize=100');
    expect(active.body.data.items).toHaveLength(9);
    expect(active.body.data.items.every((i: Json) => ['requested', 'confirmed'].includes(i.status))).toBe(true);
    expect((await list('active=true&inactive=true&pageSize=100')).body.data.items).toHaveLength(12);
  });

  it('pages with a cursor and by page number alike, each appointment exactly once', async () => {
    for (const query of ['', '&sortAtoZ=true', '&recentlyUpdated=true', '&active=true', '&sortASC=true&inactive=true']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let page = 1;
      do {
        const res = await list(`pageSize=5${query}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        const byNumber = await list(`pageSize=5${query}&pageNumber=${page}`);
        expect(byNumber.body.data.items.map((i: Json) => i.id)).toEqual(res.body.data.items.map((i: Json) => i.id));
        seen.push(...res.body.data.items.map((i: Json) => i.id));
        cursor = res.body.data.nextCursor;
        page++;
      } while (cursor);
      const expected = query.includes('inactive') ? 3 : query.includes('active') ? 9 : 12;
      expect(seen, query).toHaveLength(expected);
      expect(new Set(seen).size, query).toBe(expected);
    }
    expect((await list('pageSize=5&pageNumber=9')).body.data.items).toEqual([]);
  });

  it('searches a prefix of the first or last name, the email or the phone digits, each appointment once', async () => {
    expect(names(await list('search=emm'))).toEqual(['Emma Evans']);
    expect(names(await list('search=eriksen'))).toEqual(['Ella Eriksen']);
    expect(names(await list('search=Ella%20Erik'))).toEqual(['Ella Eriksen']);
    expect(names(await list('search=zoe.zimmer@clinic'))).toEqual(['Zoe Zimmer']);
    expect(names(await list(`search=${encodeURIComponent('+1 202 555 1003')}`))).toEqual(['Liam Lopez']);
    expect(names(await list('search=2025551003'))).toEqual(['Liam Lopez']);
    // "e" matches Emma Evans by first name, last name and email: she comes once; inactive filter applies.
    const e = await list('search=e&pageSize=100');
    expect(names(e).filter((n) => n === 'Emma Evans')).toHaveLength(1);
    expect(names(e).sort()).toEqual(['Ella Eriksen', 'Emma Evans']);
    expect(names(await list('search=mor&inactive=true'))).toEqual(['Mia Moreno']);
    expect(names(await list('search=mor&active=true'))).toEqual([]);
    // Every phone shares the national prefix 202555: a search across pages, each appointment once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await list(`search=202555&pageSize=5${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...names(res));
      cursor = res.body.data.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    const byCursor = await list(`search=202555&pageSize=5&cursor=${(await list('search=202555&pageSize=5')).body.data.nextCursor}`);
    expect(names(await list('search=202555&pageSize=5&pageNumber=2'))).toEqual(names(byCursor));
    expect((await list('search=x')).body.data.items).toEqual([]);
  });

  it('refuses bad query values and cursors from elsewhere', async () => {
    const bad = await list('pageSize=500&sortASC=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ pageSize: 'pageSize must be at most 100', sortASC: 'Use true or false' });
    expect((await list('cursor=not-a-cursor')).status).toBe(400);
    // A cursor of this organisation's list is no good for another organisation (its partition differs).
    const cursor = (await list('pageSize=2')).body.data.nextCursor;
    const other = await signUpOwner('apptlistother');
    const foreign = await api('GET', `/appointments?pageSize=2&cursor=${cursor}`, { token: other.token });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('The page cursor is not valid.');
    // A cursor of the date order used for the name order is refused or harmless, never another tenant's data.
    const mixed = await api('GET', `/appointments?pageSize=2&sortAtoZ=true&cursor=${cursor}`, { token: owner.token });
    expect([200, 400]).toContain(mixed.status);
    expect((await api('GET', '/appointments')).status).toBe(401);
  });
});
