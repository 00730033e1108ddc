// Issue 34 over HTTP: the public pages learn the clinic's country (from its time zone) to format money,
// dates and the week's first day in the patient's language there; the manage page's reschedule has the
// booking page's month view (POST /public/manage/days) and a choice of the package's practitioners;
// 'Book again' needs the clinic's booking page and the package.
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpOwner, uniqueEmail, uniquePhone, waitForMails, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { payLocalCheckout } from '../support/stripe';

const ZONE = 'Europe/Berlin';
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const every = (hours: { start: string; end: string }) => Object.fromEntries(WEEKDAYS.map((d) => [d, [hours]]));
const dayAhead = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toISODate()!;
const UNKNOWN_PRACTITIONER = 'Unknown practitioner';

interface Team {
  owner: Owner;
  apiKey: string;
  packageId: string;
  ana: string;
  ben: string;
}

async function berlinTeam(): Promise<Team> {
  const owner = await signUpOwner('berlin', 'Secret-123', { timeZone: ZONE, currency: 'eur' });
  expect((await api('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours: every({ start: '08:00', end: '18:00' }), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 365 } })).status).toBe(200);
  const apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey as string;
  const add = async (name: string) => (await api('POST', '/practitioners', { token: owner.token, body: { name, title: 'Physiotherapist', weeklyHours: every({ start: '08:00', end: '18:00' }) } })).body.data.id as string;
  const ana = await add('Ana Ruiz');
  const ben = await add('Ben Okafor');
  const pkg = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Physio', packagePrice: 85, durationMinutes: 60, practitionerIds: [ana, ben] } });
  expect(pkg.status, pkg.body.message).toBe(201);
  return { owner, apiKey, packageId: pkg.body.data.id, ana, ben };
}

/** A paid booking with Ana, and the token of its manage link. */
async function bookedWithAna(t: Team, date: string, time: string) {
  const email = uniqueEmail('patient');
  const held = await api('POST', '/bookings/create-booking', {
    body: { apiKey: t.apiKey, packageId: t.packageId, practitionerId: t.ana, firstName: 'Pat', lastName: 'Patient', email, phoneNumber: uniquePhone(), bookingDate: date, bookingTime: time, locale: 'es' },
  });
  expect(held.status, held.body.message).toBe(201);
  await payLocalCheckout(held.body.data.checkoutUrl, email);
  const id = held.body.data.bookingId as string;
  await eventually(async () => ((await api('GET', `/bookings/booking/${id}`, { token: t.owner.token })).body.data.status === 'confirmed' ? true : undefined), 'confirmed');
  const mail = (await waitForMails(email, 1))[0];
  const token = /\/manage(?:\?lang=[a-z]+)?#([A-Za-z0-9_-]{43})/.exec(mail.body.text ?? '')![1];
  return { id, token };
}

describe("the clinic's country and the manage page's month view", () => {
  let t: Team;
  beforeAll(async () => {
    t = await berlinTeam();
  });

  it("tells the booking page the clinic's country with its day", async () => {
    const day = await api('POST', '/bookings/available-slots', { body: { apiKey: t.apiKey, date: dayAhead(2) } });
    expect(day.status).toBe(200);
    expect(day.body.data).toMatchObject({ timeZone: ZONE, clinicRegion: 'DE' });
  });

  it("opens with the country, the booking page, the package and its practitioners; the month's free days and times of the chosen practitioner; moves to another", async () => {
    const date = dayAhead(3);
    const booked = await bookedWithAna(t, date, '10:00');
    const view = await api('POST', '/public/manage/booking', { body: { token: booked.token } });
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({ clinicRegion: 'DE', currency: 'eur', bookingPage: t.apiKey, packageId: t.packageId, practitionerId: t.ana });
    expect(view.body.data.practitioners).toEqual([
      { id: t.ana, name: 'Ana Ruiz', title: 'Physiotherapist' },
      { id: t.ben, name: 'Ben Okafor', title: 'Physiotherapist' },
    ]);

    // Ana's month: her own booking's hour is hers to keep, not a new time, so that day counts the 9
    // others of the 10 from 08:00 to 18:00, as many as the page lists for it (it said 10 over 9).
    const days = await api('POST', '/public/manage/days', { body: { token: booked.token, from: date, days: 3 } });
    expect(days.status, days.body.message).toBe(200);
    expect(days.body.data.timeZone).toBe(ZONE);
    expect(days.body.data.days.map((d: { date: string }) => d.date)).toEqual([date, dayAhead(4), dayAhead(5)]);
    expect(days.body.data.days[0].free).toBe(9);
    const anaSlots = await api('POST', '/public/manage/slots', { body: { token: booked.token, date } });
    expect(anaSlots.body.data.slots.filter((s: { time: string }) => s.time !== '10:00')).toHaveLength(9);

    // Ben's times that day, then the move to him at the same hour.
    const benDays = await api('POST', '/public/manage/days', { body: { token: booked.token, from: date, days: 1, practitionerId: t.ben } });
    expect(benDays.body.data.days[0].free).toBe(10);
    const slots = await api('POST', '/public/manage/slots', { body: { token: booked.token, date, practitionerId: t.ben } });
    expect(slots.status).toBe(200);
    expect(slots.body.data.slots.map((s: { time: string }) => s.time)).toContain('10:00');
    const moved = await api('POST', '/public/manage/reschedule', { body: { token: booked.token, bookingDate: date, bookingTime: '10:00', practitionerId: t.ben } });
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data).toMatchObject({ practitionerId: t.ben, practitionerName: 'Ben Okafor', bookingTime: '10:00' });
    // Ana's hour is free again; Ben's is taken by the booking, which still counts it as its own.
    const anaAfter = await api('POST', '/bookings/available-slots', { body: { apiKey: t.apiKey, date, packageId: t.packageId, practitionerId: t.ana } });
    expect(anaAfter.body.data.slots.map((s: { time: string }) => s.time)).toContain('10:00');
    const benAfter = await api('POST', '/bookings/available-slots', { body: { apiKey: t.apiKey, date, packageId: t.packageId, practitionerId: t.ben } });
    expect(benAfter.body.data.slots.map((s: { time: string }) => s.time)).not.toContain('10:00');
  });

  it('refuses a practitioner who does not offer the package, a bad range, and a practitioner for a clinic-wide booking', async () => {
    const booked = await bookedWithAna(t, dayAhead(6), '11:00');
    const stranger = (await api('POST', '/practitioners', { token: t.owner.token, body: { name: 'Cy Stranger', weeklyHours: every({ start: '08:00', end: '18:00' }) } })).body.data.id as string;
    for (const [path, body] of [
      ['/public/manage/days', { token: booked.token, from: dayAhead(6), days: 1, practitionerId: stranger }],
      ['/public/manage/slots', { token: booked.token, date: dayAhead(6), practitionerId: stranger }],
      ['/public/manage/reschedule', { token: booked.token, bookingDate: dayAhead(6), bookingTime: '12:00', practitionerId: stranger }],
    ] as const) {
      const refused = await api('POST', path, { body });
      expect(refused.status, path).toBe(400);
      expect(refused.body.message).toBe(UNKNOWN_PRACTITIONER);
    }
    const tooMany = await api('POST', '/public/manage/days', { body: { token: booked.token, from: dayAhead(6), days: 90 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('days is at most 62');
    expect((await api('POST', '/public/manage/days', { body: { token: 'x'.repeat(43), from: dayAhead(6), days: 1 } })).status).toBe(404);

    // A clinic-wide package: its free days, and no practitioner to name.
    const plain = await api('POST', '/bookings/packages', { token: t.owner.token, body: { packageName: 'Check-up', packagePrice: 40 } });
    const email = uniqueEmail('plain');
    const held = await api('POST', '/bookings/create-booking', {
      body: { apiKey: t.apiKey, packageId: plain.body.data.id, firstName: 'Pat', lastName: 'Plain', email, phoneNumber: uniquePhone(), bookingDate: dayAhead(7), bookingTime: '09:00' },
    });
    expect(held.status, held.body.message).toBe(201);
    await payLocalCheckout(held.body.data.checkoutUrl, email);
    const token = /\/manage(?:\?lang=[a-z]+)?#([A-Za-z0-9_-]{43})/.exec((await waitForMails(email, 1))[0].body.text ?? '')![1];
    const view = await api('POST', '/public/manage/booking', { body: { token } });
    expect(view.body.data).toMatchObject({ practitionerId: null, practitioners: [], packageId: plain.body.data.id });
    const days = await api('POST', '/public/manage/days', { body: { token, from: dayAhead(7), days: 2 } });
    expect(days.status).toBe(200);
    expect(days.body.data.days).toHaveLength(2);
    expect(days.body.data.days[1].free).toBe(10);
    const named = await api('POST', '/public/manage/days', { body: { token, from: dayAhead(7), days: 1, practitionerId: t.ana } });
    expect(named.status).toBe(400);
    expect(named.body.message).toBe(UNKNOWN_PRACTITIONER);
  });
});
