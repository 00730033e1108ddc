// Issue 37: the waitlist, a subscriber of the time-freed event (functions/domain/waitlist/), on a stack
// of this file's own (its DynamoDB Local is paused here, which must never stall the other files; its
// outbox worker, and so the subscriber, runs in this process). A freed time is held for the first
// waiting patient for the clinic's window, then for the next; it is never held past its window, never
// given to two patients, and a duplicated or stalled delivery makes one offer.
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { api, mailsTo, uniqueEmail, uniquePhone, type Mail } from '../support/api';
import { eventually } from '../support/eventually';
import { resumeProcess } from '../support/pause';

const ZONE = 'America/New_York';
let stack: LocalStack;

/** The API of this file's own stack. */
const call = (method: string, path: string, options: { body?: unknown; token?: string } = {}) => api(method, path, { ...options, apiUrl: `${stack.url}/api` });

interface Clinic {
  token: string;
  orgId: string;
  apiKey: string;
  packageId: string;
}

/** A new clinic open every day 08:00-18:00 in 60-minute slots of one place, one package, its waitlist window 5 minutes. */
async function newClinic(tag: string): Promise<Clinic> {
  const email = uniqueEmail(tag);
  const password = 'Secret-123';
  expect((await call('POST', '/users/register-email', { body: { email, password } })).status).toBe(201);
  const code = await eventually(async () => (await mailsTo(email, stack.inboxUrl)).map((m) => /\b(\d{6})\b/.exec(m.subject)?.[1]).find(Boolean), 'the sign-up code');
  const registration = (await call('POST', '/users/verify-email-otp', { body: { email, otp: code, password } })).body.data.token;
  await call('POST', '/users/add-basic-details', { token: registration, body: { username: `wl${randomUUID().slice(0, 8)}`, firstName: 'Olive', lastName: 'Owner', phoneNumber: '+15551234567', gender: 'female' } });
  const org = await call('POST', '/users/add-organization', { token: registration, body: { name: 'Queue Clinic', email, legalName: 'Queue Clinic LLC', websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567' } });
  expect(org.status).toBe(201);
  const token = org.body.data.token as string;
  const hours = [{ start: '08:00', end: '18:00' }];
  const weeklyHours = { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
  expect((await call('PUT', '/bookings/availability', { token, body: { weeklyHours, slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 400 } })).status).toBe(200);
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Physio', packagePrice: 60 } });
  expect((await call('PUT', '/waitlist/settings', { token, body: { mode: 'one-by-one', holdMinutes: 5 } })).status).toBe(200);
  const apiKey = (await call('GET', '/organization/integration', { token })).body.data.apiKey as string;
  return { token, orgId: org.body.data.userDetails.organizationId as string, apiKey, packageId: pkg.body.data.id as string };
}

const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;

async function pay(checkoutUrl: string, email: string) {
  await fetch(`${checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, name: 'Pat Payer' }).toString(), redirect: 'manual' });
}

/** A booking of the time, paid; resolves once confirmed. */
async function paidBooking(c: Clinic, date: string, time: string) {
  const email = uniqueEmail('booker');
  const held = await call('POST', '/bookings/create-booking', { body: { apiKey: c.apiKey, packageId: c.packageId, firstName: 'Bo', lastName: 'Oker', email, phoneNumber: uniquePhone(), bookingDate: date, bookingTime: time } });
  expect(held.status).toBe(201);
  await pay(held.body.data.checkoutUrl, email);
  await eventually(async () => ((await call('GET', `/bookings/booking/${held.body.data.bookingId}`, { token: c.token })).body.data.status === 'confirmed' ? true : undefined), 'booking confirmed');
  return held.body.data.bookingId as string;
}

/** A patient joins the waitlist for the package: every day 09:00-12:00, for a week. */
async function join(c: Clinic, name: string, locale?: string) {
  const email = uniqueEmail(name);
  const res = await call('POST', '/waitlist/join', {
    body: { apiKey: c.apiKey, packageId: c.packageId, firstName: name, lastName: 'Waiting', email, phoneNumber: uniquePhone(), days: [1, 2, 3, 4, 5, 6, 7], fromTime: '09:00', toTime: '12:00', until: dayAhead(7), ...(locale ? { locale } : {}) },
  });
  expect(res.status).toBe(201);
  return { email, entryId: res.body.data.entryId as string };
}

/** The offer mails to an address, in any language (each carries its offer link). */
const offerMails = async (email: string) => (await mailsTo(email, stack.inboxUrl)).filter((m) => (m.body.text ?? '').includes('waitlistOffer='));
const offerMailOf = (email: string) => eventually(async () => (await offerMails(email))[0], `the offer mail to ${email}`, 15_000);
/** The offer id and token of the mail's 'Book this time' link. */
function linkOf(mail: Mail) {
  const url = new URL(/https?:\/\/\S+waitlistOffer=\S+/.exec(mail.body.text ?? '')![0]);
  return { offerId: url.searchParams.get('waitlistOffer')!, token: url.searchParams.get('token')! };
}
const offersOf = async (c: Clinic) => (await call('GET', '/waitlist/offers', { token: c.token })).body.data.items as { id: string; entryId: string; status: string; bookingId: string | null; startUtc: string }[];
const slotOf = async (c: Clinic, startUtc: string) => {
  const { ddb, table } = await import('../../functions/data/dynamo');
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: { pk: `ORG#${c.orgId}#SLOTS`, sk: startUtc }, ConsistentRead: true }));
  return { held: Number(out.Item?.held ?? 0), confirmed: Number(out.Item?.confirmed ?? 0), taken: Number(out.Item?.taken ?? 0) };
};
const sweep = async (c: Clinic, minutesAhead: number) => {
  const { sweepLapsedHolds } = await import('../../functions/domain/bookings/hold-sweep');
  return sweepLapsedHolds({ now: new Date(Date.now() + minutesAhead * 60_000), orgId: c.orgId });
};

/** The stand-in's Checkout session of a checkout URL (its id is the URL's last part). */
async function stripeSession(checkoutUrl: string) {
  const res = await fetch(`${stack.env.STRIPE_API_BASE}/v1/checkout/sessions/${checkoutUrl.split('/').pop()}`, { headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY}` } });
  return (await res.json()) as { status: string; mode: string; amount_total: number | null; currency: string; customer: string | null; metadata: Record<string, string> };
}

beforeAll(async () => {
  stack = await startLocalStack({ inMemory: true, port: 0, sesPort: 0, quiet: true, outbox: { sweepMs: 500, retryBaseMs: 500 } });
}, 90_000);

afterAll(async () => {
  resumeProcess(stack?.dynamoDbPid());
  await stack?.stop();
}, 30_000);

describe('the waitlist', () => {
  it('offers a freed time to the first of three waiting, then after the window to the second, who books it from the mail', async () => {
    const c = await newClinic('queue');
    const date = dayAhead(2);
    const bookingId = await paidBooking(c, date, '10:00');
    const [first, second, third] = [await join(c, 'Ann'), await join(c, 'Ben'), await join(c, 'Cy')];

    expect((await call('POST', `/bookings/booking/${bookingId}/cancel`, { token: c.token })).status).toBe(200);
    const firstMail = await offerMailOf(first.email);
    expect(firstMail.body.text).toContain('It is held for you until');
    const [offer] = await offersOf(c);
    expect(offer).toMatchObject({ entryId: first.entryId, status: 'open' });
    expect(await slotOf(c, offer.startUtc)).toEqual({ held: 1, confirmed: 0, taken: 1 });
    expect(await offerMails(second.email)).toEqual([]);

    // Within the window nothing moves; after it, the hold sweep gives the time back and it goes to the next.
    expect((await sweep(c, 4)).released).toBe(0);
    expect((await sweep(c, 6)).released).toBe(1);
    const secondMail = await offerMailOf(second.email);
    await eventually(async () => ((await offersOf(c)).length === 2 ? true : undefined), 'two offers');
    const offers = await offersOf(c);
    expect(offers.find((o) => o.entryId === first.entryId)?.status).toBe('lapsed');
    expect(offers.find((o) => o.entryId === second.entryId)?.status).toBe('open');
    expect(await offerMails(third.email)).toEqual([]);
    expect(await offerMails(first.email)).toHaveLength(1);

    // The second books it from the mail's link: to payment, then confirmed; the list filled one time.
    const link = linkOf(secondMail);
    const shown = await call('POST', '/waitlist/offer', { body: { apiKey: c.apiKey, ...link } });
    expect(shown.body.data).toMatchObject({ status: 'open', mode: 'one-by-one', bookingTime: '10:00', bookingDate: date, priceMinor: 6000, currency: 'usd' });
    const taken = await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...link } });
    expect(taken.status).toBe(200);
    await pay(taken.body.data.checkoutUrl, second.email);
    await eventually(async () => ((await call('GET', '/waitlist/summary', { token: c.token })).body.data.filled === 1 ? true : undefined), 'one time filled', 15_000);
    expect((await call('GET', `/bookings/booking/${taken.body.data.bookingId}`, { token: c.token })).body.data.status).toBe('confirmed');
    const summary = (await call('GET', '/waitlist/summary', { token: c.token })).body.data;
    expect(summary).toMatchObject({ waiting: 2, offersMade: 2, filled: 1 });
    expect((await offersOf(c)).find((o) => o.entryId === second.entryId)?.status).toBe('taken');
    // A wrong token opens nothing.
    expect((await call('POST', '/waitlist/offer', { body: { apiKey: c.apiKey, offerId: link.offerId, token: 'x'.repeat(43) } })).status).toBe(404);
  }, 60_000);

  it('gives an offered time to at most one of 20 concurrent bookings, and never past its window', async () => {
    const c = await newClinic('race');
    const date = dayAhead(3);
    const bookingId = await paidBooking(c, date, '11:00');
    const patient = await join(c, 'Dee');
    await call('POST', `/bookings/booking/${bookingId}/cancel`, { token: c.token });
    const link = linkOf(await offerMailOf(patient.email));

    // Twenty strangers try to book the held time at once: the hold keeps it for the patient.
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/bookings/create-booking', { body: { apiKey: c.apiKey, packageId: c.packageId, firstName: `R${i}`, lastName: 'Acer', email: uniqueEmail(`r${i}`), phoneNumber: uniquePhone(), bookingDate: date, bookingTime: '11:00' } }),
      ),
    );
    expect(tries.filter((t) => t.status === 201)).toHaveLength(0);
    expect(tries.every((t) => t.status === 409)).toBe(true);
    const taken = await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...link } });
    expect(taken.status).toBe(200);

    // Its window ends (as if 5 minutes had passed): it cannot be taken or paid any more, and the time is free again.
    const { ddb, table } = await import('../../functions/data/dynamo');
    const past = new Date(Date.now() - 1000).toISOString();
    await ddb.send(new UpdateCommand({ TableName: table(), Key: { pk: `ORG#${c.orgId}#BOOKING#${link.offerId}`, sk: 'BOOKING' }, UpdateExpression: 'SET holdExpiresAt = :p', ExpressionAttributeValues: { ':p': past } }));
    expect((await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...link } })).status).toBe(409);
    expect((await sweep(c, 6)).released).toBe(1);
    const session = await fetch(`${stack.env.STRIPE_API_BASE}/v1/checkout/sessions/${taken.body.data.checkoutUrl.split('/').pop()}`, { headers: { authorization: `Bearer ${stack.env.STRIPE_SECRET_KEY}` } });
    expect(((await session.json()) as { status: string }).status).toBe('expired');
    const [offer] = await offersOf(c);
    expect(await slotOf(c, offer.startUtc)).toEqual({ held: 0, confirmed: 0, taken: 0 });
    await eventually(async () => ((await offersOf(c))[0]?.status === 'lapsed' ? true : undefined), 'the offer lapsed');
    const shown = await call('POST', '/waitlist/offer', { body: { apiKey: c.apiKey, ...link } });
    expect(shown.body.data.status).toBe('lapsed');
  }, 60_000);

  it('staff see who waits and offer a time by hand; a patient who leaves gives the held time to the next', async () => {
    const c = await newClinic('hand');
    const [first, second] = [await join(c, 'Gil'), await join(c, 'Hal')];
    expect((await call('GET', '/waitlist')).status).toBe(401);
    const list = await call('GET', '/waitlist', { token: c.token });
    expect(list.body.data.items.map((e: { id: string }) => e.id)).toEqual([first.entryId, second.entryId]);
    const date = dayAhead(5);
    const offered = await call('POST', `/waitlist/entries/${first.entryId}/offer`, { token: c.token, body: { bookingDate: date, bookingTime: '10:00' } });
    expect(offered.status).toBe(201);
    expect(offered.body.data).toMatchObject({ entryId: first.entryId, source: 'staff', status: 'open', bookingDate: date, bookingTime: '10:00' });
    const mail = await offerMailOf(first.email);
    // The time is held: nobody else can book it, and the staff cannot offer it twice.
    expect((await call('POST', `/waitlist/entries/${second.entryId}/offer`, { token: c.token, body: { bookingDate: date, bookingTime: '10:00' } })).status).toBe(409);

    // The first leaves by the mail's link: the hold is given back at once and the time goes to the next.
    const leave = new URL(/Leave the waitlist: (\S+)/.exec(mail.body.text ?? '')![1]);
    const left = await call('POST', '/waitlist/leave', { body: { apiKey: c.apiKey, entryId: leave.searchParams.get('waitlistLeave'), token: leave.searchParams.get('token') } });
    expect(left.status).toBe(200);
    await offerMailOf(second.email);
    expect((await call('GET', '/waitlist', { token: c.token })).body.data.items.map((e: { id: string }) => e.id)).toEqual([second.entryId]);
    expect((await call('POST', '/waitlist/leave', { body: { apiKey: c.apiKey, entryId: first.entryId, token: 'wrong' } })).status).toBe(404);
  }, 60_000);

  it('a duplicated time-freed event, and one delivered while DynamoDB Local is stalled, make one offer', async () => {
    const c = await newClinic('faults');
    const date = dayAhead(4);
    const bookingId = await paidBooking(c, date, '09:00');
    const [first, second] = [await join(c, 'Eve'), await join(c, 'Fay')];
    const since = new Date().toISOString();
    expect((await call('POST', `/bookings/booking/${bookingId}/cancel`, { token: c.token })).status).toBe(200);

    const { listEvents } = await import('../../functions/data/events');
    const { waitlistSubscriber } = await import('../../functions/domain/waitlist/on-time-freed');
    const event = (await listEvents(c.orgId, since)).find((e) => e.type === 'time-freed')!;
    // DynamoDB Local stalls while the event is delivered (by the worker, and by a second copy run here).
    const pid = stack.dynamoDbPid()!;
    process.kill(pid, 'SIGSTOP');
    const duplicate = waitlistSubscriber.handle(event, { rowId: 'duplicate', attempt: 1, complete: () => Promise.resolve(true) }).then(() => 'done', (e: Error) => e.name);
    await new Promise((r) => setTimeout(r, 3000));
    process.kill(pid, 'SIGCONT');
    await duplicate;
    await offerMailOf(first.email);
    // And once more, after the fact.
    await waitlistSubscriber.handle(event, { rowId: 'again', attempt: 1, complete: () => Promise.resolve(true) });
    await stack.sweepOutbox();
    await new Promise((r) => setTimeout(r, 1500));

    const offers = await offersOf(c);
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ entryId: first.entryId, status: 'open' });
    expect(await offerMails(first.email)).toHaveLength(1);
    expect(await offerMails(second.email)).toEqual([]);
    expect(await slotOf(c, offers[0].startUtc)).toEqual({ held: 1, confirmed: 0, taken: 1 });
    expect((await call('GET', '/waitlist/summary', { token: c.token })).body.data).toMatchObject({ offersMade: 1, filled: 0 });
  }, 90_000);
  it('an offer of a package paid at the clinic, taken from its link, is confirmed at once with no Checkout session', async () => {
    const c = await newClinic('atclinic');
    const date = dayAhead(4);
    const bookingId = await paidBooking(c, date, '10:00');
    // The clinic now takes payment at the visit: the offer's hold agrees to that, as a booking page hold would.
    expect((await call('PUT', `/bookings/packages/${c.packageId}`, { token: c.token, body: { paymentMode: 'at_clinic' } })).status).toBe(200);
    const patient = await join(c, 'Ida');
    expect((await call('POST', `/bookings/booking/${bookingId}/cancel`, { token: c.token })).status).toBe(200);
    const link = linkOf(await offerMailOf(patient.email));

    const taken = await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...link } });
    expect(taken.status, taken.body.message).toBe(200);
    expect(taken.body.data).toMatchObject({ status: 'confirmed', checkoutUrl: null, manageUrl: expect.stringContaining('/manage') });
    const booking = (await call('GET', `/bookings/booking/${taken.body.data.bookingId}`, { token: c.token })).body.data;
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'unpaid', stripeSessionId: null, holdExpiresAt: null, paymentPolicy: { mode: 'at_clinic', dueNowMinor: 0, dueAtVisitMinor: 6000 } });
    expect(await slotOf(c, booking.startUtc)).toEqual({ held: 0, confirmed: 1, taken: 1 });
    // A second click finds it confirmed (no second confirmation); the list filled one time.
    expect((await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...link } })).body.data).toMatchObject({ status: 'confirmed', checkoutUrl: null });
    await eventually(async () => ((await call('GET', '/waitlist/summary', { token: c.token })).body.data.filled === 1 ? true : undefined), 'one time filled', 15_000);
    const [mail] = await eventually(async () => {
      const all = (await mailsTo(patient.email, stack.inboxUrl)).filter((m) => m.subject.startsWith('Booking confirmed: Physio'));
      return all.length ? all : undefined;
    }, 'the confirmation mail');
    expect(mail.body.text).toContain('/manage');
    await stack.sweepOutbox();
    expect((await mailsTo(patient.email, stack.inboxUrl)).filter((m) => m.subject.startsWith('Booking confirmed'))).toHaveLength(1);
  }, 60_000);
  it('an offer of a deposit package opens Checkout for the deposit; unpaid at its window, the time and the session are released and it passes to the next', async () => {
    const c = await newClinic('deposit');
    const date = dayAhead(2);
    const bookingId = await paidBooking(c, date, '10:00');
    expect((await call('PUT', `/bookings/packages/${c.packageId}`, { token: c.token, body: { paymentMode: 'deposit', depositPercent: 25 } })).status).toBe(200);
    const [first, second] = [await join(c, 'Jo'), await join(c, 'Kim')];
    expect((await call('POST', `/bookings/booking/${bookingId}/cancel`, { token: c.token })).status).toBe(200);
    const firstLink = linkOf(await offerMailOf(first.email));

    const taken = await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...firstLink } });
    expect(taken.status, taken.body.message).toBe(200);
    const session = await stripeSession(taken.body.data.checkoutUrl);
    // The deposit (25 % of $60), not the price; the rest is due at the visit.
    expect(session).toMatchObject({ mode: 'payment', status: 'open', amount_total: 1500, currency: 'usd', metadata: { kind: 'booking', bookingId: firstLink.offerId } });
    expect((await call('GET', `/bookings/booking/${firstLink.offerId}`, { token: c.token })).body.data.paymentPolicy).toMatchObject({ mode: 'deposit', dueNowMinor: 1500, dueAtVisitMinor: 4500 });

    // Not paid within the window: the session expires with the hold, and the time goes to the next patient.
    expect((await sweep(c, 6)).released).toBe(1);
    expect((await stripeSession(taken.body.data.checkoutUrl)).status).toBe('expired');
    expect((await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...firstLink } })).status).toBe(409);
    const secondLink = linkOf(await offerMailOf(second.email));
    await eventually(async () => ((await offersOf(c)).find((o) => o.entryId === first.entryId)?.status === 'lapsed' ? true : undefined), 'the first offer lapsed');
    const next = await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...secondLink } });
    expect((await stripeSession(next.body.data.checkoutUrl)).amount_total).toBe(1500);
    await pay(next.body.data.checkoutUrl, second.email);
    const booked = await eventually(async () => {
      const b = (await call('GET', `/bookings/booking/${next.body.data.bookingId}`, { token: c.token })).body.data;
      return b.status === 'confirmed' ? b : undefined;
    }, 'the deposit booking confirmed');
    expect(booked).toMatchObject({ amountPaidCents: 1500, paymentPolicy: { mode: 'deposit', dueAtVisitMinor: 4500 } });
    await eventually(async () => ((await call('GET', '/waitlist/summary', { token: c.token })).body.data.filled === 1 ? true : undefined), 'one time filled', 15_000);
  }, 60_000);

  it('an offer of a package that holds a card opens Checkout in setup mode; the saved card confirms it', async () => {
    const c = await newClinic('cardheld');
    const date = dayAhead(3);
    const bookingId = await paidBooking(c, date, '09:00');
    expect((await call('PUT', `/bookings/packages/${c.packageId}`, { token: c.token, body: { paymentMode: 'card_on_file', noShowFee: 30 } })).status).toBe(200);
    const patient = await join(c, 'Lou');
    expect((await call('POST', `/bookings/booking/${bookingId}/cancel`, { token: c.token })).status).toBe(200);
    const link = linkOf(await offerMailOf(patient.email));

    const taken = await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...link } });
    expect(taken.status, taken.body.message).toBe(200);
    const session = await stripeSession(taken.body.data.checkoutUrl);
    expect(session).toMatchObject({ mode: 'setup', amount_total: null, customer: expect.stringMatching(/^cus_/), metadata: { kind: 'booking', bookingId: link.offerId } });
    // A second click: the same session.
    expect((await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...link } })).body.data.checkoutUrl).toBe(taken.body.data.checkoutUrl);
    await fetch(`${taken.body.data.checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: '4242424242424242', name: 'Lou Waiting' }).toString(), redirect: 'manual' });
    const booked = await eventually(async () => {
      const b = (await call('GET', `/bookings/booking/${link.offerId}`, { token: c.token })).body.data;
      return b.status === 'confirmed' ? b : undefined;
    }, 'the card-held booking confirmed');
    expect(booked).toMatchObject({ paymentStatus: 'unpaid', savedCard: { customerId: session.customer, last4: '4242' }, paymentPolicy: { mode: 'card_on_file', dueNowMinor: 0, noShowFeeMinor: 3000 } });
    await eventually(async () => ((await offersOf(c))[0]?.status === 'taken' ? true : undefined), 'the offer taken');
    expect((await call('GET', '/waitlist', { token: c.token })).body.data.items).toEqual([]);
  }, 60_000);

  it('all at once: everyone who fits is told, the first to book wins, the others are refused that time and keep their place', async () => {
    const c = await newClinic('allatonce');
    expect((await call('PUT', '/waitlist/settings', { token: c.token, body: { mode: 'all-at-once', holdMinutes: 30 } })).status).toBe(200);
    const date = dayAhead(2);
    const bookingId = await paidBooking(c, date, '11:00');
    const [first, second] = [await join(c, 'Max'), await join(c, 'Nia', 'de')];
    expect((await call('POST', `/bookings/booking/${bookingId}/cancel`, { token: c.token })).status).toBe(200);
    const [firstMail, secondMail] = [await offerMailOf(first.email), await offerMailOf(second.email)];
    expect(firstMail.body.text).toContain('The first to book it gets it');
    // In the patient's language.
    expect(secondMail.subject).toMatch(/^Ein Termin ist für Sie frei/);
    expect(secondMail.body.text).toContain('Wer zuerst bucht, bekommt ihn');
    // Nothing is held: the time is still free on the booking page, and the link cannot 'take' it.
    expect(await slotOf(c, (await offersOf(c))[0].startUtc)).toEqual({ held: 0, confirmed: 0, taken: 0 });
    const secondLink = linkOf(secondMail);
    expect((await call('POST', '/waitlist/offer', { body: { apiKey: c.apiKey, ...secondLink } })).body.data).toMatchObject({ mode: 'all-at-once', status: 'open', bookingDate: date, bookingTime: '11:00' });
    expect((await call('POST', '/waitlist/offer/take', { body: { apiKey: c.apiKey, ...secondLink } })).status).toBe(409);

    // The first books it on the booking page (the offer's link chooses that time there) and pays.
    const book = (who: { email: string }, name: string) =>
      call('POST', '/bookings/create-booking', { body: { apiKey: c.apiKey, packageId: c.packageId, firstName: name, lastName: 'Waiting', email: who.email, phoneNumber: uniquePhone(), bookingDate: date, bookingTime: '11:00' } });
    const won = await book(first, 'Max');
    expect(won.status, won.body.message).toBe(201);
    const lost = await book(second, 'Nia');
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe('Sorry, that time was just taken. Please choose another time.');
    await pay(won.body.data.checkoutUrl, first.email);
    await eventually(async () => ((await call('GET', '/waitlist/summary', { token: c.token })).body.data.filled === 1 ? true : undefined), 'one time filled', 15_000);
    // The winner stops waiting; the other keeps their place (first in the queue now) for the next freed time.
    const waiting = (await call('GET', '/waitlist', { token: c.token })).body.data.items as { id: string; offersMade: number }[];
    expect(waiting.map((e) => e.id)).toEqual([second.entryId]);
    expect(waiting[0].offersMade).toBe(1);
    const offers = await offersOf(c);
    expect(offers.find((o) => o.entryId === first.entryId)?.status).toBe('taken');
    expect(offers.find((o) => o.entryId === second.entryId)?.status).toBe('open');
    // The booking page no longer offers that time: the offer's page shows the next free times instead.
    const day = await call('POST', '/bookings/available-slots', { body: { apiKey: c.apiKey, date, packageId: c.packageId } });
    expect((day.body.data.slots as { time: string }[]).map((s) => s.time)).not.toContain('11:00');
  }, 60_000);

  it('stops offering to a patient who left the list, or who booked another time of the same package', async () => {
    const c = await newClinic('stops');
    const date = dayAhead(2);
    const bookingId = await paidBooking(c, date, '10:00');
    const [leaver, booker, waiter] = [await join(c, 'Oli'), await join(c, 'Pia'), await join(c, 'Quin')];
    // Oli leaves with the link of the joined mail (no offer held: nothing to give back).
    const joined = await eventually(async () => (await mailsTo(leaver.email, stack.inboxUrl)).find((m) => (m.body.text ?? '').includes('waitlistLeave=')), 'the joined mail');
    const leave = new URL(/https?:\/\/\S+waitlistLeave=\S+/.exec(joined.body.text ?? '')![0]);
    expect((await call('POST', '/waitlist/leave', { body: { apiKey: c.apiKey, entryId: leave.searchParams.get('waitlistLeave'), token: leave.searchParams.get('token') } })).status).toBe(200);
    // Pia books another time of the package herself (her address typed in capitals this time) and pays.
    const own = await call('POST', '/bookings/create-booking', {
      body: { apiKey: c.apiKey, packageId: c.packageId, firstName: 'Pia', lastName: 'Waiting', email: booker.email.toUpperCase(), phoneNumber: uniquePhone(), bookingDate: dayAhead(5), bookingTime: '09:00' },
    });
    expect(own.status, own.body.message).toBe(201);
    await pay(own.body.data.checkoutUrl, booker.email);
    await eventually(async () => ((await call('GET', '/waitlist', { token: c.token })).body.data.items.length === 1 ? true : undefined), 'Pia no longer waiting', 15_000);

    // A time frees: it goes to Quin, the only one still waiting; neither of the others hears of it.
    expect((await call('POST', `/bookings/booking/${bookingId}/cancel`, { token: c.token })).status).toBe(200);
    await offerMailOf(waiter.email);
    const offers = await offersOf(c);
    expect(offers.map((o) => o.entryId)).toEqual([waiter.entryId]);
    expect(await offerMails(leaver.email)).toEqual([]);
    expect(await offerMails(booker.email)).toEqual([]);
  }, 60_000);
  it('passes over a patient whose erase has begun (its mark written, their entry not yet ended): nothing is held or sent in their name', async () => {
    const c = await newClinic('erasing');
    const bookingId = await paidBooking(c, dayAhead(2), '10:00');
    const [erased, next] = [await join(c, 'Eve'), await join(c, 'Fay')];
    // The first step of erasing Eve (functions/domain/patients/erase.ts): her addresses marked, before her entries are ended.
    const { markErased } = await import('../../functions/data/erasures');
    await markErased(c.orgId, { emails: [erased.email], phones: [] }, new Date().toISOString());

    expect((await call('POST', `/bookings/booking/${bookingId}/cancel`, { token: c.token })).status).toBe(200);
    await offerMailOf(next.email);
    expect((await offersOf(c)).map((o) => o.entryId)).toEqual([next.entryId]);
    expect(await offerMails(erased.email)).toEqual([]);
  }, 60_000);

  it('never holds a time past its start: a window longer than the wait for the time ends when the time begins', async () => {
    const c = await newClinic('start');
    expect((await call('PUT', '/waitlist/settings', { token: c.token, body: { mode: 'one-by-one', holdMinutes: 1440 } })).status).toBe(200);
    const patient = await join(c, 'Rae');
    // The clinic's next free time (open 08:00-18:00 every day: always within the next 24 hours).
    const soon = Date.now() + 10 * 60_000;
    let next: { date: string; time: string; startUtc: string } | undefined;
    for (const date of [dayAhead(0), dayAhead(1)]) {
      const day = await call('POST', '/bookings/available-slots', { body: { apiKey: c.apiKey, date, packageId: c.packageId } });
      const slot = (day.body.data.slots as { time: string; startUtc: string }[]).find((s) => Date.parse(s.startUtc) > soon);
      if (slot && !next) next = { date, ...slot };
    }
    expect(Date.parse(next!.startUtc)).toBeLessThan(Date.now() + 1440 * 60_000);
    const offered = await call('POST', `/waitlist/entries/${patient.entryId}/offer`, { token: c.token, body: { bookingDate: next!.date, bookingTime: next!.time } });
    expect(offered.status, offered.body.message).toBe(201);
    expect(Date.parse(offered.body.data.expiresAt)).toBe(Date.parse(next!.startUtc));
    const held = (await call('GET', `/bookings/booking/${offered.body.data.id}`, { token: c.token })).body.data;
    expect(Date.parse(held.holdExpiresAt)).toBe(Date.parse(next!.startUtc));
  }, 60_000);
});
