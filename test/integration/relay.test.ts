// The clinic's mail and SMS are no relay (issue 28, item 3): mail to an address typed on a public page
// is capped per recipient per day (the requests still succeed, staff see them all), a typed link never
// reaches a mail, a bounced or complaining address is mailed no more (POST /local/ses/bounce feeds the
// same handler SES's events do in AWS), and SMS go only to the clinic's countries and only for
// confirmed appointments.
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SMS_COUNTRY_REFUSED } from '../../shared/sms/schemas';
import { TYPED_RECIPIENT_CAP } from '../../functions/data/mail-guard';
import { api, mailsTo, signUpOwner, uniqueEmail, waitForMails, type Owner } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { outboxRow } from '../support/outbox';
import { apiKeyOf, book, bookingForm, inDays } from './appointments-support';

/** The outbox row of a public request's mail, once it is done with (sent, dropped or failed). */
const requestMailRow = (orgId: string, appointmentId: string) =>
  eventually(async () => {
    const row = await outboxRow(`appointment-${orgId}-${appointmentId}-mail`);
    return row && ['sent', 'dropped', 'failed'].includes(row.status) ? row : undefined;
  }, 'the request mail delivered or dropped');

async function request(apiKey: string, fields: Record<string, string>) {
  const res = await api('POST', '/public/appointments/book-custom', { form: bookingForm({ organizationApiKey: apiKey, ...fields }) });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data.id as string;
}

async function smsTo(phone: string) {
  const store = (await (await fetch(`${inject('appUrl')}/local/sms/store`)).json()) as { messages: { to: string; message: string }[] };
  return store.messages.filter((m) => m.to === phone);
}

