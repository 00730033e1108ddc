// An erased patient does not come back from an event delivered after the erasure (issue 36.5), on the
// shared stack. The outbox's workers hold a row while they run it: a patients' subscriber row claimed
// before the erase runs after it with the event's copy of the name and email, and an event row claimed
// before it is fanned out after it into subscriber rows carrying that copy. Both are modelled as a worker
// does it: the row written as claimed (status 'sending' under a lease, so the stack's own worker leaves
// it), the erase, then the worker's step on its copy of the row. Neither may write the person anywhere
// again (patients, notices, outbox rows). A booking the same person makes AFTER the erasure is a new
// patient, made by the stack's own workers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { TransactItem } from '../../functions/data/core';
import type { OutboxRow } from '../../functions/data/outbox';
import { api, uniquePhone } from '../support/api';
import { everyItemOf, testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { payLocalCheckout } from '../support/stripe';
import { dayAhead, getBooking, newClinic, paidBooking, type Clinic } from './booking-support';


/** Writes an outbox row as a worker holding it leaves it (claimed under `token` for an hour): the stack's worker does not take it. */
async function writeClaimed(item: TransactItem, token: string): Promise<OutboxRow> {
  const { client, table } = testDb();
  const leaseUntil = new Date(Date.now() + 3_600_000).toISOString();
  const stored: Record<string, unknown> = { ...item.Put!.Item!, status: 'sending', attempts: 1, claimToken: token, leaseUntil };
  stored.gsi1sk = `${leaseUntil}#${stored.id as string}`;
  await client.send(new PutCommand({ TableName: table, Item: stored }));
  // What the worker's claim reads back: the row without its keys.
  const row = Object.fromEntries(Object.entries(stored).filter(([k]) => !/^(pk|sk|gsi\d(pk|sk)|tenant)$/.test(k)));
  return row as unknown as OutboxRow;
}

/** Someone who came once (a paid booking): the stack's workers made them a patient. */
async function patientOf(c: Clinic, tag: string, day: number) {
  const stamp = `${tag}${Date.now().toString(36)}`;
  const person = { firstName: 'Lorcan', lastName: `Ashgrove${stamp}`, email: `lorcan.${stamp}@example.com`, phoneNumber: uniquePhone() };
  const held = await api('POST', '/bookings/create-booking', { body: { ...person, bookingDate: dayAhead(day), bookingTime: '10:00', apiKey: c.apiKey, packageId: c.packageId } });
  expect(held.status, held.body.message).toBe(201);
  await payLocalCheckout(held.body.data.checkoutUrl, person.email);
  await eventually(async () => ((await getBooking(c, held.body.data.bookingId)).status === 'confirmed' ? true : undefined), 'the first booking confirmed');
  const { findPatientId } = await import('../../functions/domain/patients/upsert');
  const patientId = await eventually(async () => findPatientId(c.owner.orgId, { email: person.email }), 'the patient', 20_000);
  return { person, patientId, stamp };
}

describe('an event about an erased patient, delivered after the erasure', () => {
  let c: Clinic;
  let mod: {
    events: typeof import('../../functions/data/events');
    outbox: typeof import('../../functions/data/outbox');
    bookings: typeof import('../../functions/data/bookings');
    deliver: typeof import('../../functions/domain/events/deliver');
    upsert: typeof import('../../functions/domain/patients/upsert');
  };
  /** Items of the clinic that spell the person's email, phone or last name. */
  const naming = async (p: { email: string; phoneNumber: string; lastName: string }) =>
    (await everyItemOf(c.owner.orgId))
      .filter((i) => {
        const text = JSON.stringify(i).toLowerCase();
        return text.includes(p.email) || text.includes(p.phoneNumber) || text.includes(p.lastName.toLowerCase());
      })
      .map((i) => `${i.pk} ${i.sk} ${JSON.stringify(i.status ?? '')}`);
  /** How a worker holding a row under `token` records it done (functions/outbox/lib/engine.ts). */
  const completeAs = (id: string, token: string) => (items: readonly TransactItem[]) => mod.outbox.markOutboxSent(id, token, new Date(), items);
  /** The erase, then: nobody found by their email or phone, nothing of the clinic names them. */
  const erase = async (patientId: string) => {
    const erased = await api('POST', `/patients/${patientId}/erase`, { token: c.owner.token });
    expect(erased.status, erased.body.message).toBe(200);
  };
  const expectGone = async (p: { email: string; phoneNumber: string; lastName: string }) => {
    expect(await mod.upsert.findPatientId(c.owner.orgId, { email: p.email, phone: p.phoneNumber }), 'a patient found by their email or phone').toBeUndefined();
    expect(await naming(p)).toEqual([]);
  };

  beforeAll(async () => {
    for (const [name, value] of Object.entries(inject('stackEnv'))) vi.stubEnv(name, value);
    mod = {
      events: await import('../../functions/data/events'),
      outbox: await import('../../functions/data/outbox'),
      bookings: await import('../../functions/data/bookings'),
      deliver: await import('../../functions/domain/events/deliver'),
      upsert: await import('../../functions/domain/patients/upsert'),
    };
    c = await newClinic('erase-late');
  }, 90_000);
  afterAll(() => vi.unstubAllEnvs());

  it('a patients\' subscriber row claimed at the erase runs after it: nobody comes back', async () => {
    const { orgId } = c.owner;
    const { person, patientId } = await patientOf(c, 'a', 3);
    // A second booking of theirs, confirmed a moment before the erase: its event fanned out, and the
    // patients' row held by a worker when the erase runs.
    const second = await api('POST', '/bookings/create-booking', { body: { ...person, bookingDate: dayAhead(4), bookingTime: '11:00', apiKey: c.apiKey, packageId: c.packageId } });
    expect(second.status, second.body.message).toBe(201);
    const record = (await mod.bookings.getBooking(orgId, second.body.data.bookingId))!;
    const confirmed = mod.events.bookingConfirmedItems({ ...record, status: 'confirmed' }, new Date().toISOString())[0];
    const eventRow = { id: confirmed.Put!.Item!.id as string, orgId, payload: confirmed.Put!.Item!.payload } as OutboxRow;
    const claimed = await writeClaimed(mod.events.subscriberRowItems(eventRow, ['patients'])[0], 'held-subscriber');

    await erase(patientId);
    await expectGone(person);
    // The worker goes on with the copy it holds.
    await mod.deliver.runSubscriber(claimed, completeAs(claimed.id, 'held-subscriber'));
    await expectGone(person);
  }, 60_000);

  it('an event row claimed at the erase and fanned out after it: nobody comes back, no row carries them, their lead is erased', async () => {
    const { orgId } = c.owner;
    const { person, patientId, stamp } = await patientOf(c, 'b', 5);
    // A lead of theirs sent a moment before the erase (its record as the lead's transaction writes it):
    // its event row held by a worker, not fanned out yet, so the lead is in no patient's record.
    const createdAt = new Date().toISOString();
    const sub = {
      id: `lead-${stamp}`, orgId, formId: 'form-late', formName: 'Questions', packageId: null, packageName: null, email: person.email, name: `${person.firstName} ${person.lastName}`,
      answers: [{ fieldId: 'name', label: 'Full name', type: 'text', value: `${person.firstName} ${person.lastName}` }], paymentStatus: 'none', paymentId: null, createdAt, updatedAt: createdAt,
    };
    await testDb().client.send(new PutCommand({ TableName: testDb().table, Item: { pk: `ORG#${orgId}#SUB#${sub.id}`, sk: 'SUB', tenant: orgId, ...sub } }));
    const claimed = await writeClaimed(mod.events.formSubmittedItems(sub, c.apiKey)[0], 'held-event');

    await erase(patientId);
    await expectGone(person);
    // The worker fans out the copy it holds; the stack's workers deliver whatever that wrote.
    await mod.deliver.fanOutEvent(claimed, completeAs(claimed.id, 'held-event'));
    await eventually(async () => {
      const rows = await everyItemOf(orgId);
      return rows.some((r) => String(r.pk).startsWith(`OUTBOX#${claimed.id}:`) && r.status === 'pending') ? undefined : true;
    }, 'the lead event\'s subscriber rows done', 20_000);
    await expectGone(person);
  }, 60_000);

  it('a webhook event, a staff notice and a mail about them held by the deliverer at the erase are not sent after it', async () => {
    const { orgId } = c.owner;
    const { person, patientId, stamp } = await patientOf(c, 'd', 9);
    let received = 0;
    const server = createServer((req, res) => {
      received++;
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      expect((await api('POST', '/organization/webhooks', { token: c.owner.token, body: { url, events: ['booking.confirmed'] } })).status).toBe(201);
      const { webhookEventItems } = await import('../../functions/data/webhooks');
      const at = new Date().toISOString();
      const object = { object: 'booking', id: `b-${stamp}`, firstName: person.firstName, lastName: person.lastName, email: person.email };
      const items = [
        ...(await webhookEventItems({ orgId, type: 'booking.confirmed', changeKey: `late-${stamp}`, objectKey: `booking:b-${stamp}`, object, at })),
        mod.outbox.outboxNotice(`notice-late-${stamp}`, orgId, { title: 'Booking moved', message: `${person.firstName} ${person.lastName} moved their visit.`, link: '/appointments', module: 'Appointment', about: person.email }),
        mod.outbox.outboxMail(`mail-late-${stamp}`, { to: person.email, fromClinic: true, locale: 'en', subject: 'Your visit', text: `Hello ${person.firstName} ${person.lastName}` }, orgId),
      ];
      expect(items).toHaveLength(3);
      // Each held by the deliverer (claimed in an hour's time, so the stack's own worker has not sent it yet).
      const later = new Date(Date.now() + 3_600_000);
      const held = [];
      for (const item of items) {
        const stored: Record<string, unknown> = { ...item.Put!.Item!, nextAttemptAt: later.toISOString(), gsi1sk: `${later.toISOString()}#${String(item.Put!.Item!.id)}` };
        await testDb().client.send(new PutCommand({ TableName: testDb().table, Item: stored }));
        held.push((await mod.outbox.claimOutboxRow(stored.id as string, 'held', later))!);
      }
      expect(held.every(Boolean)).toBe(true);

      await erase(patientId);
      const { performClaimed } = await import('../../functions/outbox/deliver');
      for (const row of held) {
        const outcome = await performClaimed(row, 'held').then(() => 'sent', (error: Error & { reason?: string }) => error.reason ?? error.message);
        expect(outcome, row.payload.kind).toBe('patient-erased');
      }
      expect(received).toBe(0);
      await expectGone(person);
    } finally {
      server.close();
    }
  }, 60_000);

  it('the staff notice of a lead they sent before the erase is found and scrubbed by it', async () => {
    const { person, patientId } = await patientOf(c, 'e', 11);
    const form = await api('POST', '/form-builder/form', {
      token: c.owner.token,
      body: { name: 'Questions', description: 'Before your visit', fields: [{ id: 'name', label: 'Full name', type: 'text', required: true }, { id: 'email', label: 'Email', type: 'email', required: true }] },
    });
    expect(form.status, form.body.message).toBe(201);
    const sent = await api('POST', `/form-builder/form/${form.body.data.id}/submissions`, {
      body: { apiKey: c.apiKey, items: [{ fieldId: 'name', value: `${person.firstName} ${person.lastName}` }, { fieldId: 'email', value: person.email }] },
    });
    expect(sent.status, sent.body.message).toBe(201);
    await eventually(async () => ((await everyItemOf(c.owner.orgId)).some((i) => String(i.pk).endsWith('#NOTIF') && String(i.message).includes(`${person.lastName} submitted "Questions"`)) ? true : undefined), 'the lead\'s notice', 20_000);
    await erase(patientId);
    await expectGone(person);
  }, 60_000);

  it('the marks: a hash and a time, moved only later, refusing events at or before them', async () => {
    const { orgId } = c.owner;
    const erasures = await import('../../functions/data/erasures');
    const email = `Mark.${Date.now().toString(36)}@Example.com `;
    const phone = uniquePhone();
    const t = '2026-01-02T03:04:05.000Z';
    await erasures.markErased(orgId, { emails: [email], phones: [phone] }, t);
    // Run again with an earlier start (a clock behind): the mark stays.
    await erasures.markErased(orgId, { emails: [email], phones: [] }, '2026-01-01T00:00:00.000Z');
    expect(await erasures.erasedSince(orgId, { email: email.trim().toLowerCase() }, t)).toBe(true);
    expect(await erasures.erasedSince(orgId, { email }, '2026-01-02T03:04:04.999Z')).toBe(true);
    expect(await erasures.erasedSince(orgId, { email }, '2026-01-02T03:04:05.001Z')).toBe(false);
    expect(await erasures.erasedSince(orgId, { email: 'someone.else@example.com', phone }, t)).toBe(true);
    expect(await erasures.erasedSince(orgId, { email: null, phone: null }, t)).toBe(false);
    const marks = (await everyItemOf(orgId)).filter((i) => String(i.pk).includes('#ERASED#'));
    expect(marks.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(marks).toLowerCase();
    expect(text.includes(email.trim().toLowerCase()) || text.includes(phone)).toBe(false);
    expect(marks.find((m) => m.erasedAt === t)).toBeTruthy();
  });

  it("the intake mail of a booking confirmed before the erase, sent after its mark: not sent (the mail's own transaction checks the mark)", async () => {
    // A clinic of its own: its package asks its form by mail only once the booking is confirmed, so no
    // worker sends that mail first; the erase's mark is written, its blanking of the booking not yet done.
    const own = await newClinic('erase-intake');
    const { orgId } = own.owner;
    const email = `intake.${Date.now().toString(36)}@example.com`;
    const booked = await paidBooking(own, dayAhead(5), '10:00', email);
    const form = await api('POST', '/form-builder/form', { token: own.owner.token, body: { name: 'Health questionnaire', fields: [{ id: 'allergies', label: 'Allergies', type: 'textarea', required: true }] } });
    expect(form.status, form.body.message).toBe(201);
    const saved = await api('PUT', `/bookings/packages/${own.packageId}`, { token: own.owner.token, body: { intakeFormId: form.body.data.id, intakeTiming: 'by_mail' } });
    expect(saved.status, saved.body.message).toBe(200);
    const { sendIntakeMail, intakeMailRowId } = await import('../../functions/domain/intake/mail');
    const erasures = await import('../../functions/data/erasures');
    const confirmedAt = new Date(Date.now() - 60_000).toISOString();
    await erasures.markErased(orgId, { emails: [email], phones: [] }, new Date().toISOString());
    expect(await sendIntakeMail(orgId, booked.id, new Date(), confirmedAt)).toBe('not-asked');
    expect(await mod.outbox.getOutboxRow(intakeMailRowId({ orgId, id: booked.id }))).toBeUndefined();
    // An event after the mark (the same person, later) is mailed.
    expect(await sendIntakeMail(orgId, booked.id, new Date(), new Date(Date.now() + 1_000).toISOString())).toBe('sent');
  }, 60_000);

  it('a booking by the same email after the erasure makes a new patient', async () => {
    const { person, patientId } = await patientOf(c, 'c', 7);
    await erase(patientId);
    const again = await api('POST', '/bookings/create-booking', { body: { ...person, bookingDate: dayAhead(8), bookingTime: '09:00', apiKey: c.apiKey, packageId: c.packageId } });
    expect(again.status, again.body.message).toBe(201);
    await payLocalCheckout(again.body.data.checkoutUrl, person.email);
    const newId = await eventually(async () => mod.upsert.findPatientId(c.owner.orgId, { email: person.email }), 'the new patient', 20_000);
    expect(newId).not.toBe(patientId);
    const page = await api('GET', `/patients/${newId}`, { token: c.owner.token });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body.data)).toContain(person.lastName);
    // The old record stays erased.
    const old = await api('GET', `/patients/${patientId}`, { token: c.owner.token });
    expect(JSON.stringify(old.body)).not.toContain(person.lastName);
  }, 60_000);
});
