// Issue 36, intake before the visit, over HTTP on the shared stack: a package names one of the clinic's
// forms. Asked on the booking page, the answers travel with POST /bookings/create-booking, are checked
// with the forms' rules (a missing required answer is a 400 and holds no time), stored as the form's
// submission and linked to the booking and the patient's email; staff read them per booking. Asked by
// mail, the confirmed booking's patient gets a link (its own token) that opens that booking's form
// only, takes the answers once, and a reminder goes once when due while it is unanswered.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { api, mailsTo, uniqueEmail, uniquePhone, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { payLocalCheckout } from '../support/stripe';
import { dayAhead, getBooking, newClinic, paidBooking, type Clinic } from './booking-support';

const SLOW = 120_000;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a30000000049454e44ae426082', 'hex');

const FIELDS = [
  { id: 'allergies', label: 'Allergies', type: 'textarea', required: true },
  { id: 'smoker', label: 'Do you smoke?', type: 'radio', required: true, options: [{ label: 'Yes', value: 'yes' }, { label: 'No', value: 'no' }] },
  { id: 'card', label: 'Insurance card', type: 'file' },
  { id: 'consent', label: 'I consent to treatment', type: 'checkbox', required: true },
];

/** A clinic whose package asks a health questionnaire `timing`. */
async function clinicWithIntake(tag: string, timing: 'before_booking' | 'by_mail'): Promise<Clinic & { formId: string }> {
  const c = await newClinic(tag);
  const form = await api('POST', '/form-builder/form', { token: c.owner.token, body: { name: 'Health questionnaire', description: 'Before your first visit', fields: FIELDS } });
  expect(form.status).toBe(201);
  const saved = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body: { intakeFormId: form.body.data.id, intakeTiming: timing } });
  expect(saved.status).toBe(200);
  expect(saved.body.data).toMatchObject({ intakeFormId: form.body.data.id, intakeTiming: timing });
  return { ...c, formId: form.body.data.id };
}

const bookingBody = (c: Clinic, date: string, time: string, email: string, intake?: unknown) => ({
  firstName: 'Pat', lastName: 'Visitor', email, phoneNumber: uniquePhone(), bookingDate: date, bookingTime: time, apiKey: c.apiKey, packageId: c.packageId, ...(intake ? { intake } : {}),
});

const tokenIn = (text: string | undefined) => /\/intake(?:\?lang=[a-z]+)?#([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];

