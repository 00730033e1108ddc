// Issue 37.1: a patient books a series on the booking page, against DynamoDB Local and the local Stripe
// stand-in. The package must allow it (per visit is refused for a package paid online); a course of 4
// full-price visits opens ONE Checkout of 4 × the price, and its completed event confirms all four once
// however often it is delivered (one mail listing every visit); an expired Checkout frees every visit
// with its time-freed event; a week taken by someone else is listed with alternatives and nothing is held.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, uniqueEmail, uniquePhone, waitForMails, mailsTo } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { expireLocalCheckout, payLocalCheckout, sendStripeEvent, sessionIdOf, stripeEvent, stripeSession } from '../support/stripe';
import { dayAhead, freeTimes, holdBooking, newClinic, type Clinic } from './booking-support';
import type { DomainEvent } from '../../functions/data/event-types';

const SLOW = 120_000;

async function eventsOf(orgId: string): Promise<DomainEvent[]> {
  const { client, table } = testDb();
  const out = await client.send(new QueryCommand({ TableName: table, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#EVENTS` } }));
  return (out.Items ?? []).map((i) => (i.payload as { event: DomainEvent }).event);
}

/** A clinic whose package ($49.50, paid in full) lets patients book a series paid as a course. */
async function courseClinic(tag: string): Promise<Clinic> {
  const c = await newClinic(tag);
  const set = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body: { allowSeries: true, seriesPayment: 'course', seriesMaxVisits: 6 } });
  expect(set.status, set.body.message).toBe(200);
  return c;
}

const rule = (c: Clinic, startDate: string, time = '10:00') => ({ apiKey: c.apiKey, packageId: c.packageId, startDate, time, everyWeeks: 1, count: 4 });
const weekly = (startDate: string, time = '10:00') => [0, 7, 14, 21].map((d) => ({ date: addDays(startDate, d), time }));
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const bookSeries = (c: Clinic, startDate: string, email: string, visits = weekly(startDate)) =>
  api('POST', '/bookings/create-patient-series', { body: { ...rule(c, startDate), firstName: 'Pat', lastName: 'Course', email, phoneNumber: uniquePhone(), visits } });

const seriesOf = async (c: Clinic, id: string) => (await api('GET', `/bookings/series/${id}`, { token: c.owner.token })).body.data as { visits: { id: string; status: string; paymentStatus: string; amountPaidCents: number | null; startUtc: string }[] };

describe("a package's series settings", () => {
  it('refuse a per-visit series for a package paid online, and the booking page offers only what the package allows', async () => {
    const c = await newClinic('sp-settings');
    const perVisit = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body: { allowSeries: true } });
    expect(perVisit.status).toBe(400);
    expect(perVisit.body.errors).toEqual({ seriesPayment: 'Patients booking a series of a package paid online pay the course up front: choose "The whole course up front", or a payment at the clinic or a card held.' });
    // Not offered: the preview refuses, and the page is told.
    const refused = await api('POST', '/bookings/preview-patient-series', { body: rule(c, dayAhead(3)) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ packageId: 'This package cannot be booked as a series.' });
    const listed = async () => (await api('POST', '/bookings/available-packages', { body: { apiKey: c.apiKey } })).body.data.find((p: { id: string }) => p.id === c.packageId);
    expect(await listed()).toMatchObject({ allowSeries: false, seriesPayment: 'per_visit', seriesMaxVisits: 12 });

    const course = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body: { allowSeries: true, seriesPayment: 'course', seriesMaxVisits: 3 } });
    expect(course.status, course.body.message).toBe(200);
    expect(course.body.data).toMatchObject({ allowSeries: true, seriesPayment: 'course', seriesMaxVisits: 3 });
    expect(await listed()).toMatchObject({ allowSeries: true, seriesPayment: 'course', seriesMaxVisits: 3 });
    const tooMany = await api('POST', '/bookings/preview-patient-series', { body: rule(c, dayAhead(3)) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ count: 'This package can be booked for at most 3 visits.' });
    // Turning the package to per visit while it is paid online is refused too (the settings are checked as a whole).
    const back = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body: { seriesPayment: 'per_visit' } });
    expect(back.status).toBe(400);
  }, SLOW);
});

