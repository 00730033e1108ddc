// Issue 35: each place a time is freed, a booking confirmed, a payment completed or an appointment
// cancelled writes its domain event (functions/data/events.ts) in the transaction of the change, once:
// the events of a clinic are read back from the table (the outbox rows under ORG#<orgId>#EVENTS) after
// the real handlers made the change over HTTP. (Their delivery to subscribers: event-subscribers.test.ts.)
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { api, uniqueEmail, uniquePhone, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { sendStripeEvent, sessionIdOf, stripeEvent, stripeSession } from '../support/stripe';
import { bookingForm } from './appointments-support';
import { dayAhead, getBooking, holdBooking, newClinic, paidBooking, type Clinic } from './booking-support';
import type { DomainEvent } from '../../functions/data/event-types';

/** Each test signs a clinic up and walks bookings through Checkout: more than the default on a busy machine. */
const SLOW = 120_000;

async function eventsOf(orgId: string): Promise<DomainEvent[]> {
  const { client, table } = testDb();
  const out = await client.send(
    new QueryCommand({ TableName: table, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#EVENTS` } }),
  );
  return (out.Items ?? []).map((i) => (i.payload as { event: DomainEvent }).event);
}

/** The time-freed events of one booking or appointment. */
const freedBy = (events: DomainEvent[], id: string) => events.filter((e) => e.type === 'time-freed' && e.freedBy.id === id);

const tokenIn = (text: string | undefined) => /\/manage(?:\?lang=[a-z]+)?#([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];

async function manageToken(email: string) {
  const mail = (await waitForMails(email, 1))[0];
  return tokenIn(mail.body.text)!;
}

const startOf = async (c: Clinic, id: string) => (await getBooking(c, id)) as { startUtc: string; endUtc: string };

describe('time-freed: one event, in the transaction that gives the time back', () => {
  it('the patient cancels with the manage link: time-freed and appointment-cancelled, once each; a second cancel writes nothing', async () => {
    const c = await newClinic('ev-cancel');
    const paid = await paidBooking(c, dayAhead(4), '09:00');
    const token = await manageToken(paid.email);
    const booking = await startOf(c, paid.id);

    // Paid: booking-confirmed and payment-completed, nothing freed.
    let events = await eventsOf(c.owner.orgId);
    expect(events.filter((e) => e.type === 'booking-confirmed')).toEqual([
      expect.objectContaining({ bookingId: paid.id, packageId: c.packageId, startUtc: booking.startUtc, patient: expect.objectContaining({ email: paid.email }), amountPaidCents: 4950, v: 1 }),
    ]);
    expect(events.filter((e) => e.type === 'payment-completed')).toEqual([expect.objectContaining({ paidFor: { type: 'booking', id: paid.id }, amountCents: 4950 })]);
    expect(freedBy(events, paid.id)).toEqual([]);

    expect((await api('POST', '/public/manage/cancel', { body: { token } })).status).toBe(200);
    expect((await api('POST', '/public/manage/cancel', { body: { token } })).status).toBe(200);
    events = await eventsOf(c.owner.orgId);
    expect(freedBy(events, paid.id)).toEqual([
      {
        type: 'time-freed', v: 1, id: `event-time-freed-${c.owner.orgId}-${paid.id}-cancelled`, orgId: c.owner.orgId, at: expect.any(String),
        practitionerId: null, packageId: c.packageId, startUtc: booking.startUtc, endUtc: booking.endUtc, reason: 'cancelled', freedBy: { type: 'booking', id: paid.id },
      },
    ]);
    expect(events.filter((e) => e.type === 'appointment-cancelled')).toEqual([
      expect.objectContaining({ subject: { type: 'booking', id: paid.id }, by: 'patient', actorId: null, previousStatus: 'confirmed', startUtc: booking.startUtc }),
    ]);
  }, SLOW);

  it('staff cancel a held and a confirmed booking: one time-freed each, reason cancelled, by staff', async () => {
    const c = await newClinic('ev-staff-cancel', { capacity: 2 });
    const held = await holdBooking(c, dayAhead(5), '10:00');
    const paid = await paidBooking(c, dayAhead(5), '11:00');
    for (const id of [held.id, paid.id]) expect((await api('POST', `/bookings/booking/${id}/cancel`, { token: c.owner.token })).status).toBe(200);
    expect((await api('POST', `/bookings/booking/${paid.id}/cancel`, { token: c.owner.token })).status).toBe(409);
    const events = await eventsOf(c.owner.orgId);
    expect(freedBy(events, held.id)).toEqual([expect.objectContaining({ reason: 'cancelled', startUtc: held.startUtc })]);
    expect(freedBy(events, paid.id)).toEqual([expect.objectContaining({ reason: 'cancelled', startUtc: paid.startUtc })]);
    const cancelled = events.filter((e) => e.type === 'appointment-cancelled');
    expect(cancelled).toHaveLength(2);
    expect(cancelled).toContainEqual(expect.objectContaining({ subject: { type: 'booking', id: held.id }, by: 'staff', actorId: c.owner.userId, previousStatus: 'held' }));
    expect(cancelled).toContainEqual(expect.objectContaining({ subject: { type: 'booking', id: paid.id }, by: 'staff', actorId: c.owner.userId, previousStatus: 'confirmed' }));
  }, SLOW);

  it('a hold given back (release-hold) and a hold run out (the sweep): one time-freed each', async () => {
    const c = await newClinic('ev-holds', { capacity: 2 });
    const date = dayAhead(6);
    const given = await api('POST', '/bookings/create-booking', {
      body: { firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('give'), phoneNumber: uniquePhone(), bookingDate: date, bookingTime: '10:00', apiKey: c.apiKey, packageId: c.packageId },
    });
    expect(given.status).toBe(201);
    const { bookingId, releaseToken } = given.body.data;
    for (let i = 0; i < 2; i++) expect((await api('POST', '/bookings/release-hold', { body: { apiKey: c.apiKey, bookingId, token: releaseToken } })).body.data).toEqual({ outcome: 'released' });

    const lapsing = await holdBooking(c, date, '12:00');
    Object.assign(process.env, inject('stackEnv'));
    const { sweepLapsedHolds } = await import('../../functions/domain/bookings/hold-sweep');
    const later = new Date(Date.now() + 11 * 60_000);
    expect((await sweepLapsedHolds({ now: later, orgId: c.owner.orgId })).released).toBe(1);
    expect((await sweepLapsedHolds({ now: later, orgId: c.owner.orgId })).released).toBe(0);

    const events = await eventsOf(c.owner.orgId);
    expect(freedBy(events, bookingId)).toEqual([expect.objectContaining({ reason: 'hold-ended', packageId: c.packageId })]);
    expect(freedBy(events, lapsing.id)).toEqual([expect.objectContaining({ reason: 'hold-ended', startUtc: lapsing.startUtc })]);
    // A hold that ends is no cancellation.
    expect(events.filter((e) => e.type === 'appointment-cancelled')).toEqual([]);
  }, SLOW);

  it('the patient reschedules and staff move a booking: the old time is freed once per move', async () => {
    const c = await newClinic('ev-move');
    const date = dayAhead(7);
    const paid = await paidBooking(c, date, '09:00');
    const token = await manageToken(paid.email);
    const first = await startOf(c, paid.id);
    expect((await api('POST', '/public/manage/reschedule', { body: { token, bookingDate: date, bookingTime: '14:00' } })).status).toBe(200);
    const second = await startOf(c, paid.id);
    expect((await api('POST', `/bookings/booking/${paid.id}/move`, { token: c.owner.token, body: { bookingDate: date, bookingTime: '16:00' } })).status).toBe(200);
    // The same time again is refused: nothing moved, nothing freed.
    expect((await api('POST', `/bookings/booking/${paid.id}/move`, { token: c.owner.token, body: { bookingDate: date, bookingTime: '16:00' } })).status).toBe(400);

    const freed = freedBy(await eventsOf(c.owner.orgId), paid.id).sort((a, b) => a.id.localeCompare(b.id));
    expect(freed).toEqual([
      expect.objectContaining({ id: `event-time-freed-${c.owner.orgId}-${paid.id}-moved-1`, reason: 'rescheduled', startUtc: first.startUtc, endUtc: first.endUtc }),
      expect.objectContaining({ id: `event-time-freed-${c.owner.orgId}-${paid.id}-moved-2`, reason: 'rescheduled', startUtc: second.startUtc, endUtc: second.endUtc }),
    ]);
  }, SLOW);

  it("an appointment with a practitioner: moved and cancelled by staff, each frees its time once; one without a practitioner frees none", async () => {
    const c = await newClinic('ev-appt');
    const practitioner = await api('POST', '/practitioners', { token: c.owner.token, body: { name: 'Ana Ruiz', title: 'Physiotherapist', weeklyHours: everyDayHours() } });
    expect(practitioner.status, practitioner.body.message).toBe(201);
    const p = practitioner.body.data.id as string;
    const date = dayAhead(8);
    const made = await api('POST', '/appointments/book-custom', { token: c.owner.token, form: bookingForm({ bookingDate: date, bookingTime: '10:00', practitionerId: p, durationMinutes: '30' }) });
    expect(made.status, made.body.message).toBe(201);
    const id = made.body.data.id as string;
    const plain = await api('POST', '/appointments/book-custom', { token: c.owner.token, form: bookingForm({ bookingDate: date, bookingTime: '11:00' }) });
    expect(plain.status, plain.body.message).toBe(201);

    expect((await api('PATCH', `/appointments/${id}/reschedule`, { token: c.owner.token, body: { bookingDate: date, bookingTime: '13:00' } })).status).toBe(200);
    expect((await api('PATCH', `/appointments/${id}/change-status`, { token: c.owner.token, body: { status: 'cancelled' } })).status).toBe(200);
    expect((await api('PATCH', `/appointments/${plain.body.data.id}/change-status`, { token: c.owner.token, body: { status: 'cancelled' } })).status).toBe(200);

    const events = await eventsOf(c.owner.orgId);
    const freed = freedBy(events, id);
    expect(freed).toHaveLength(2);
    expect(freed).toContainEqual(expect.objectContaining({ reason: 'rescheduled', practitionerId: p, packageId: null, freedBy: { type: 'appointment', id } }));
    expect(freed).toContainEqual(expect.objectContaining({ reason: 'cancelled', practitionerId: p }));
    const byReason = Object.fromEntries(freed.map((e) => [e.type === 'time-freed' ? e.reason : '', e]));
    // Each names the time it gave back: 30 minutes from 10:00, then from 13:00.
    for (const [reason, hour] of [['rescheduled', 10], ['cancelled', 13]] as const) {
      const e = byReason[reason] as Extract<DomainEvent, { type: 'time-freed' }>;
      expect((Date.parse(e.endUtc) - Date.parse(e.startUtc)) / 60_000).toBe(30);
      expect(new Date(e.startUtc).toLocaleTimeString('en-US', { timeZone: 'America/New_York', hour: 'numeric', hour12: false })).toBe(String(hour));
    }
    expect(freedBy(events, plain.body.data.id)).toEqual([]);
    const cancelled = events.filter((e) => e.type === 'appointment-cancelled');
    expect(cancelled).toHaveLength(2);
    expect(cancelled).toContainEqual(expect.objectContaining({ subject: { type: 'appointment', id }, by: 'staff', practitionerId: p, bookingTime: '13:00', previousStatus: 'confirmed' }));
    expect(cancelled).toContainEqual(expect.objectContaining({ subject: { type: 'appointment', id: plain.body.data.id }, practitionerId: null, startUtc: null }));
  }, SLOW);

  it('a payment that lands after its hold ran out, its time still free: booking-confirmed and payment-completed once, even sent twice', async () => {
    const c = await newClinic('ev-late');
    const held = await holdBooking(c, dayAhead(9), '15:00');
    Object.assign(process.env, inject('stackEnv'));
    const { sweepLapsedHolds } = await import('../../functions/domain/bookings/hold-sweep');
    await sweepLapsedHolds({ now: new Date(Date.now() + 11 * 60_000), orgId: c.owner.orgId });
    expect((await getBooking(c, held.id)).status).toBe('expired');
    // Stripe's completed event for that session comes anyway (paid in another tab just before it closed), under two event ids.
    const session = { ...(await stripeSession(sessionIdOf(held.checkoutUrl))), status: 'complete', payment_status: 'paid', payment_intent: `pi_late_${Date.now()}`, customer_details: { email: held.email, name: null } };
    for (let i = 0; i < 2; i++) expect((await sendStripeEvent(stripeEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await getBooking(c, held.id)).status).toBe('confirmed');
    const events = await eventsOf(c.owner.orgId);
    expect(freedBy(events, held.id)).toEqual([expect.objectContaining({ reason: 'hold-ended' })]);
    expect(events.filter((e) => e.type === 'booking-confirmed')).toEqual([expect.objectContaining({ bookingId: held.id, amountPaidCents: 4950 })]);
    expect(events.filter((e) => e.type === 'payment-completed')).toEqual([expect.objectContaining({ paymentId: session.payment_intent, paidFor: { type: 'booking', id: held.id } })]);
  }, SLOW);
});

function everyDayHours() {
  const hours = [{ start: '08:00', end: '20:00' }];
  return { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
}
