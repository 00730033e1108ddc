// Holds a stranger cannot hoard (issue 28): one unpaid hold per email and per phone, three per client
// network, a quarter of a day's places at most; a patient trying again gets their own hold back; a hold
// lasts 10 minutes, then the sweep expires its Checkout Session at Stripe (the local stand-in) and lists
// its time again; paying gives the claims back at once.
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, mailsTo, signUpOwner, uniqueEmail, uniquePhone, waitForMails, type Owner } from '../support/api';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { testDb } from '../support/db';
import { payLocalCheckout, sessionIdOf, stripeSession, withhold } from '../support/stripe';
import { bookingKey } from '../../functions/data/bookings';

const ZONE = 'America/New_York';
const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;
const everyDay = (start: string, end: string) => {
  const hours = [{ start, end }];
  return { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
};
const TIMES = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];

interface Clinic {
  owner: Owner;
  apiKey: string;
  packageId: string;
}

/** A clinic open 08:00-18:00 every day in 60-minute slots (ten a day) of `capacity` places. */
async function newClinic(tag: string, capacity: number): Promise<Clinic> {
  const owner = await signUpOwner(tag);
  expect((await api('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours: everyDay('08:00', '18:00'), slotMinutes: 60, capacity, closedDates: [], maxDaysAhead: 400 } })).status).toBe(200);
  const pkg = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 40, packageDescription: 'A visit.' } });
  const key = await api('GET', '/organization/integration', { token: owner.token });
  return { owner, apiKey: key.body.data.apiKey ?? key.body.data.integrationKey, packageId: pkg.body.data.id };
}

let n = 0;
/** A made-up patient: a new name, email and phone each time. */
const stranger = () => {
  n++;
  return { firstName: `Sam${n}`, lastName: `Smith${n}`, email: uniqueEmail(`s${n}`), phoneNumber: uniquePhone() };
};

function hold(c: Clinic, from: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api('POST', '/bookings/create-booking', { body: { apiKey: c.apiKey, packageId: c.packageId, ...body }, headers: { 'x-forwarded-for': from, ...headers } });
}

/** The places still free on a date: each listed time's remaining places. */
async function freePlaces(c: Clinic, date: string) {
  const res = await api('POST', '/bookings/available-slots', { body: { apiKey: c.apiKey, date } });
  expect(res.status).toBe(200);
  return (res.body.data.slots as { time: string; remaining: number }[]).reduce((sum, s) => sum + s.remaining, 0);
}