describe('intake on the booking page', () => {
  it('refuses missing answers with a 4xx and holds nothing; stores the answers with the hold, linked to it and the patient', async () => {
    const c = await clinicWithIntake('intake-page', 'before_booking');
    const date = dayAhead(5);
    // The page offers the package's form and when it is asked.
    const offered = await api('POST', '/bookings/available-packages', { body: { apiKey: c.apiKey } });
    expect(offered.body.data[0]).toMatchObject({ id: c.packageId, intakeFormId: c.formId, intakeTiming: 'before_booking' });

    const none = await api('POST', '/bookings/create-booking', { body: bookingBody(c, date, '10:00', uniqueEmail('nointake')) });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please answer the intake questions before you continue.');
    const partial = await api('POST', '/bookings/create-booking', { body: bookingBody(c, date, '10:00', uniqueEmail('partial'), { items: [{ fieldId: 'allergies', value: 'Penicillin' }, { fieldId: 'consent', value: 'true' }] }) });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe('Do you smoke? is required.');
    expect(partial.body.errors).toEqual({ 'intake.smoker': 'Do you smoke? is required.' });
    // Nothing was held by the refusals: 10:00 is still free.
    const day = await api('POST', '/bookings/available-slots', { body: { apiKey: c.apiKey, date } });
    expect(day.body.data.slots.map((s: { time: string }) => s.time)).toContain('10:00');

    // A file through the form's own upload endpoint, then the booking with every answer.
    const data = new FormData();
    data.append('apiKey', c.apiKey);
    data.append('file', new Blob([new Uint8Array(PNG)]), 'card.png');
    const file = await api('POST', `/leads/forms/${c.formId}/files`, { form: data });
    expect(file.status).toBe(201);
    const email = uniqueEmail('intake');
    const items = [{ fieldId: 'allergies', value: 'Penicillin' }, { fieldId: 'smoker', value: 'no' }, { fieldId: 'card', value: file.body.data.key }, { fieldId: 'consent', value: 'true' }];
    const body = bookingBody(c, date, '10:00', email, { items });
    const held = await api('POST', '/bookings/create-booking', { body, headers: { 'Idempotency-Key': `intake-${email}` } });
    expect(held.status).toBe(201);
    // A retry of the same request (the same key) links nothing twice.
    const again = await api('POST', '/bookings/create-booking', { body, headers: { 'Idempotency-Key': `intake-${email}` } });
    expect(again.status).toBe(201);
    expect(again.body.data.bookingId).toBe(held.body.data.bookingId);

    const bookingId = held.body.data.bookingId as string;
    const booking = await getBooking(c, bookingId);
    expect(booking.intakeSubmissionId).toBe(`intake-${bookingId}`);
    const intake = await api('GET', `/bookings/booking/${bookingId}/intake`, { token: c.owner.token });
    expect(intake.status).toBe(200);
    expect(intake.body.data).toEqual({
      intakeTiming: 'before_booking',
      intake: {
        submissionId: `intake-${bookingId}`, formId: c.formId, formName: 'Health questionnaire', createdAt: expect.any(String),
        answers: [
          { fieldId: 'allergies', label: 'Allergies', type: 'textarea', value: 'Penicillin' },
          { fieldId: 'smoker', label: 'Do you smoke?', type: 'radio', value: 'no' },
          { fieldId: 'card', label: 'Insurance card', type: 'file', value: file.body.data.key },
          { fieldId: 'consent', label: 'I consent to treatment', type: 'checkbox', value: 'true' },
        ],
      },
    });
    // The patient's email is on the stored answers (the patient record finds them by it).
    const { client, table } = testDb();
    const stored = (await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${c.owner.orgId}#SUB#intake-${bookingId}`, sk: 'SUB' } }))).Item;
    expect(stored).toMatchObject({ bookingId, email, name: 'Pat Visitor', formId: c.formId });
    // Staff open the file as a lead's; another clinic sees nothing.
    expect((await api('GET', `/leads/intake-${bookingId}/files/card`, { token: c.owner.token })).status).toBe(200);
    const other = await newClinic('intake-other');
    expect((await api('GET', `/bookings/booking/${bookingId}/intake`, { token: other.owner.token })).status).toBe(404);
    // Not a lead: the leads list does not show it.
    const leads = await api('GET', '/leads', { token: c.owner.token });
    expect(JSON.stringify(leads.body.data)).not.toContain(`intake-${bookingId}`);
  }, SLOW);

  it('a package whose intake comes by mail asks nothing on the page', async () => {
    const c = await clinicWithIntake('intake-nopage', 'by_mail');
    const held = await api('POST', '/bookings/create-booking', { body: bookingBody(c, dayAhead(5), '11:00', uniqueEmail('bymail')) });
    expect(held.status).toBe(201);
    expect((await getBooking(c, held.body.data.bookingId)).intakeSubmissionId).toBeNull();
  }, SLOW);

  it('a package cannot name another clinic\'s form', async () => {
    const c = await clinicWithIntake('intake-own', 'before_booking');
    const other = await newClinic('intake-foreign');
    const res = await api('PUT', `/bookings/packages/${other.packageId}`, { token: other.owner.token, body: { intakeFormId: c.formId } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ intakeFormId: 'The intake form must be one of your forms.' });
  }, SLOW);
});

describe('intake by mail', () => {
  it('mails a link once the booking is confirmed; it opens and takes that booking\'s answers once, and no other\'s', async () => {
    const c = await clinicWithIntake('intake-mail', 'by_mail');
    // Held, not paid: no link yet.
    const date = dayAhead(6);
    const email = uniqueEmail('mailed');
    const held = await api('POST', '/bookings/create-booking', { body: bookingBody(c, date, '09:00', email) });
    expect(held.status).toBe(201);
    await payLocalCheckout(held.body.data.checkoutUrl, email);
    await eventually(async () => ((await getBooking(c, held.body.data.bookingId)).status === 'confirmed' ? true : undefined), 'confirmed');
    const intakeMails = async (to: string) => (await mailsTo(to)).filter((m) => m.subject.startsWith('Before your visit'));
    const mail = (await eventually(async () => ((await intakeMails(email)).length ? intakeMails(email) : undefined), 'the intake mail'))[0];
    expect(mail.subject).toBe('Before your visit: Health questionnaire for intake-mail Clinic');
    const token = tokenIn(mail.body.text)!;
    expect(token).toBeDefined();

    const opened = await api('POST', '/public/intake/form', { body: { token } });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ bookingId: held.body.data.bookingId, formName: 'Health questionnaire', answered: false, packageName: 'Consultation' });
    expect(opened.body.data.fields.map((f: { id: string }) => f.id)).toEqual(['allergies', 'smoker', 'card', 'consent']);

    // Another confirmed booking of the same clinic: the first token never reaches it.
    const second = await paidBooking(c, date, '15:00');
    const missing = await api('POST', '/public/intake/submit', { body: { token, items: [{ fieldId: 'allergies', value: 'None' }] } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Do you smoke? is required.');
    // A file through the link's own upload (the form's private folder); a made-up token uploads nothing.
    const upload = (withToken: string) => {
      const data = new FormData();
      data.append('token', withToken);
      data.append('file', new Blob([new Uint8Array(PNG)]), 'card.png');
      return api('POST', '/public/intake/files', { form: data });
    };
    expect((await upload('y'.repeat(43))).status).toBe(404);
    const file = await upload(token);
    expect(file.status).toBe(201);
    expect(file.body.data.key).toMatch(new RegExp(`^private/org/${c.owner.orgId}/forms/${c.formId}/uploads/.+\\.png$`));
    const items = [{ fieldId: 'allergies', value: 'None' }, { fieldId: 'smoker', value: 'yes' }, { fieldId: 'card', value: file.body.data.key }, { fieldId: 'consent', value: 'true' }];
    const sent = await api('POST', '/public/intake/submit', { body: { token, items } });
    expect(sent.status).toBe(201);
    const answers = await api('GET', `/bookings/booking/${held.body.data.bookingId}/intake`, { token: c.owner.token });
    expect(answers.body.data).toMatchObject({ intakeTiming: 'by_mail', intake: { formName: 'Health questionnaire', answers: expect.arrayContaining([{ fieldId: 'card', label: 'Insurance card', type: 'file', value: file.body.data.key }]) } });
    expect((await api('POST', '/public/intake/submit', { body: { token, items } })).status).toBe(409);
    expect((await api('POST', '/public/intake/form', { body: { token } })).body.data.answered).toBe(true);
    expect((await getBooking(c, held.body.data.bookingId)).intakeSubmissionId).toBe(`intake-${held.body.data.bookingId}`);
    expect((await getBooking(c, second.id)).intakeSubmissionId ?? null).toBeNull();
    // A manage token, a made-up token, and the link of a cancelled booking open nothing.
    expect((await api('POST', '/public/intake/form', { body: { token: 'x'.repeat(43) } })).status).toBe(404);
    const secondMail = (await eventually(async () => ((await intakeMails(second.email)).length ? intakeMails(second.email) : undefined), 'the second intake mail'))[0];
    const secondToken = tokenIn(secondMail.body.text)!;
    expect((await api('POST', `/bookings/booking/${second.id}/cancel`, { token: c.owner.token })).status).toBe(200);
    const closed = await api('POST', '/public/intake/submit', { body: { token: secondToken, items } });
    expect(closed.status).toBe(404);
    expect((await getBooking(c, second.id)).intakeSubmissionId ?? null).toBeNull();
  }, SLOW);

  it('reminds once when due while unanswered', async () => {
    const c = await clinicWithIntake('intake-remind', 'by_mail');
    const paid = await paidBooking(c, dayAhead(6), '10:00');
    await waitForMails(paid.email, 2);
    const { client, table } = testDb();
    const key = { pk: `ORG#${c.owner.orgId}#REMINDER#intake#${paid.id}`, sk: 'REMINDER' };
    const reminder = (await client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
    expect(reminder).toMatchObject({ kind: 'intake', startUtc: paid.startUtc, dueAt: new Date(Date.parse(paid.startUtc) - 48 * 3_600_000).toISOString() });
    // Due now (as if the days had passed): the sweep sends it once.
    const due = new Date(Date.now() - 1000).toISOString();
    await client.send(new UpdateCommand({ TableName: table, Key: key, UpdateExpression: 'SET dueAt = :d, gsi1sk = :sk', ExpressionAttributeValues: { ':d': due, ':sk': `${due}#${c.owner.orgId}#intake#${paid.id}` } }));
    const reminders = async () => (await mailsTo(paid.email)).filter((m) => m.subject.startsWith('Reminder: please answer'));
    const sent = await eventually(async () => ((await reminders()).length ? reminders() : undefined), 'the intake reminder');
    expect(sent[0].subject).toBe('Reminder: please answer Health questionnaire before your visit');
    expect(tokenIn(sent[0].body.text)).toBeDefined();
    await sleep(6000);
    expect(await reminders()).toHaveLength(1);
  }, SLOW);
});
