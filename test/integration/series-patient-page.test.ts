// Issue 37.1, what the booking page needs of a patient's series (against DynamoDB Local and the local
// Stripe stand-in): back from the course's Checkout without paying, the cancel address gives every held
// visit back at once (each with one time-freed event; a second release harmless; the Checkout expired so
// it cannot be paid after), and after paying, POST /bookings/confirmation answers the series with every
// visit's time; paid at the clinic, the create call answers the confirmation itself.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { api, uniqueEmail, uniquePhone } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { payLocalCheckout, sessionIdOf, stripeSession } from '../support/stripe';
import { dayAhead, freeTimes, newClinic, type Clinic } from './booking-support';
import type { DomainEvent } from '../../functions/data/event-types';

const SLOW = 120_000;

async function eventsOf(orgId: string): Promise<DomainEvent[]> {
  const { client, table } = testDb();
  const out = await client.send(new QueryCommand({ TableName: table, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#EVENTS` } }));
  return (out.Items ?? []).map((i) => (i.payload as { event: DomainEvent }).event);
}

async function seriesClinic(tag: string, body: Record<string, unknown> = { allowSeries: true, seriesPayment: 'course', seriesMaxVisits: 6 }): Promise<Clinic> {
  const c = await newClinic(tag);
  const set = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body });
  expect(set.status, set.body.message).toBe(200);
  return c;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const bookSeries = (c: Clinic, startDate: string, email: string, count = 3) =>
  api('POST', '/bookings/create-patient-series', {
    body: {
      apiKey: c.apiKey, packageId: c.packageId, startDate, time: '10:00', everyWeeks: 1, count, firstName: 'Pat', lastName: 'Page', email, phoneNumber: uniquePhone(),
      visits: Array.from({ length: count }, (_, i) => ({ date: addDays(startDate, 7 * i), time: '10:00' })),
    },
  });
const statuses = async (c: Clinic, id: string) => ((await api('GET', `/bookings/series/${id}`, { token: c.owner.token })).body.data as { visits: { id: string; status: string }[] }).visits;

describe("a course's Checkout cancelled", () => {
  it("gives every held visit back at once through the cancel address, each with one time-freed event; again is harmless", async () => {
    const c = await seriesClinic('spp-cancel');
    const start = dayAhead(3);
    const email = uniqueEmail('spp-cancel');
    const held = await bookSeries(c, start, email);
    expect(held.status, held.body.message).toBe(201);
    const { seriesId, checkoutUrl, releaseToken, visits } = held.body.data;
    expect(releaseToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await stripeSession(sessionIdOf(checkoutUrl));
    const cancel = new URL(session.cancel_url);
    expect(Object.fromEntries(cancel.searchParams)).toEqual({ payment: 'cancelled', booking: visits[0].bookingId, release: releaseToken });
    // Held: none of the three times is free.
    for (const i of [0, 1, 2]) expect(await freeTimes(c, addDays(start, 7 * i))).not.toContain('10:00');

    const release = () => api('POST', '/bookings/release-hold', { body: { apiKey: c.apiKey, bookingId: cancel.searchParams.get('booking'), token: cancel.searchParams.get('release') } });
    const first = await release();
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data).toEqual({ outcome: 'released' });
    expect((await statuses(c, seriesId)).map((v) => v.status)).toEqual(['expired', 'expired', 'expired']);
    for (const i of [0, 1, 2]) expect(await freeTimes(c, addDays(start, 7 * i))).toContain('10:00');
    expect((await stripeSession(session.id)).status).toBe('expired');
    // The expired event Stripe sends too, and a second release (the back button): nothing freed twice.
    expect((await release()).body.data).toEqual({ outcome: 'released' });
    const freed = await eventually(async () => {
      const e = (await eventsOf(c.owner.orgId)).filter((x) => x.type === 'time-freed');
      return e.length >= 3 ? e : undefined;
    }, 'three time-freed events');
    expect(freed.map((e) => (e as { freedBy: { id: string } }).freedBy.id).sort()).toEqual(visits.map((v: { bookingId: string }) => v.bookingId).sort());
    // Not locked out: the same patient holds another series at once; the old Checkout cannot be paid.
    const again = await bookSeries(c, start, email);
    expect(again.status, again.body.message).toBe(201);
    expect(await payLocalCheckout(checkoutUrl, email)).toBe(`/local/checkout/${session.id}`);
    // A wrong token gives nothing back.
    const wrong = await api('POST', '/bookings/release-hold', { body: { apiKey: c.apiKey, bookingId: again.body.data.visits[0].bookingId, token: releaseToken } });
    expect(wrong.status).toBe(404);
    expect((await statuses(c, again.body.data.seriesId)).map((v) => v.status)).toEqual(['held', 'held', 'held']);
  }, SLOW);
});

describe('the confirmation of a series', () => {
  it("after the course's Checkout lists every visit's time (pending until the payment's event)", async () => {
    const c = await seriesClinic('spp-confirm');
    const start = dayAhead(4);
    const email = uniqueEmail('spp-confirm');
    const held = await bookSeries(c, start, email);
    expect(held.status, held.body.message).toBe(201);
    const sessionId = sessionIdOf(held.body.data.checkoutUrl);
    const ask = () => api('POST', '/bookings/confirmation', { body: { apiKey: c.apiKey, sessionId } });
    const pending = await ask();
    expect(pending.status, pending.body.message).toBe(200);
    expect(pending.body.data.status).toBe('pending');

    expect(await payLocalCheckout(held.body.data.checkoutUrl, email)).toContain('payment=success');
    const done = await eventually(async () => {
      const r = await ask();
      return r.body.data?.status === 'confirmed' ? r.body.data : undefined;
    }, 'the series confirmed');
    expect(done).toMatchObject({ packageName: 'Consultation', date: start, time: '10:00', currency: 'usd', series: { seriesId: held.body.data.seriesId, paidMinor: 3 * 4950 } });
    expect(done.series.visits.map((v: { date: string; time: string; status: string }) => [v.date, v.time, v.status])).toEqual([0, 1, 2].map((i) => [addDays(start, 7 * i), '10:00', 'confirmed']));
    expect(done.series.visits[0].bookingTimeLabel).toMatch(/10:00 AM/);
    expect(done.ics).toContain('BEGIN:VCALENDAR');
    expect(done.ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);

    // Another clinic's page: not found.
    const other = await newClinic('spp-other');
    expect((await api('POST', '/bookings/confirmation', { body: { apiKey: other.apiKey, sessionId } })).status).toBe(404);
  }, SLOW);

  it('paid at the clinic is confirmed at once, the reply carrying every visit', async () => {
    const c = await seriesClinic('spp-clinic');
    const mode = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body: { paymentMode: 'at_clinic', allowSeries: true, seriesPayment: 'per_visit' } });
    expect(mode.status, mode.body.message).toBe(200);
    const start = dayAhead(5);
    const booked = await bookSeries(c, start, uniqueEmail('spp-clinic'), 2);
    expect(booked.status, booked.body.message).toBe(201);
    expect(booked.body.data).toMatchObject({ status: 'confirmed', checkoutUrl: null });
    expect(booked.body.data.releaseToken).toBeUndefined();
    expect(booked.body.data.confirmation).toMatchObject({ status: 'confirmed', clinic: { name: expect.any(String) } });
    expect(booked.body.data.confirmation.series.visits.map((v: { date: string }) => v.date)).toEqual([start, addDays(start, 7)]);
  }, SLOW);
});