async function bookingOf(c: Clinic, id: string) {
  const res = await api('GET', `/bookings/booking/${id}`, { token: c.owner.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** A network of its own for each test (/24s of 203.0.113.0/24's neighbours would collide across runs). */
const net = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('holds a stranger cannot hoard', () => {
  let clinic: Clinic;
  beforeAll(async () => {
    clinic = await newClinic('hoard', 2);
  });

  it('30 attempts from 20 addresses with rotating names, emails and phones take at most a quarter of the day', async () => {
    const date = dayAhead(5);
    expect(await freePlaces(clinic, date)).toBe(20);
    const addresses = Array.from({ length: 20 }, (_, i) => `${net()}.${i + 1}`);
    const answers: number[] = [];
    const messages = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await hold(clinic, addresses[i % 20], { ...stranger(), bookingDate: date, bookingTime: TIMES[i % TIMES.length] });
      answers.push(res.status);
      if (res.status !== 201) messages.add(res.body.message);
    }
    // A quarter of 10 slots x 2 places: 5 holds, then refusals saying why.
    expect(answers.filter((s) => s === 201)).toHaveLength(5);
    expect(answers.filter((s) => s === 409)).toHaveLength(25);
    expect([...messages]).toEqual(['Too many bookings for this day are waiting for payment. Please choose another day, or try again in a few minutes.']);
    expect(await freePlaces(clinic, date)).toBe(15);
    // Another day is untouched, and a patient books it.
    const other = await hold(clinic, `${net()}.1`, { ...stranger(), bookingDate: dayAhead(6), bookingTime: '10:00' });
    expect(other.status).toBe(201);
  });

  it('from a few networks (20 addresses in two /24s), three holds each: a real patient still books that day', async () => {
    const c = await newClinic('hoardnet', 3);
    const date = dayAhead(5);
    const nets = [net(), net()];
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await hold(c, `${nets[i % 2]}.${i % 10}`, { ...stranger(), bookingDate: date, bookingTime: TIMES[i % TIMES.length] });
      answers.push(res.status);
      if (res.status === 429) expect(res.body.message).toMatch(/^Too many bookings from your network are waiting for payment\. Please try again in (10|9) minutes\.$/);
    }
    expect(answers.filter((s) => s === 201)).toHaveLength(6);
    expect(answers.filter((s) => s === 429)).toHaveLength(24);
    expect(await freePlaces(c, date)).toBe(24); // of 30: more than three quarters
    const patient = await hold(c, `${net()}.9`, { firstName: 'Real', lastName: 'Patient', email: uniqueEmail('real'), phoneNumber: uniquePhone(), bookingDate: date, bookingTime: '10:00' });
    expect(patient.status).toBe(201);
    expect(patient.body.data.checkoutUrl).toMatch(/\/local\/checkout\//);
  });

  it('one unpaid hold per email and per phone; the same patient trying again gets their own hold back', async () => {
    const date = dayAhead(7);
    const me = { firstName: 'Pat', lastName: 'Once', email: uniqueEmail('once'), phoneNumber: uniquePhone() };
    const first = await hold(clinic, `${net()}.1`, { ...me, bookingDate: date, bookingTime: '09:00' }, { 'idempotency-key': `k-${Math.random()}` });
    expect(first.status).toBe(201);
    expect(Date.parse(first.body.data.holdExpiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(Date.parse(first.body.data.holdExpiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    // The payment page reloaded (a new key, another address): the same hold and checkout, nothing new held.
    const again = await hold(clinic, `${net()}.2`, { ...me, email: me.email.toUpperCase(), bookingDate: date, bookingTime: '09:00' }, { 'idempotency-key': `k-${Math.random()}` });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ bookingId: first.body.data.bookingId, checkoutUrl: first.body.data.checkoutUrl });
    expect(await freePlaces(clinic, date)).toBe(19);

    // Another time, or another package day, by the same email or the same phone: refused with what to do.
    const otherTime = await hold(clinic, `${net()}.3`, { ...me, bookingDate: date, bookingTime: '11:00' });
    const sameEmail = await hold(clinic, `${net()}.4`, { ...me, phoneNumber: uniquePhone(), bookingDate: dayAhead(8), bookingTime: '11:00' });
    const samePhone = await hold(clinic, `${net()}.5`, { ...me, email: uniqueEmail('other'), bookingDate: dayAhead(8), bookingTime: '12:00' });
    for (const res of [otherTime, sameEmail, samePhone]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/^You already have a booking waiting for payment\. Please complete that payment, or try again in (10|9) minutes when it is released\.$/);
    }
    expect(await freePlaces(clinic, date)).toBe(19);
    expect(await freePlaces(clinic, dayAhead(8))).toBe(20);

    // Paid: the claims are given back at once, and the patient may book another time.
    await payLocalCheckout(first.body.data.checkoutUrl, me.email);
    expect(await bookingOf(clinic, first.body.data.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const next = await hold(clinic, `${net()}.6`, { ...me, bookingDate: date, bookingTime: '11:00' });
    expect(next.status).toBe(201);
  });

  it('a hold that ran out: the sweep expires its session at Stripe and lists the time again', async () => {
    // A clinic of its own: the earlier tests' holds would lapse in the sweep's future too.
    const clinic = await newClinic('sweep', 2);
    const date = dayAhead(9);
    const me = { firstName: 'Lee', lastName: 'Late', email: uniqueEmail('late'), phoneNumber: uniquePhone() };
    const res = await hold(clinic, `${net()}.1`, { ...me, bookingDate: date, bookingTime: '15:00' });
    expect(res.status).toBe(201);
    const sessionId = sessionIdOf(res.body.data.checkoutUrl);
    expect((await stripeSession(sessionId)).status).toBe('open');

    Object.assign(process.env, inject('stackEnv'));
    const { sweepLapsedHolds } = await import('../../functions/domain/bookings/hold-sweep');
    // Before its end nothing moves. (This clinic's holds only: other files' holds share the table.)
    expect((await sweepLapsedHolds({ now: new Date(Date.now() + 9 * 60_000), orgId: clinic.owner.orgId })).released).toBe(0);
    expect(await freePlaces(clinic, date)).toBe(19);

    const swept = await sweepLapsedHolds({ now: new Date(Date.now() + 11 * 60_000), orgId: clinic.owner.orgId });
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect(await bookingOf(clinic, res.body.data.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', holdExpiresAt: null });
    expect((await stripeSession(sessionId)).status).toBe('expired');
    expect(await freePlaces(clinic, date)).toBe(20);
    // The checkout page cannot be paid any more, and the patient may hold again.
    expect(await payLocalCheckout(res.body.data.checkoutUrl, me.email)).toBe(`/local/checkout/${sessionId}`);
    expect((await bookingOf(clinic, res.body.data.bookingId)).status).toBe('expired');
    expect((await hold(clinic, `${net()}.2`, { ...me, bookingDate: date, bookingTime: '15:00' })).status).toBe(201);
  });

  it("a lapsed hold paid at Stripe whose event never came: the sweep confirms it from the session, once", async () => {
    const clinic = await newClinic('sweep-paid', 2);
    const date = dayAhead(10);
    const me = { firstName: 'Pia', lastName: 'Paid', email: uniqueEmail('paid'), phoneNumber: uniquePhone() };
    const res = await hold(clinic, `${net()}.1`, { ...me, bookingDate: date, bookingTime: '11:00' });
    expect(res.status).toBe(201);
    const bookingId = res.body.data.bookingId as string;
    // The payment's event is lost: while it is sent (and retried), the booking is not there to confirm.
    const putBack = await withhold(bookingKey(clinic.owner.orgId, bookingId));
    await payLocalCheckout(res.body.data.checkoutUrl, me.email);
    await putBack();
    expect((await stripeSession(sessionIdOf(res.body.data.checkoutUrl))).payment_status).toBe('paid');
    expect(await bookingOf(clinic, bookingId)).toMatchObject({ status: 'held', paymentStatus: 'pending' });

    Object.assign(process.env, inject('stackEnv'));
    const { sweepLapsedHolds } = await import('../../functions/domain/bookings/hold-sweep');
    const later = new Date(Date.now() + 11 * 60_000);
    const swept = await sweepLapsedHolds({ now: later, orgId: clinic.owner.orgId });
    expect(swept).toMatchObject({ released: 0, confirmed: 1 });
    expect(await bookingOf(clinic, bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await freePlaces(clinic, date)).toBe(19); // of 20: its place kept, not given back
    // Confirmed: out of the lapsed list, so the next sweep neither asks Stripe nor mails again.
    expect(await sweepLapsedHolds({ now: later, orgId: clinic.owner.orgId })).toMatchObject({ released: 0, confirmed: 0, skipped: 0 });
    const mails = await waitForMails(me.email, 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mailsTo(me.email)).length).toBe(mails.length);
  });

  it("a patient's hold that ran out (not swept yet) does not stand in their way: it is ended on the spot, its session expired", async () => {
    const date = dayAhead(11);
    const me = { firstName: 'Max', lastName: 'Again', email: uniqueEmail('again'), phoneNumber: uniquePhone() };
    const first = await hold(clinic, `${net()}.1`, { ...me, bookingDate: date, bookingTime: '10:00' });
    expect(first.status).toBe(201);
    // Its time runs out (as 10 minutes later), before any sweep.
    const { client, table } = testDb();
    const past = new Date(Date.now() - 60_000).toISOString();
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${clinic.owner.orgId}#BOOKING#${first.body.data.bookingId}`, sk: 'BOOKING' }, UpdateExpression: 'SET holdExpiresAt = :p', ExpressionAttributeValues: { ':p': past } }));

    const second = await hold(clinic, `${net()}.2`, { ...me, bookingDate: date, bookingTime: '12:00' });
    expect(second.status).toBe(201);
    expect(second.body.data.bookingId).not.toBe(first.body.data.bookingId);
    expect(await bookingOf(clinic, first.body.data.bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    expect((await stripeSession(sessionIdOf(first.body.data.checkoutUrl))).status).toBe('expired');
    expect(await freePlaces(clinic, date)).toBe(19);
  });
});