const bounce = (address: string, type?: string) =>
  fetch(`${inject('appUrl')}/local/ses/bounce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address, ...(type ? { type } : {}) }) });

const randomPhone = (code: string) => `${code}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe('mail to addresses typed on public pages', () => {
  let owner: Owner;
  let apiKey: string;
  beforeAll(async () => {
    owner = await signUpOwner('relay');
    apiKey = await apiKeyOf(owner.token);
  });

  it('10 requests naming one address: all taken, at most the cap mailed, no typed link in any mail', async () => {
    const email = uniqueEmail('target');
    const names = ['Visit http://evil.example', 'evil.com', 'Visit evil.com', 'hxxps://evil[.]example', 'Ana www.evil.example', 'Ana\u3002evil\uff0ecom'];
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await request(apiKey, { email, firstName: names[i % names.length] }));

    const rows = await Promise.all(ids.map((id) => requestMailRow(owner.orgId, id)));
    const sent = rows.filter((r) => r.status === 'sent');
    const dropped = rows.filter((r) => r.status === 'dropped');
    expect(sent).toHaveLength(TYPED_RECIPIENT_CAP.perOrganisation);
    expect(dropped).toHaveLength(10 - TYPED_RECIPIENT_CAP.perOrganisation);
    expect(dropped.every((r) => r.droppedReason === 'recipient-cap')).toBe(true);

    const mails = await waitForMails(email, TYPED_RECIPIENT_CAP.perOrganisation);
    await sleep(1000);
    expect(await mailsTo(email)).toHaveLength(TYPED_RECIPIENT_CAP.perOrganisation);
    for (const mail of mails) {
      const all = `${mail.subject}\n${mail.body.text}\n${mail.body.html}`;
      expect(all).not.toMatch(/evil|hxxp|www\./i);
      expect(mail.body.text).toMatch(/^Hello( Visit| Ana)?,\n/);
    }

    // Staff see every request, with the name as typed.
    const list = await api('GET', `/appointments?search=${encodeURIComponent(email)}&limit=50`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((a: { id: string }) => a.id).sort()).toEqual([...ids].sort());
    expect((await api('GET', `/appointments/${ids[0]}`, { token: owner.token })).body.data.firstName).toBe('Visit http://evil.example');
  });

  it('caps one address across organisations too', async () => {
    const email = uniqueEmail('spread');
    const clinics = await Promise.all([1, 2, 3, 4].map(async (n) => { const o = await signUpOwner(`relay${n}`); return { o, key: await apiKeyOf(o.token) }; }));
    const made: [string, string][] = [];
    for (const { o, key } of clinics) for (let i = 0; i < 3; i++) made.push([o.orgId, await request(key, { email, firstName: 'Ana' })]);
    const rows = await Promise.all(made.map(([orgId, id]) => requestMailRow(orgId, id)));
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(TYPED_RECIPIENT_CAP.overall);
    expect(rows.filter((r) => r.status === 'dropped')).toHaveLength(12 - TYPED_RECIPIENT_CAP.overall);
    await sleep(500);
    expect(await mailsTo(email)).toHaveLength(TYPED_RECIPIENT_CAP.overall);
  });

  it('mails a bounced or complaining address no more, whoever writes to it', async () => {
    const bounced = uniqueEmail('bounced');
    const first = await request(apiKey, { email: bounced, firstName: 'Bea' });
    expect((await requestMailRow(owner.orgId, first)).status).toBe('sent');
    const res = await bounce(bounced.toUpperCase());
    expect(res.status).toBe(200);

    const second = await request(apiKey, { email: bounced, firstName: 'Bea' });
    expect(await requestMailRow(owner.orgId, second)).toMatchObject({ status: 'dropped', droppedReason: 'suppressed' });
    // A member's booking mail to it is not sent either.
    const staff = await book(owner.token, { email: bounced });
    expect(await requestMailRow(owner.orgId, staff.id)).toMatchObject({ status: 'dropped', droppedReason: 'suppressed' });
    expect(await mailsTo(bounced)).toHaveLength(1);

    const complained = uniqueEmail('complained');
    expect((await bounce(complained, 'complaint')).status).toBe(200);
    const third = await request(apiKey, { email: complained, firstName: 'Cy' });
    expect(await requestMailRow(owner.orgId, third)).toMatchObject({ status: 'dropped', droppedReason: 'suppressed' });
    expect(await mailsTo(complained)).toHaveLength(0);

    expect((await bounce('not-an-address')).status).toBe(400);
    expect((await bounce(complained, 'soft')).status).toBe(400);
  });

  it('sends no sign-up or reset code to a suppressed address: sign-up says so, a reset answers as for anyone', async () => {
    const owner2 = await signUpOwner('relay-reset');
    expect((await bounce(owner2.email, 'complaint')).status).toBe(200);
    const reset = await api('POST', '/users/password/forgot', { body: { email: owner2.email } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('If an account exists for this email, we have sent it a code to reset the password.');

    const bounced = uniqueEmail('signup-bounced');
    expect((await bounce(bounced)).status).toBe(200);
    const signUp = await api('POST', '/users/register-email', { body: { email: bounced, password: 'Secret-123' } });
    expect(signUp.status).toBe(400);
    expect(signUp.body.message).toBe('We cannot send email to this address: earlier mail to it was returned or reported as spam. Please use another email address.');
    // An existing account's address (with another password) answers the same: no telling accounts apart.
    const again = await api('POST', '/users/register-email', { body: { email: owner2.email, password: 'Other-pass-9' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(signUp.body.message);
    await sleep(500);
    expect(await mailsTo(bounced)).toHaveLength(0);
    expect((await mailsTo(owner2.email)).filter((m) => /reset|already have an account/i.test(m.subject))).toHaveLength(0);
  });
});

describe('SMS', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await signUpOwner('relaysms');
  });

  it("go only to the clinic's countries: its own phone's by default, others once listed", async () => {
    const profile = await api('GET', '/organization/profile', { token: owner.token });
    expect(profile.body.data.smsCountryCodes).toEqual(['+1']);

    const abroad = randomPhone('+234');
    const refused = await api('POST', '/sms', { token: owner.token, body: { phone: abroad, message: 'Hi' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ phone: SMS_COUNTRY_REFUSED });
    expect(await smsTo(abroad)).toHaveLength(0);

    const bad = await api('PATCH', '/organization/profile', { token: owner.token, body: { smsCountryCodes: ['44'] } });
    expect(bad.status).toBe(400);
    expect(Object.values(bad.body.errors ?? {})).toContain('Each country code is a plus sign and 1 to 3 digits, e.g. +44');
    const saved = await api('PATCH', '/organization/profile', { token: owner.token, body: { smsCountryCodes: ['+1', '+234', '+234'] } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.smsCountryCodes).toEqual(['+1', '+234']);
    expect((await api('POST', '/sms', { token: owner.token, body: { phone: abroad, message: 'Hi' } })).status).toBe(201);
    expect(await smsTo(abroad)).toHaveLength(1);
    expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { smsCountryCodes: ['+1'] } })).status).toBe(200);
  });

  it('reminders: none for a request until staff confirm it, none to a country the clinic does not allow', async () => {
    expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { reminderSms: true, reminderHours: 48 } })).status).toBe(200);
    const apiKey = await apiKeyOf(owner.token);
    const { client, table } = testDb();
    const reminderKey = (id: string) => ({ pk: `ORG#${owner.orgId}#REMINDER#appointment#${id}`, sk: 'REMINDER' });
    const reminder = async (id: string) => (await client.send(new GetCommand({ TableName: table, Key: reminderKey(id), ConsistentRead: true }))).Item;
    const makeDue = async (id: string) => {
      const due = new Date(Date.now() - 1000).toISOString();
      await client.send(new UpdateCommand({ TableName: table, Key: reminderKey(id), UpdateExpression: 'SET dueAt = :due, gsi1sk = :sk', ConditionExpression: 'attribute_exists(gsi1pk)', ExpressionAttributeValues: { ':due': due, ':sk': `${due}#${owner.orgId}#appointment#${id}` } }));
    };

    // A stranger's request: no reminder at all (so no SMS) while it is only requested.
    const phone = randomPhone('+1555');
    const requested = await request(apiKey, { phone, bookingDate: inDays(5), bookingTime: '10:30' });
    expect(await reminder(requested)).toBeUndefined();
    // Confirmed by staff: the reminder goes, by SMS too.
    const current = (await api('GET', `/appointments/${requested}`, { token: owner.token })).body.data;
    expect((await api('PATCH', `/appointments/${requested}/change-status`, { token: owner.token, body: { status: 'confirmed', version: current.version } })).status).toBe(200);
    expect(await reminder(requested)).toBeDefined();
    await makeDue(requested);
    await eventually(async () => ((await smsTo(phone)).length ? true : undefined), 'the reminder SMS');

    // A confirmed appointment whose number is abroad: the mail goes, the SMS is dropped.
    const abroad = randomPhone('+234');
    const booked = await book(owner.token, { phone: abroad, bookingDate: inDays(5), bookingTime: '11:30' });
    await makeDue(booked.id);
    const startUtc = (await reminder(booked.id))!.startUtc as string;
    const smsRow = await eventually(async () => {
      const row = await outboxRow(`reminder-sms-${owner.orgId}-appointment-${booked.id}-${startUtc}`);
      return row && row.status !== 'pending' && row.status !== 'sending' ? row : undefined;
    }, 'the reminder SMS row');
    expect(smsRow).toMatchObject({ status: 'dropped', droppedReason: 'sms-country' });
    await waitForMails(booked.email, 2);
    expect(await smsTo(abroad)).toHaveLength(0);
  });
});
