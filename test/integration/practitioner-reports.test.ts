// GET /reports/practitioners over HTTP against DynamoDB Local: each practitioner's week from figures
// kept on write. Bookings paid on the local checkout count in their week (bookings, minutes, money);
// a staff cancellation and a full refund take them away; a move to the next week or to another practitioner moves them; a
// requested or confirmed appointment adds its minutes (a cancelled one not). Working minutes follow
// the weekly hours, a dated exception and the clinic's closed date, so utilisation is exact.
// Refusals: 401, 403 without Bookings read; another organisation's practitioners never appear.
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpOwner, uniqueEmail, uniquePhone, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { addMember, perms } from '../support/members';
import { payLocalCheckout } from '../support/stripe';
import { bookingForm } from './appointments-support';
import type { Json } from '../support/json';

const ZONE = 'America/New_York';
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
// Weekdays 09:00-12:00 and 13:00-17:00 (420 minutes, an hour's break); weekends off.
const HOURS = Object.fromEntries(WEEKDAYS.map((d, i) => [d, i < 5 ? [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }] : []]));

interface Team {
  owner: Owner;
  apiKey: string;
  practitionerId: string;
  /** A second practitioner offering the same package, without an exception. */
  secondId: string;
  packageId: string;
}

async function newTeam(tag: string, week: string): Promise<Team> {
  const owner = await signUpOwner(tag, 'Secret-123', { timeZone: ZONE });
  const thursday = DateTime.fromISO(week).plus({ days: 3 }).toISODate()!;
  const wednesday = DateTime.fromISO(week).plus({ days: 2 }).toISODate()!;
  const everyDay = Object.fromEntries(WEEKDAYS.map((d) => [d, [{ start: '08:00', end: '18:00' }]]));
  const saved = await api('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours: everyDay, slotMinutes: 60, capacity: 1, closedDates: [thursday], maxDaysAhead: 120 } });
  expect(saved.status, saved.body.message).toBe(200);
  const prac = await api('POST', '/practitioners', {
    token: owner.token,
    body: { name: 'Ana Ruiz', title: 'Physiotherapist', weeklyHours: HOURS, exceptions: [{ date: wednesday, hours: [{ start: '09:00', end: '11:00' }], note: 'Half day' }] },
  });
  expect(prac.status, prac.body.message).toBe(201);
  const second = await api('POST', '/practitioners', { token: owner.token, body: { name: 'Ben Ode', title: 'Physiotherapist', weeklyHours: HOURS } });
  expect(second.status, second.body.message).toBe(201);
  const pkg = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Physio', packagePrice: 60, durationMinutes: 60, slotGridMinutes: 30, practitionerIds: [prac.body.data.id, second.body.data.id] } });
  expect(pkg.status, pkg.body.message).toBe(201);
  const apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey as string;
  return { owner, apiKey, practitionerId: prac.body.data.id, secondId: second.body.data.id, packageId: pkg.body.data.id };
}

/** A booking with the team's practitioner, paid on the local checkout page and confirmed. */
async function paidBooking(t: Team, bookingDate: string, bookingTime: string) {
  const res = await api('POST', '/bookings/create-booking', {
    body: { firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('visitor'), phoneNumber: uniquePhone(), apiKey: t.apiKey, packageId: t.packageId, bookingDate, bookingTime, practitionerId: t.practitionerId },
  });
  expect(res.status, res.body.message).toBe(201);
  await payLocalCheckout(res.body.data.checkoutUrl);
  const id = res.body.data.bookingId as string;
  await eventually(async () => ((await api('GET', `/bookings/booking/${id}`, { token: t.owner.token })).body.data.status === 'confirmed' ? true : undefined), `booking ${id} confirmed`);
  return { id, checkoutUrl: res.body.data.checkoutUrl as string };
}

const report = (token: string, from: string, to: string) => api('GET', `/reports/practitioners?from=${from}&to=${to}`, { token });
const rowOf = (body: Json, week: string, practitionerId: string) => (body.data.weeks as Json[]).find((w) => w.week === week)?.practitioners.find((p: Json) => p.practitionerId === practitionerId);

describe('GET /reports/practitioners: per practitioner and week, kept on write', () => {
  const today = DateTime.now().setZone(ZONE);
  const thisWeek = today.startOf('week').toISODate()!;
  // A whole week well ahead (the practitioner exists on every day of it), and the week after.
  const week = today.startOf('week').plus({ weeks: 2 }).toISODate()!;
  const nextWeek = DateTime.fromISO(week).plus({ weeks: 1 }).toISODate()!;
  const day = (n: number) => DateTime.fromISO(week).plus({ days: n }).toISODate()!;
  let t: Team;
  let other: Team;
  beforeAll(async () => {
    [t, other] = await Promise.all([newTeam('prac-report', week), newTeam('prac-report-other', week)]);
  });

  it('counts bookings, minutes and money; cancelling, refunding and moving follow; utilisation is exact', async () => {
    await paidBooking(t, day(0), '09:00'); // stays: Monday
    const cancelled = await paidBooking(t, day(1), '10:00'); // cancelled by staff
    const moved = await paidBooking(t, day(2), '09:30'); // inside Wednesday's exception, moved to next week
    const refunded = await paidBooking(t, day(4), '09:00'); // refunded in full: cancelled
    const handedOver = await paidBooking(t, day(1), '13:00'); // moved to Ben, same day and time
    const before = await report(t.owner.token, week, week);
    expect(rowOf(before.body, week, t.practitionerId)).toMatchObject({ bookings: 5, bookedMinutes: 300 });
    expect(rowOf(before.body, week, t.secondId)).toMatchObject({ bookings: 0, bookedMinutes: 0 });

    expect((await api('POST', `/bookings/booking/${cancelled.id}/cancel`, { token: t.owner.token })).status).toBe(200);
    const move = await api('POST', `/bookings/booking/${moved.id}/move`, { token: t.owner.token, body: { bookingDate: DateTime.fromISO(nextWeek).toISODate(), bookingTime: '10:00', notify: false } });
    expect(move.status, move.body.message).toBe(200);
    const toBen = await api('POST', `/bookings/booking/${handedOver.id}/move`, { token: t.owner.token, body: { bookingDate: day(1), bookingTime: '13:00', practitionerId: t.secondId, notify: false } });
    expect(toBen.status, toBen.body.message).toBe(200);
    expect((await fetch(`${refunded.checkoutUrl}/refund`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await eventually(async () => ((await api('GET', `/bookings/booking/${refunded.id}`, { token: t.owner.token })).body.data.status === 'cancelled' ? true : undefined), 'refund cancels');
    // A confirmed appointment with her on Friday adds 30 minutes; one cancelled adds nothing.
    const appt = await api('POST', '/appointments/book-custom', { token: t.owner.token, form: bookingForm({ bookingDate: day(4), bookingTime: '14:00', practitionerId: t.practitionerId, durationMinutes: '30' }) });
    expect(appt.status, appt.body.message).toBe(201);
    const dropped = await api('POST', '/appointments/book-custom', { token: t.owner.token, form: bookingForm({ bookingDate: day(4), bookingTime: '15:00', practitionerId: t.practitionerId, durationMinutes: '45' }) });
    expect(dropped.status, dropped.body.message).toBe(201);
    expect((await api('PATCH', `/appointments/${dropped.body.data.id}/change-status`, { token: t.owner.token, body: { status: 'cancelled' } })).status).toBe(200);

    const res = await report(t.owner.token, thisWeek, nextWeek);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ from: thisWeek, timeZone: ZONE });
    expect((res.body.data.weeks as Json[]).map((w) => w.week)).toEqual([thisWeek, DateTime.fromISO(thisWeek).plus({ weeks: 1 }).toISODate(), week, nextWeek]);
    // Working: Mon 420 + Tue 420 + Wed 120 (the exception) + Thu 0 (the clinic is closed) + Fri 420 = 1380.
    // Booked: Monday's hour and the 30-minute appointment.
    expect(rowOf(res.body, week, t.practitionerId)).toEqual({ practitionerId: t.practitionerId, name: 'Ana Ruiz', bookings: 1, revenue: {}, bookedMinutes: 90, workingMinutes: 1380, utilisation: 90 / 1380 });
    expect(rowOf(res.body, nextWeek, t.practitionerId)).toMatchObject({ bookings: 1, bookedMinutes: 60, workingMinutes: 2100, utilisation: 60 / 2100 });
    // Ben has the booking handed over; his week has no exception: 4 x 420 (Thursday closed).
    expect(rowOf(res.body, week, t.secondId)).toEqual({ practitionerId: t.secondId, name: 'Ben Ode', bookings: 1, revenue: {}, bookedMinutes: 60, workingMinutes: 1680, utilisation: 60 / 1680 });
    // Money counts in the week it came in (today), with whoever the booking was with then: five paid to
    // Ana, one refunded in full, in cents.
    expect(rowOf(res.body, thisWeek, t.practitionerId)).toMatchObject({ bookings: 0, revenue: { usd: { paid: 30000, refunded: 6000 } } });
    expect(rowOf(res.body, thisWeek, t.secondId)).toMatchObject({ bookings: 0, revenue: {} });
    // Another organisation's practitioner and figures are never in it.
    expect(JSON.stringify(res.body.data)).not.toContain(other.practitionerId);
  });

  it('keeps each organisation to its own figures', async () => {
    await paidBooking(other, day(0), '13:00');
    const res = await report(other.owner.token, week, week);
    expect(res.status).toBe(200);
    expect(res.body.data.weeks[0].practitioners).toEqual([
      expect.objectContaining({ practitionerId: other.practitionerId, bookings: 1, bookedMinutes: 60 }),
      expect.objectContaining({ practitionerId: other.secondId, bookings: 0, bookedMinutes: 0 }),
    ]);
    expect(JSON.stringify(res.body.data)).not.toContain(t.practitionerId);
  });

  it('refuses without a token (401) and without Bookings read (403); a bad period is a 400', async () => {
    expect((await api('GET', '/reports/practitioners')).status).toBe(401);
    const none = await addMember(t.owner, perms({ Appointment: 'r', FORMS: 'r' }), { tag: 'prac-rep-none' });
    const refused = await api('GET', `/reports/practitioners?from=${week}&to=${week}`, { token: none.token });
    expect(refused.status).toBe(403);
    const reader = await addMember(t.owner, perms({ BOOKING_PACKAGES: 'r' }), { tag: 'prac-rep-reader' });
    expect((await report(reader.token, week, week)).status).toBe(200);
    const backwards = await report(t.owner.token, nextWeek, week);
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('from must not be after to');
  });
});
