// SMS over HTTP: sent to a number or a customer, captured by the local outbox (/local/sms), listed
// newest first with an audit entry each, and the refusals.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signUpOwner, type Owner } from '../support/api';
import { addMember, logs, perms, type Member } from '../support/members';
import type { Json } from '../support/json';

interface Captured { id: string; to: string; message: string; senderName?: string; at: string }
const outbox = async (): Promise<Captured[]> => ((await (await fetch(`${inject('appUrl')}/local/sms/store`)).json()) as { messages: Captured[] }).messages;

describe('SMS', () => {
  let owner: Owner;
  let reader: Member;
  let other: Owner;
  beforeAll(async () => {
    owner = await signUpOwner('sms');
    other = await signUpOwner('smsother');
    reader = await addMember(owner, perms({ Appointment: 'r' }), { tag: 'smsreader' });
  });

  it('sends to a phone number through the local outbox and lists it with who sent it', async () => {
    const text = `Your appointment is tomorrow at 9:30 (${Date.now()})`;
    const sent = await api('POST', '/sms', { token: owner.token, body: { phone: '+15551239876', message: text } });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ to: '+15551239876', message: text, status: 'sent', sentBy: owner.userId, sentByName: 'Olive Owner' });
    const captured = (await outbox()).find((m) => m.message === text)!;
    expect(captured).toMatchObject({ to: '+15551239876', senderName: 'sms Clinic' });
    expect(sent.body.data.providerMessageId).toBe(captured.id);

    const list = await api('GET', '/sms', { token: reader.token });
    expect(list.status).toBe(200);
    expect(list.body.data.items[0]).toMatchObject({ id: sent.body.data.id, to: '+15551239876', message: text });
    const audit = (await logs(owner)).filter((e) => e.recordId === sent.body.data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ module: 'SMS', action: 'create' });

    const page = await fetch(`${inject('appUrl')}/local/sms`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Your appointment is tomorrow at 9:30');
  });

  it('sends to a customer\'s phone and lists a customer\'s messages', async () => {
    const customer = (await api('POST', '/customers', { token: owner.token, body: { firstName: 'Tex', lastName: 'Ting', phone: '+15557770000' } })).body.data;
    const sent = await api('POST', '/sms', { token: owner.token, body: { customerId: customer.id, message: 'Hello Tex' } });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ to: '+15557770000', customerId: customer.id, customerName: 'Tex Ting' });
    expect((await outbox()).some((m) => m.to === '+15557770000' && m.message === 'Hello Tex')).toBe(true);
    const theirs = await api('GET', `/sms?customerId=${customer.id}`, { token: owner.token });
    expect(theirs.body.data.items.map((m: Json) => m.message)).toEqual(['Hello Tex']);

    const noPhone = (await api('POST', '/customers', { token: owner.token, body: { firstName: 'Mail', lastName: 'Only', email: 'mail.only@example.com' } })).body.data;
    const refused = await api('POST', '/sms', { token: owner.token, body: { customerId: noPhone.id, message: 'Hi' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This customer has no phone number. Enter one to send the message.');
    expect((await api('POST', '/sms', { token: owner.token, body: { customerId: 'nobody', message: 'Hi' } })).status).toBe(404);
    expect((await api('POST', '/sms', { token: other.token, body: { customerId: customer.id, message: 'Hi' } })).status).toBe(404);
  });

  it('validates the number and the message, and refuses without write or token; nothing is sent then', async () => {
    const before = (await outbox()).length;
    const badPhone = await api('POST', '/sms', { token: owner.token, body: { phone: '5551234', message: 'Hi' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors).toEqual({ phone: 'Invalid phone number (e.g., +1234567890)' });
    const long = await api('POST', '/sms', { token: owner.token, body: { phone: '+15551234567', message: 'x'.repeat(481) } });
    expect(long.body.errors).toEqual({ message: 'Message must be at most 480 characters' });
    expect((await api('POST', '/sms', { token: owner.token, body: { phone: '+15551234567', message: 'x'.repeat(480) } })).status).toBe(201);
    const empty = await api('POST', '/sms', { token: owner.token, body: { message: '  ' } });
    expect(empty.body.errors).toEqual({ message: 'Message is required', phone: 'Choose a customer or enter a phone number' });
    expect((await api('POST', '/sms', { token: reader.token, body: { phone: '+15551234567', message: 'Hi' } })).status).toBe(403);
    expect((await api('POST', '/sms', { body: { phone: '+15551234567', message: 'Hi' } })).status).toBe(401);
    expect((await outbox()).length).toBe(before + 1);
    expect((await api('GET', '/sms', { token: other.token })).body.data.items).toEqual([]);
  });
});
