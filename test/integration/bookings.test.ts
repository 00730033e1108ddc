// The public booking flow over HTTP against the embedded stack: hold a place, pay on the local
// checkout (Stripe's stand-in sends the signed events), confirm once (one confirmation mail, through
// the outbox, however many event ids carry the session); racing visitors for the last place; an event
// before its booking exists is delivered again; a wrong amount is flagged; expiry, cancellation and
// refunds free the place; the staff views and their refusals.
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, testAddress, mailsTo, signUpOwner, uniqueEmail, uniquePhone, waitForMails, type Owner } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { addMember, logs, perms } from '../support/members';
import { expireLocalCheckout, payLocalCheckout, sendStripeEvent, sessionIdOf, stripeEvent, stripeEventRecord, stripeSession, withhold } from '../support/stripe';

const TAKEN = 'Sorry, that time was just taken. Please choose another time.';
const ZONE = 'America/New_York';

const everyDay = (start: string, end: string) => {
  const hours = [{ start, end }];
  return { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
};

/** A local date `days` from today in the clinic's zone. */
const dayAhead = (days: number, zone = ZONE) => DateTime.now().setZone(zone).plus({ days }).toISODate()!;

interface Clinic {
  owner: Owner;
  apiKey: string;
  packageId: string;
}

async function apiKeyOf(owner: Owner): Promise<string> {
  const res = await api('GET', '/organization/integration', { token: owner.token });
  expect(res.status).toBe(200);
  const key = res.body.data.apiKey ?? res.body.data.integrationKey;
  expect(key).toMatch(/^pk_/);
  return key;
}

/** A new clinic open every day 08:00-18:00 in 60-minute slots of capacity 1, with one $49.50 package. */
async function newClinic(tag: string, options: { capacity?: number; packageBody?: Record<string, unknown> } = {}): Promise<Clinic> {
  const owner = await signUpOwner(tag);
  const saved = await api('PUT', '/bookings/availability', {
    token: owner.token,
    body: { weeklyHours: everyDay('08:00', '18:00'), slotMinutes: 60, capacity: options.capacity ?? 1, closedDates: [], maxDaysAhead: 400 },
  });
  expect(saved.status).toBe(200);
  const pkg = await api('POST', '/bookings/packages', {
    token: owner.token,
    body: { packageName: 'Consultation', packagePrice: 49.5, packageDescription: 'A first visit.', ...options.packageBody },
  });
  expect(pkg.status).toBe(201);
  return { owner, apiKey: await apiKeyOf(owner), packageId: pkg.body.data.id };
}

function visitor(c: Clinic, over: Record<string, unknown> = {}) {
  return {
    firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('visitor'), phoneNumber: uniquePhone(),
    bookingDate: dayAhead(3), bookingTime: '10:00', apiKey: c.apiKey, packageId: c.packageId, ...over,
  };
}

async function book(c: Clinic, over: Record<string, unknown> = {}) {
  return api('POST', '/bookings/create-booking', { body: visitor(c, over) });
}

async function bookingOf(c: Clinic, id: string) {
  const res = await api('GET', `/bookings/booking/${id}`, { token: c.owner.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function slotCounts(c: Clinic, startUtc: string) {
  const { client, table } = testDb();
  const out = await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${c.owner.orgId}#SLOTS`, sk: startUtc }, ConsistentRead: true }));
  return { held: Number(out.Item?.held ?? 0), confirmed: Number(out.Item?.confirmed ?? 0), taken: Number(out.Item?.taken ?? 0) };
}

async function freeTimes(c: Clinic, date: string) {
  const res = await api('POST', '/bookings/available-slots', { body: { apiKey: c.apiKey, date } });
  expect(res.status).toBe(200);
  return (res.body.data.slots as { time: string }[]).map((s) => s.time);
}

async function bookingsCounter(c: Clinic) {
  const res = await api('GET', '/dashboard', { token: c.owner.token });
  return res.body.data.bookings as number;
}

/** Staff notices about one booking (they leave through the outbox just after the change). */
async function bookingNotes(c: Clinic, bookingId: string) {
  const res = await api('GET', '/notifications', { token: c.owner.token });
  return ((res.body.data.items ?? res.body.data) as { title: string; message: string; link?: string }[]).filter((n) => n.link === `/bookings/booking/${bookingId}`);
}

const bookingNotesSoon = (c: Clinic, bookingId: string, count = 1) =>
  eventually(async () => {
    const notes = await bookingNotes(c, bookingId);
    return notes.length >= count ? notes : undefined;
  }, `${count} notice(s) about booking ${bookingId}`);

/** Mails and notices are delivered just after their change; a second one would come as fast. */
const SETTLE_MS = 1500;

/** A mail's calendar file (the SES stand-in keeps attachments as base64). */
const icsOf = (mail: { attachments: { filename?: string; content: string }[] }, name: string) =>
  Buffer.from(mail.attachments.find((a) => a.filename === name)!.content, 'base64').toString('utf8');

/** The session of a booking's checkout as Stripe reports it once paid (`over`: fields changed). */
async function paidSession(checkoutUrl: string, email: string, over: Record<string, unknown> = {}) {
  const open = await stripeSession(sessionIdOf(checkoutUrl));
  return { ...open, status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${open.id}`, customer_details: { email, name: 'Pat Visitor' }, ...over };
}

describe('create-booking: holding a place and opening Checkout', () => {
  let clinic: Clinic;
  beforeAll(async () => {
    clinic = await newClinic('bk');
  });

  it('holds the place and answers with a checkout URL at the package price, whatever price fields are sent', async () => {
    const body = visitor(clinic, { bookingTime: '09:00', packagePrice: 0.5, amount: 1, priceCents: 50, amountCents: 50, orgId: 'someone-else', status: 'confirmed' });
    const res = await api('POST', '/bookings/create-booking', { body });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Please complete the payment to confirm booking');
    expect(res.body.data.checkoutUrl).toBe(`${inject('appUrl')}/local/checkout/${sessionIdOf(res.body.data.checkoutUrl)}`);
    const session = await stripeSession(sessionIdOf(res.body.data.checkoutUrl));
    expect(session.amount_total).toBe(4950);
    expect(session.metadata).toEqual({ kind: 'booking', orgId: clinic.owner.orgId, bookingId: res.body.data.bookingId });
    expect(session.success_url).toBe(`${inject('appUrl')}/booking/${clinic.apiKey}?payment=success&session_id={CHECKOUT_SESSION_ID}`);
    // The cancel address names the hold it gives back (issue 34: Stripe fills no session id there).
    expect(session.cancel_url).toBe(`${inject('appUrl')}/booking/${clinic.apiKey}?payment=cancelled&booking=${res.body.data.bookingId}&release=${res.body.data.releaseToken}`);
    // Stripe's shortest session (30 minutes); the hold is shorter (10 minutes): when it ends, the
    // session is expired at Stripe (test/integration/holds.test.ts).
    expect(session.expires_at - Date.now() / 1000).toBeGreaterThan(29 * 60);
    expect(Date.parse(res.body.data.holdExpiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(Date.parse(res.body.data.holdExpiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    const booking = await bookingOf(clinic, res.body.data.bookingId);
    expect(booking).toMatchObject({ status: 'held', paymentStatus: 'pending', priceCents: 4950, packageName: 'Consultation', bookingTime: '09:00', timeZone: ZONE, stripeSessionId: session.id });
    expect(await slotCounts(clinic, booking.startUtc)).toEqual({ held: 1, confirmed: 0, taken: 1 });
    expect(await freeTimes(clinic, body.bookingDate)).not.toContain('09:00');
    // Nothing is announced before payment.
    expect(await mailsTo(body.email)).toHaveLength(0);
    const notes = await api('GET', '/notifications', { token: clinic.owner.token });
    expect(JSON.stringify(notes.body.data)).not.toContain(res.body.data.bookingId);
    expect(await bookingsCounter(clinic)).toBe(0);
  });

  it("a package's redirection path (a page of this site) becomes Stripe's success URL on this site", async () => {
    const pkg = await api('POST', '/bookings/packages', { token: clinic.owner.token, body: { packageName: 'Thanks page', packagePrice: 20, redirectionUrl: '/thanks' } });
    expect(pkg.status).toBe(201);
    expect(pkg.body.data.redirectionUrl).toBe('/thanks');
    const res = await api('POST', '/bookings/create-booking', { body: visitor(clinic, { packageId: pkg.body.data.id, bookingTime: '16:00' }) });
    expect(res.status).toBe(201);
    const session = await stripeSession(sessionIdOf(res.body.data.checkoutUrl));
    expect(session.success_url).toBe(`${inject('appUrl')}/thanks`);
    expect((await api('POST', '/bookings/packages', { token: clinic.owner.token, body: { packageName: 'Elsewhere', packagePrice: 20, redirectionUrl: '//evil.example.com' } })).status).toBe(400);
  });

  it('does not let one address hoard the slots: 3 unpaid holds per network, and the 7th attempt in 30 minutes is refused', async () => {
    const c = await newClinic('hoard');
    const date = dayAhead(5);
    const from = { 'x-forwarded-for': testAddress() };
    // Each on a day of its own (the day's share is not what is tested here).
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push((await api('POST', '/bookings/create-booking', { headers: from, body: visitor(c, { bookingDate: dayAhead(10 + i), bookingTime: '14:00' }) })).status);
    }
    expect(answers).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = await api('POST', '/bookings/create-booking', { headers: from, body: visitor(c, { bookingDate: date, bookingTime: '14:00' }) });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await freeTimes(c, date)).toContain('14:00');
    // Another visitor is served as usual.
    expect((await book(c, { bookingDate: date, bookingTime: '14:00' })).status).toBe(201);
  });

  it('gives the place of a 20-way race for the last place to exactly one visitor', async () => {
    const date = dayAhead(4);
    const racers = Array.from({ length: 20 }, () => book(clinic, { bookingDate: date, bookingTime: '11:00' }));
    const results = await Promise.all(racers);
    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(won[0].body.data.checkoutUrl).toMatch(/\/local\/checkout\/cs_test_/);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r.body.message).toBe(TAKEN);

    const booking = await bookingOf(clinic, won[0].body.data.bookingId);
    expect(await slotCounts(clinic, booking.startUtc)).toEqual({ held: 1, confirmed: 0, taken: 1 });
    // Nothing half-written: the 19 refusals left no bookings behind.
    const list = await api('GET', `/bookings/bookings/list/all?from=${date}&to=${date}&limit=100`, { token: clinic.owner.token });
    expect(list.body.data.items).toHaveLength(1);
    expect(await freeTimes(clinic, date)).not.toContain('11:00');
  });

  it('shares a slot of capacity 3 among exactly 3 of 10 racing visitors', async () => {
    const c = await newClinic('bkcap', { capacity: 3 });
    const date = dayAhead(2);
    const results = await Promise.all(Array.from({ length: 10 }, () => book(c, { bookingDate: date, bookingTime: '13:00' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const booking = await bookingOf(c, results.find((r) => r.status === 201)!.body.data.bookingId);
    expect(await slotCounts(c, booking.startUtc)).toEqual({ held: 3, confirmed: 0, taken: 3 });
  });

  it('refuses inactive and deleted packages', async () => {
    const inactive = await api('POST', '/bookings/packages', { token: clinic.owner.token, body: { packageName: 'Paused', packagePrice: 20, isActive: false } });
    const deleted = await api('POST', '/bookings/packages', { token: clinic.owner.token, body: { packageName: 'Gone', packagePrice: 20 } });
    expect((await api('DELETE', `/bookings/packages/${deleted.body.data.id}`, { token: clinic.owner.token })).status).toBe(200);
    for (const packageId of [inactive.body.data.id, deleted.body.data.id, 'no-such-package']) {
      const res = await book(clinic, { packageId, bookingTime: '15:00' });
      expect(res.status).toBe(400);
      expect(res.body.errors?.packageId).toBe('This package is not available. Please choose another package.');
    }
    // A package deactivated after the page loaded cannot be booked either.
    const live = await api('POST', '/bookings/packages', { token: clinic.owner.token, body: { packageName: 'Soon paused', packagePrice: 20 } });
    await api('PUT', `/bookings/packages/${live.body.data.id}`, { token: clinic.owner.token, body: { isActive: false } });
    expect((await book(clinic, { packageId: live.body.data.id, bookingTime: '15:00' })).status).toBe(400);
    expect(await freeTimes(clinic, dayAhead(3))).toContain('15:00');
  });

  it("refuses a past date, a closed day, a time not offered and a time already past, in the clinic's zone", async () => {
    const c = await newClinic('bkrules');
    const closed = dayAhead(5);
    await api('PUT', '/bookings/availability', {
      token: c.owner.token,
      body: { weeklyHours: everyDay('08:00', '18:00'), slotMinutes: 60, capacity: 1, closedDates: [closed] },
    });
    const past = await book(c, { bookingDate: dayAhead(-1) });
    expect(past.status).toBe(400);
    expect(past.body.errors?.bookingDate).toBe('Booking date cannot be in the past. Please choose today or a later date.');
    const shut = await book(c, { bookingDate: closed });
    expect(shut.status).toBe(400);
    expect(shut.body.message).toBe('The clinic is closed on that day. Please choose another date.');
    for (const bookingTime of ['10:30', '07:00', '18:00']) {
      const odd = await book(c, { bookingTime });
      expect(odd.status).toBe(400);
      expect(odd.body.errors?.bookingTime).toBe('That time is not offered. Please choose one of the available times.');
    }
    const tooFar = await book(c, { bookingDate: dayAhead(200) });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.errors?.bookingDate).toBe('That date is too far ahead. Please choose an earlier date.');
    // Today at 08:00 has passed unless the clinic's clock is before 08:00.
    const clinicNow = DateTime.now().setZone(ZONE);
    if (clinicNow.hour >= 8) {
      const gone = await book(c, { bookingDate: dayAhead(0), bookingTime: '08:00' });
      expect(gone.status).toBe(400);
      expect(gone.body.errors?.bookingTime).toBe('That time has already passed. Please choose a later time.');
    }
    const list = await api('GET', '/bookings/bookings/list/all', { token: c.owner.token });
    expect(list.body.data.items).toEqual([]);
  });

  it('validates the booking form with the spec messages', async () => {
    const res = await api('POST', '/bookings/create-booking', { body: { apiKey: clinic.apiKey, packageId: '', email: 'nope', phoneNumber: '12345' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      packageId: 'Please select a package',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      phoneNumber: 'Invalid phone number (e.g., +1234567890)',
      bookingTime: 'Booking time is required',
      bookingDate: 'Booking date is required',
    });
    const numericId = await book(clinic, { packageId: 12345 });
    expect(numericId.status).toBe(400);
    expect(numericId.body.errors?.packageId).toBe('This package is not available. Please choose another package.');
    const unknown = await book(clinic, { apiKey: 'pk_unknownunknownunknown' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This booking page is not available. Please check the link.');
  });

  it('sends the visitor to the package redirection URL after paying when one is set', async () => {
    const pkg = await api('POST', '/bookings/packages', {
      token: clinic.owner.token,
      body: { packageName: 'Follow-up', packagePrice: '25', redirectionUrl: 'https://clinic.example.com/thanks' },
    });
    const res = await book(clinic, { packageId: pkg.body.data.id, bookingTime: '16:00', bookingDate: dayAhead(6) });
    expect(res.status).toBe(201);
    expect((await stripeSession(sessionIdOf(res.body.data.checkoutUrl))).amount_total).toBe(2500);
    expect(await payLocalCheckout(res.body.data.checkoutUrl)).toBe('https://clinic.example.com/thanks');
  });
});

describe('payment confirms the booking once', () => {
  let clinic: Clinic;
  beforeAll(async () => {
    clinic = await newClinic('bkpay');
  });

  it('confirms on the completed event, mails the visitor an .ics, tells staff, counts it, and a replay changes nothing', async () => {
    const body = visitor(clinic, { bookingTime: '14:00', firstName: 'Ada', lastName: 'Lovelace' });
    const res = await api('POST', '/bookings/create-booking', { body });
    expect(res.status).toBe(201);
    const { bookingId, checkoutUrl } = res.body.data;

    const redirect = await payLocalCheckout(checkoutUrl, body.email);
    expect(redirect).toBe(`${inject('appUrl')}/booking/${clinic.apiKey}?payment=success&session_id=${sessionIdOf(checkoutUrl)}`);

    const mails = await waitForMails(body.email);
    expect(mails).toHaveLength(1);
    // The booking says when its confirmation went out: the outbox row of the mail is the record.
    const booking = await eventually(async () => {
      const b = await bookingOf(clinic, bookingId);
      return b.confirmationSentAt ? b : undefined;
    }, 'the confirmation marked sent');
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountPaidCents: 4950, holdExpiresAt: null, needsAttention: null });
    expect(await slotCounts(clinic, booking.startUtc)).toEqual({ held: 0, confirmed: 1, taken: 1 });
    expect(await bookingsCounter(clinic)).toBe(1);

    const mail = mails[0];
    expect(mail.subject).toContain('Booking confirmed: Consultation');
    const when = DateTime.fromISO(booking.startUtc).setZone(ZONE);
    expect(mail.body.text).toContain(`Time: 2:00 PM ${when.offsetNameShort} (${when.offsetNameLong}, ${ZONE})`);
    expect(mail.body.text).toContain('Price: $49.50');
    expect(mail.body.text).toContain(when.setLocale('en-US').toLocaleString({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }));
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(ics).toBeDefined();
    expect(ics!.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    const icsText = Buffer.from(ics!.content, 'base64').toString('utf8'); // the SES stand-in keeps RawContent as base64
    expect(icsText).toContain('METHOD:REQUEST');
    expect(icsText).toContain(`DTSTART:${when.toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`);
    expect(icsText).toContain('SUMMARY:Consultation with bkpay Clinic');

    const mine = await bookingNotesSoon(clinic, bookingId);
    expect(mine).toHaveLength(1);
    expect(mine[0].title).toBe('New booking');

    // Staff see it as paid.
    const paid = await api('GET', '/bookings/bookings/list/all?paymentStatus=paid', { token: clinic.owner.token });
    expect(paid.body.data.items.map((b: { id: string }) => b.id)).toEqual([bookingId]);
    expect(paid.body.data.items[0]).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', firstName: 'Ada' });

    // A replay of Stripe's event (a new event id for the same session) changes nothing.
    const session = await stripeSession(sessionIdOf(checkoutUrl));
    const replay = await sendStripeEvent(stripeEvent('checkout.session.completed', session));
    expect(replay.status).toBe(200);
    expect(await bookingOf(clinic, bookingId)).toEqual(booking);
    expect(await slotCounts(clinic, booking.startUtc)).toEqual({ held: 0, confirmed: 1, taken: 1 });
    expect(await bookingsCounter(clinic)).toBe(1);
    // And the same event id twice is a duplicate at the door.
    const event = stripeEvent('checkout.session.completed', session);
    await sendStripeEvent(event);
    expect((await sendStripeEvent(event)).body.data?.outcome).toBe('duplicate');
    await sleep(SETTLE_MS);
    expect(await mailsTo(body.email)).toHaveLength(1);
    expect(await bookingNotes(clinic, bookingId)).toHaveLength(1);
  });

  it('frees the place when the checkout expires, and the slot can be booked again', async () => {
    const res = await book(clinic, { bookingTime: '12:00', bookingDate: dayAhead(7) });
    expect(res.status).toBe(201);
    expect((await book(clinic, { bookingTime: '12:00', bookingDate: dayAhead(7) })).status).toBe(409);
    expect(await expireLocalCheckout(sessionIdOf(res.body.data.checkoutUrl))).toBe(200);
    const booking = await bookingOf(clinic, res.body.data.bookingId);
    expect(booking).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    expect(await slotCounts(clinic, booking.startUtc)).toEqual({ held: 0, confirmed: 0, taken: 0 });
    expect(await freeTimes(clinic, dayAhead(7))).toContain('12:00');
    const next = await book(clinic, { bookingTime: '12:00', bookingDate: dayAhead(7) });
    expect(next.status).toBe(201);
    expect(await mailsTo(booking.email)).toHaveLength(0);
  });

  it('does not let a hold that ran out block the slot, even before any Stripe event', async () => {
    const date = dayAhead(8);
    const first = await book(clinic, { bookingTime: '08:00', bookingDate: date });
    expect(first.status).toBe(201);
    const held = await bookingOf(clinic, first.body.data.bookingId);
    // The hold's time runs out (as 10 minutes later).
    const { client, table } = testDb();
    const past = new Date(Date.now() - 60_000).toISOString();
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${clinic.owner.orgId}#BOOKING#${held.id}`, sk: 'BOOKING' }, UpdateExpression: 'SET holdExpiresAt = :p', ExpressionAttributeValues: { ':p': past } }));
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${clinic.owner.orgId}#HOLDS`, sk: `${held.startUtc}#${held.id}` }, UpdateExpression: 'SET holdExpiresAt = :p', ExpressionAttributeValues: { ':p': past } }));

    expect(await freeTimes(clinic, date)).toContain('08:00');
    const second = await book(clinic, { bookingTime: '08:00', bookingDate: date });
    expect(second.status).toBe(201);
    expect(await bookingOf(clinic, held.id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid' });
    expect(await slotCounts(clinic, held.startUtc)).toEqual({ held: 1, confirmed: 0, taken: 1 });

    // Releasing it expired its checkout at Stripe: it cannot be paid any more.
    expect((await stripeSession(sessionIdOf(first.body.data.checkoutUrl))).status).toBe('expired');
    // A payment that went through just as it was expired (a race) cannot take the place from the
    // second visitor: staff are asked to act.
    expect((await sendStripeEvent(stripeEvent('checkout.session.completed', await paidSession(first.body.data.checkoutUrl, held.email)))).status).toBe(200);
    const late = await bookingOf(clinic, held.id);
    expect(late).toMatchObject({ status: 'expired', paymentStatus: 'paid' });
    expect(late.needsAttention).toMatch(/refund/);
    expect(await slotCounts(clinic, held.startUtc)).toEqual({ held: 1, confirmed: 0, taken: 1 });
    expect((await waitForMails(late.email)).map((m) => m.subject)).toEqual([`About your booking with bkpay Clinic`]);
    expect((await bookingNotesSoon(clinic, held.id)).map((n) => n.title)).toEqual(['Booking needs attention']);
  });

  it('a payment that arrives after its hold was released takes the place again when it is still free', async () => {
    const date = dayAhead(9);
    const res = await book(clinic, { bookingTime: '09:00', bookingDate: date });
    const held = await bookingOf(clinic, res.body.data.bookingId);
    const { client, table } = testDb();
    const past = new Date(Date.now() - 60_000).toISOString();
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${clinic.owner.orgId}#BOOKING#${held.id}`, sk: 'BOOKING' }, UpdateExpression: 'SET holdExpiresAt = :p', ExpressionAttributeValues: { ':p': past } }));
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${clinic.owner.orgId}#HOLDS`, sk: `${held.startUtc}#${held.id}` }, UpdateExpression: 'SET holdExpiresAt = :p', ExpressionAttributeValues: { ':p': past } }));
    // Someone tries the time and gives up: the lapsed hold is released on the way.
    const other = await book(clinic, { bookingTime: '09:00', bookingDate: date });
    expect(other.status).toBe(201);
    await expireLocalCheckout(sessionIdOf(other.body.data.checkoutUrl));
    expect(await bookingOf(clinic, held.id)).toMatchObject({ status: 'expired' });

    // Its session was expired at Stripe with it; a payment that raced the expiry still lands.
    expect((await stripeSession(sessionIdOf(res.body.data.checkoutUrl))).status).toBe('expired');
    expect((await sendStripeEvent(stripeEvent('checkout.session.completed', await paidSession(res.body.data.checkoutUrl, held.email)))).status).toBe(200);
    expect(await bookingOf(clinic, held.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', needsAttention: null });
    expect(await slotCounts(clinic, held.startUtc)).toEqual({ held: 0, confirmed: 1, taken: 1 });
    expect((await waitForMails(held.email)).some((m) => m.attachments.some((a) => a.filename?.endsWith('.ics')))).toBe(true);
  });
});

describe('payment events under faults', () => {
  it('one session completed under 5 event ids at once confirms once: 1 confirmation mail with its .ics, 1 notice, counted once', async () => {
    const c = await newClinic('bkfive');
    const body = visitor(c, { bookingTime: '15:00' });
    const res = await api('POST', '/bookings/create-booking', { body });
    const { bookingId, checkoutUrl } = res.body.data;
    const session = await paidSession(checkoutUrl, body.email);
    const answers = await Promise.all(Array.from({ length: 5 }, () => sendStripeEvent(stripeEvent('checkout.session.completed', session))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);

    const booking = await bookingOf(c, bookingId);
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await slotCounts(c, booking.startUtc)).toEqual({ held: 0, confirmed: 1, taken: 1 });
    expect(await bookingsCounter(c)).toBe(1);
    await waitForMails(body.email);
    await bookingNotesSoon(c, bookingId);
    await sleep(SETTLE_MS);
    const mails = await mailsTo(body.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Booking confirmed: Consultation on /)]);
    expect(mails[0].attachments.filter((a) => a.filename === 'booking.ics')).toHaveLength(1);
    expect((await bookingNotes(c, bookingId)).map((n) => n.title)).toEqual(['New booking']);
  });

  it('an event that comes before its booking is answered 503, not burned, and confirms the booking when delivered after it exists', async () => {
    const c = await newClinic('bkearly');
    const body = visitor(c, { bookingTime: '16:00' });
    const res = await api('POST', '/bookings/create-booking', { body });
    const { bookingId, checkoutUrl } = res.body.data;
    const putBack = await withhold({ pk: `ORG#${c.owner.orgId}#BOOKING#${bookingId}`, sk: 'BOOKING' });
    const event = stripeEvent('checkout.session.completed', await paidSession(checkoutUrl, body.email));

    const early = await sendStripeEvent(event);
    expect(early.status).toBe(503);
    expect(await stripeEventRecord(event.id)).toBeUndefined();

    await putBack();
    const later = await sendStripeEvent(event);
    expect(later.status).toBe(200);
    expect(later.body.data?.outcome).toBe('processed');
    expect(await bookingOf(c, bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect((await waitForMails(body.email))[0].subject).toMatch(/^Booking confirmed/);
  });

  it('a paid amount that differs from the price confirms the booking as paid but flags it: staff told, the audit log says so', async () => {
    const c = await newClinic('bkwrong');
    const body = visitor(c, { bookingTime: '17:00' });
    const res = await api('POST', '/bookings/create-booking', { body });
    const { bookingId, checkoutUrl } = res.body.data;
    const sent = await sendStripeEvent(stripeEvent('checkout.session.completed', await paidSession(checkoutUrl, body.email, { amount_total: 4000 })));
    expect(sent.status).toBe(200);

    const booking = await bookingOf(c, bookingId);
    expect(booking).toMatchObject({
      status: 'confirmed', paymentStatus: 'paid', priceCents: 4950, amountPaidCents: 4000,
      needsAttention: 'Paid $40.00, but the price is $49.50. The payment is recorded as paid: check it in Stripe, then refund or collect the difference.',
    });
    const notes = await bookingNotesSoon(c, bookingId, 2);
    expect(notes.map((n) => n.title).sort()).toEqual(['Booking needs attention', 'New booking']);
    expect(notes.find((n) => n.title === 'Booking needs attention')!.message).toBe(
      `Pat Visitor paid $40.00 for "Consultation" (${booking.bookingTimeLabel}), but the price is $49.50. Please check the payment.`,
    );
    const entries = (await logs(c.owner, 'module=BOOKING_PACKAGES&limit=100')).filter((e) => e.recordId === bookingId);
    expect(entries).toEqual([expect.objectContaining({ recordType: 'booking', actorId: 'stripe', summary: expect.stringContaining('differs from the price $49.50') })]);
    const listed = await api('GET', '/bookings/bookings/list/all', { token: c.owner.token });
    expect(listed.body.data.items.find((b: { id: string }) => b.id === bookingId).needsAttention).toBe(booking.needsAttention);
    expect((await waitForMails(body.email))[0].body.text).toContain('Price: $49.50 (USD), paid $40.00');
  });
});

describe('staff: cancel, refund and the bookings list', () => {
  let clinic: Clinic;
  beforeAll(async () => {
    clinic = await newClinic('bkstaff');
  });

  it('cancelling a held booking frees the place and expires its checkout', async () => {
    const res = await book(clinic, { bookingTime: '10:00', bookingDate: dayAhead(2) });
    const id = res.body.data.bookingId;
    const cancelled = await api('POST', `/bookings/booking/${id}/cancel`, { token: clinic.owner.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', cancelledBy: clinic.owner.userId });
    expect((await stripeSession(sessionIdOf(res.body.data.checkoutUrl))).status).toBe('expired');
    expect(await slotCounts(clinic, cancelled.body.data.startUtc)).toEqual({ held: 0, confirmed: 0, taken: 0 });
    expect(await bookingOf(clinic, id)).toMatchObject({ status: 'cancelled' }); // the expired event changed nothing
    const again = await api('POST', `/bookings/booking/${id}/cancel`, { token: clinic.owner.token });
    expect(again.status).toBe(409);
    const entries = await logs(clinic.owner, 'module=BOOKING_PACKAGES&limit=100');
    expect(entries.filter((e) => e.recordId === id)).toHaveLength(1);
  });

  it('cancelling a paid booking frees the place, lowers the count and tells the visitor', async () => {
    const res = await book(clinic, { bookingTime: '11:00', bookingDate: dayAhead(2) });
    await payLocalCheckout(res.body.data.checkoutUrl);
    const id = res.body.data.bookingId;
    expect(await bookingsCounter(clinic)).toBe(1);
    const cancelled = await api('POST', `/bookings/booking/${id}/cancel`, { token: clinic.owner.token });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect(await slotCounts(clinic, cancelled.body.data.startUtc)).toEqual({ held: 0, confirmed: 0, taken: 0 });
    expect(await bookingsCounter(clinic)).toBe(0);
    const mails = await waitForMails(cancelled.body.data.email, 2);
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[1]).toMatch(/^Booking cancelled: Consultation/);
    // The cancellation removes the confirmation's event from the visitor's calendar.
    const [request, cancel] = [icsOf(mails[0], 'booking.ics'), icsOf(mails[1], 'cancel.ics')];
    expect(cancel).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(cancel).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(cancel).toContain('\r\nSEQUENCE:1\r\n');
    expect(request).toContain('\r\nSEQUENCE:0\r\n');
    expect(/\r\nUID:(.+)\r\n/.exec(cancel)![1]).toBe(/\r\nUID:(.+)\r\n/.exec(request)![1]);
    expect(cancel).toMatch(/\r\nORGANIZER;CN="bkstaff Clinic":mailto:[^\s<>"]+@[^\s<>"]+\r\n/);
    expect(await freeTimes(clinic, dayAhead(2))).toContain('11:00');
  });

  it('a full refund marks the payment refunded, cancels the future booking and frees its place', async () => {
    const res = await book(clinic, { bookingTime: '12:00', bookingDate: dayAhead(2) });
    await payLocalCheckout(res.body.data.checkoutUrl);
    const before = await bookingsCounter(clinic);
    const refund = await fetch(`${res.body.data.checkoutUrl}/refund`, { method: 'POST', redirect: 'manual' });
    expect(refund.status).toBe(303);
    const booking = await bookingOf(clinic, res.body.data.bookingId);
    expect(booking).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedCents: 4950 });
    expect(await slotCounts(clinic, booking.startUtc)).toEqual({ held: 0, confirmed: 0, taken: 0 });
    expect(await bookingsCounter(clinic)).toBe(before - 1);
    // The visitor is told, with the calendar file that removes the event.
    const mails = await waitForMails(booking.email, 2);
    expect(mails[1].subject).toMatch(/^Booking cancelled: Consultation/);
    expect(mails[1].body.text).toContain('$49.50 is refunded to your card');
    expect(icsOf(mails[1], 'cancel.ics')).toContain('\r\nMETHOD:CANCEL\r\n');
  });

  it('lists bookings by date range, package, status and payment state, a page at a time', async () => {
    const c = await newClinic('bklist');
    const other = await api('POST', '/bookings/packages', { token: c.owner.token, body: { packageName: 'Massage', packagePrice: 80 } });
    const a = await book(c, { bookingDate: dayAhead(2), bookingTime: '09:00' });
    const b = await book(c, { bookingDate: dayAhead(3), bookingTime: '09:00', packageId: other.body.data.id });
    const d = await book(c, { bookingDate: dayAhead(4), bookingTime: '09:00' });
    await payLocalCheckout(b.body.data.checkoutUrl);
    const ids = (res: { body: { data?: { items: { id: string }[] } } }) => res.body.data!.items.map((i) => i.id);
    const [aId, bId, dId] = [a.body.data.bookingId, b.body.data.bookingId, d.body.data.bookingId];

    const all = await api('GET', '/bookings/bookings/list/all', { token: c.owner.token });
    expect(ids(all)).toEqual([dId, bId, aId]);
    const asc = await api('GET', '/bookings?order=asc', { token: c.owner.token });
    expect(ids(asc)).toEqual([aId, bId, dId]);
    const range = await api('GET', `/bookings/bookings/list/all?from=${dayAhead(3)}&to=${dayAhead(4)}`, { token: c.owner.token });
    expect(ids(range)).toEqual([dId, bId]);
    const byPackage = await api('GET', `/bookings/bookings/list/all?packageId=${c.packageId}`, { token: c.owner.token });
    expect(ids(byPackage)).toEqual([dId, aId]);
    const pending = await api('GET', '/bookings/bookings/list/all?paymentStatus=pending', { token: c.owner.token });
    expect(ids(pending)).toEqual([dId, aId]);
    const confirmed = await api('GET', '/bookings/bookings/list/all?status=confirmed', { token: c.owner.token });
    expect(ids(confirmed)).toEqual([bId]);
    const paidOther = await api('GET', `/bookings/bookings/list/all?paymentStatus=paid&packageId=${c.packageId}`, { token: c.owner.token });
    expect(ids(paidOther)).toEqual([]);

    const first = await api('GET', '/bookings/bookings/list/all?limit=2', { token: c.owner.token });
    expect(ids(first)).toEqual([dId, bId]);
    const second = await api('GET', `/bookings/bookings/list/all?limit=2&cursor=${first.body.data.nextCursor}`, { token: c.owner.token });
    expect(ids(second)).toEqual([aId]);
    expect(second.body.data.nextCursor).toBeUndefined();

    const bad = await api('GET', '/bookings/bookings/list/all?paymentStatus=maybe', { token: c.owner.token });
    expect(bad.status).toBe(400);
    const detail = await api('GET', `/bookings/booking/${bId}`, { token: c.owner.token });
    expect(detail.body.data).toMatchObject({ packageName: 'Massage', price: 80, status: 'confirmed', paymentStatus: 'paid' });
    expect(detail.body.data.bookingTimeLabel).toMatch(/at 9:00 AM E[SD]T$/);
  });

  it('refuses without a token, without the module flags, and for another organisation', async () => {
    const res = await book(clinic, { bookingTime: '13:00', bookingDate: dayAhead(2) });
    const id = res.body.data.bookingId;
    expect((await api('GET', '/bookings/bookings/list/all')).status).toBe(401);
    expect((await api('POST', `/bookings/booking/${id}/cancel`)).status).toBe(401);

    const reader = await addMember(clinic.owner, perms({ BOOKING_PACKAGES: 'r' }));
    expect((await api('GET', '/bookings/bookings/list/all', { token: reader.token })).status).toBe(200);
    expect((await api('GET', `/bookings/booking/${id}`, { token: reader.token })).status).toBe(200);
    const refused = await api('POST', `/bookings/booking/${id}/cancel`, { token: reader.token });
    expect(refused.status).toBe(403);
    expect(await bookingOf(clinic, id)).toMatchObject({ status: 'held' });

    const outsider = await addMember(clinic.owner, perms({ Members: 'r' }));
    expect((await api('GET', '/bookings', { token: outsider.token })).status).toBe(403);
    expect((await api('GET', `/bookings/booking/${id}`, { token: outsider.token })).status).toBe(403);

    const elsewhere = await signUpOwner('bkelse');
    expect((await api('GET', `/bookings/booking/${id}`, { token: elsewhere.token })).status).toBe(404);
    expect((await api('POST', `/bookings/booking/${id}/cancel`, { token: elsewhere.token })).status).toBe(404);
    expect(await bookingOf(clinic, id)).toMatchObject({ status: 'held' });
  });
});