describe('a course of 4 full-price visits', () => {
  it('opens one Checkout of 4 × the price, and its completed event confirms all four once even when delivered twice', async () => {
    const c = await courseClinic('sp-course');
    const start = dayAhead(3);
    const preview = await api('POST', '/bookings/preview-patient-series', { body: rule(c, start) });
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data).toMatchObject({ free: 4, conflicts: 0, seriesPayment: 'course', maxVisits: 6, visitPolicy: { mode: 'full', dueNowMinor: 4950 }, currency: 'usd' });

    const email = uniqueEmail('course');
    const held = await bookSeries(c, start, email);
    expect(held.status, held.body.message).toBe(201);
    expect(held.body.data).toMatchObject({ status: 'held', amountMinor: 4 * 4950, currency: 'usd' });
    expect(held.body.data.visits.map((v: { bookingDate: string }) => v.bookingDate)).toEqual(weekly(start).map((v) => v.date));
    const sessionId = sessionIdOf(held.body.data.checkoutUrl);
    const session = await stripeSession(sessionId);
    expect(session).toMatchObject({ mode: 'payment', amount_total: 19_800, metadata: { kind: 'series', seriesId: held.body.data.seriesId } });
    expect((await seriesOf(c, held.body.data.seriesId)).visits.map((v) => v.status)).toEqual(['held', 'held', 'held', 'held']);

    expect(await payLocalCheckout(held.body.data.checkoutUrl, email)).toContain('payment=success');
    const confirmed = await eventually(async () => {
      const s = await seriesOf(c, held.body.data.seriesId);
      return s.visits.every((v) => v.status === 'confirmed') ? s : undefined;
    }, 'all four visits confirmed');
    expect(confirmed.visits.map((v) => [v.paymentStatus, v.amountPaidCents])).toEqual([['paid', 4950], ['paid', 4950], ['paid', 4950], ['paid', 4950]]);

    // The same session delivered again under another event id: nothing changes, no second mail.
    const again = await sendStripeEvent(stripeEvent('checkout.session.completed', await stripeSession(sessionId)));
    expect(again.status).toBe(200);
    const [mail] = await waitForMails(email);
    expect(mail.body.text).toContain('You booked a series of 4 visits for Consultation');
    expect(mail.body.text).toContain('Paid online for the whole course: $198.00 (USD).');
    expect(mail.attachments.map((a) => a.filename)).toContain('series.ics');
    expect((await mailsTo(email)).length).toBe(1);
    const events = await eventsOf(c.owner.orgId);
    expect(events.filter((e) => e.type === 'booking-confirmed').length).toBe(4);
    expect(events.filter((e) => e.type === 'payment-completed').length).toBe(1);
  }, SLOW);

  it('is freed whole when its Checkout expires: every visit released with its time-freed event', async () => {
    const c = await courseClinic('sp-expire');
    const start = dayAhead(4);
    const held = await bookSeries(c, start, uniqueEmail('expire'));
    expect(held.status, held.body.message).toBe(201);
    expect(await expireLocalCheckout(sessionIdOf(held.body.data.checkoutUrl))).toBe(200);
    const s = await eventually(async () => {
      const x = await seriesOf(c, held.body.data.seriesId);
      return x.visits.every((v) => v.status === 'expired') ? x : undefined;
    }, 'all four visits freed');
    const freed = (await eventsOf(c.owner.orgId)).filter((e) => e.type === 'time-freed');
    expect(freed.map((e) => (e as { freedBy: { id: string } }).freedBy.id).sort()).toEqual(s.visits.map((v) => v.id).sort());
    expect(await freeTimes(c, start)).toContain('10:00');
  }, SLOW);
});

describe('a week taken by someone else', () => {
  it('is listed with up to 3 alternatives that week, and taking the series as first asked holds nothing', async () => {
    const c = await courseClinic('sp-taken');
    const start = dayAhead(5);
    await holdBooking(c, addDays(start, 7), '10:00');
    const preview = await api('POST', '/bookings/preview-patient-series', { body: rule(c, start) });
    expect(preview.status, preview.body.message).toBe(200);
    expect(preview.body.data).toMatchObject({ free: 3, conflicts: 1 });
    const second = preview.body.data.visits[1];
    expect(second).toMatchObject({ number: 2, status: 'taken', date: addDays(start, 7) });
    expect(second.alternatives.length).toBeGreaterThan(0);
    expect(second.alternatives.length).toBeLessThanOrEqual(3);
    expect(second.alternatives[0].date).toBe(addDays(start, 7));
    expect(['09:00', '11:00']).toContain(second.alternatives[0].time);

    const refused = await bookSeries(c, start, uniqueEmail('taken'));
    expect(refused.status).toBe(409);
    // Nothing held: the other three weeks are still free.
    for (const d of [0, 14, 21]) expect(await freeTimes(c, addDays(start, d))).toContain('10:00');

    // With the alternative picked, the series is held whole.
    const visits = weekly(start).map((v, i) => (i === 1 ? { date: second.alternatives[0].date, time: second.alternatives[0].time } : v));
    const held = await bookSeries(c, start, uniqueEmail('alt'), visits);
    expect(held.status, held.body.message).toBe(201);
    expect(held.body.data.visits[1]).toMatchObject({ bookingDate: addDays(start, 7), bookingTime: second.alternatives[0].time });
  }, SLOW);
});
