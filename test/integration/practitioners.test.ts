// Practitioners (issue 25, docs/practitioners.md) over HTTP against DynamoDB Local: their own hours,
// breaks and exceptions; services with their real length and buffers; never two things in one
// person's time under concurrency (mixed lengths, "anyone", a hold against an appointment and a move);
// free times across DST changes; and the refusals of the staff routes.
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpOwner, uniqueEmail, uniquePhone, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { addMember, perms } from '../support/members';
import { payLocalCheckout } from '../support/stripe';
import { bookingForm } from './appointments-support';

const TAKEN = 'Sorry, that time was just taken. Please choose another time.';
const DAY_HELD = 'Too many bookings for this day are waiting for payment. Please choose another day, or try again in a few minutes.';
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const every = (...hours: { start: string; end: string }[]) => Object.fromEntries(WEEKDAYS.map((d) => [d, hours])) as Record<(typeof WEEKDAYS)[number], { start: string; end: string }[]>;
const dayAhead = (days: number, zone: string) => DateTime.now().setZone(zone).plus({ days }).toISODate()!;

interface Team {
  owner: Owner;
  apiKey: string;
  zone: string;
}

async function newTeam(tag: string, zone = 'America/New_York'): Promise<Team> {
  const owner = await signUpOwner(tag, 'Secret-123', { timeZone: zone });
  const saved = await api('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours: every({ start: '08:00', end: '18:00' }), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 730 } });
  expect(saved.status).toBe(200);
  const integration = await api('GET', '/organization/integration', { token: owner.token });
  return { owner, apiKey: integration.body.data.apiKey, zone };
}

async function addPractitioner(t: Team, name: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/practitioners', { token: t.owner.token, body: { name, title: 'Physiotherapist', weeklyHours: every({ start: '08:00', end: '20:00' }), ...body } });
  expect(res.status, res.body.message).toBe(201);
  return res.body.data.id;
}

async function addPackage(t: Team, body: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/bookings/packages', { token: t.owner.token, body: { packageName: `Visit ${Math.random().toString(36).slice(2, 6)}`, packagePrice: 60, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

const visitor = (t: Team, packageId: string, bookingDate: string, bookingTime: string, practitionerId?: string) => ({
  firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('visitor'), phoneNumber: uniquePhone(), apiKey: t.apiKey, packageId, bookingDate, bookingTime, ...(practitionerId ? { practitionerId } : {}),
});

const book = (t: Team, packageId: string, date: string, time: string, practitionerId?: string) => api('POST', '/bookings/create-booking', { body: visitor(t, packageId, date, time, practitionerId) });

async function slotsOf(t: Team, packageId: string, date: string, practitionerId?: string) {
  const res = await api('POST', '/bookings/available-slots', { body: { apiKey: t.apiKey, packageId, date, ...(practitionerId ? { practitionerId } : {}) } });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { status: string; timeZoneName: string; slots: { time: string; startUtc: string; endUtc: string; practitionerIds: string[] }[] };
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

describe('practitioners: the staff routes', () => {
  let t: Team;
  beforeAll(async () => {
    t = await newTeam('prac-crud');
  });

  it('creates one with a break and a day off, lists it with the packages naming it, updates and reads it', async () => {
    const date = dayAhead(10, t.zone);
    const id = await addPractitioner(t, 'Ana Ruiz', {
      weeklyHours: { ...every(), monday: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }] },
      exceptions: [{ date, hours: [], note: 'Conference' }],
    });
    const pkg = await addPackage(t, { durationMinutes: 50, practitionerIds: [id] });
    const list = await api('GET', '/practitioners', { token: t.owner.token });
    expect(list.status).toBe(200);
    const listed = list.body.data.items.find((p: { id: string }) => p.id === id);
    expect(listed).toMatchObject({ name: 'Ana Ruiz', memberId: null, packageIds: [pkg], exceptions: [{ date, hours: [], note: 'Conference' }] });
    expect(listed.weeklyHours.monday).toEqual([{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }]);

    const updated = await api('PUT', `/practitioners/${id}`, { token: t.owner.token, body: { ...listed, title: 'Senior physiotherapist' } });
    expect(updated.status, updated.body.message).toBe(200);
    const read = await api('GET', `/practitioners/${id}`, { token: t.owner.token });
    expect(read.body.data.title).toBe('Senior physiotherapist');
  });

  it('refuses overlapping intervals, a member of no organisation, an unknown practitioner on a package, and another organisation', async () => {
    const bad = await api('POST', '/practitioners', { token: t.owner.token, body: { name: 'X', weeklyHours: { ...every(), monday: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Opening intervals of a day must not overlap');
    const noMember = await api('POST', '/practitioners', { token: t.owner.token, body: { name: 'X', memberId: 'nobody_here', weeklyHours: every() } });
    expect(noMember.status).toBe(400);
    expect(noMember.body.errors?.memberId).toBe('Please choose a member of the organisation');
    const unknown = await api('POST', '/bookings/packages', { token: t.owner.token, body: { packageName: 'P', packagePrice: 10, practitionerIds: ['pr_nobody'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown practitioner');
    const oddLength = await api('POST', '/bookings/packages', { token: t.owner.token, body: { packageName: 'P', packagePrice: 10, durationMinutes: 52 } });
    expect(oddLength.status).toBe(400);
    expect(oddLength.body.message).toBe('Duration must be a multiple of 5 minutes');

    const id = await addPractitioner(t, 'Ben Ode');
    const other = await newTeam('prac-other');
    expect((await api('GET', `/practitioners/${id}`, { token: other.owner.token })).status).toBe(404);
    expect((await api('DELETE', `/practitioners/${id}`, { token: other.owner.token })).status).toBe(404);
    expect((await api('GET', '/practitioners', { token: other.owner.token })).body.data.items).toEqual([]);
  });

  it('needs the Bookings permission: read to list, write to change, delete to remove', async () => {
    const id = await addPractitioner(t, 'Cy Reader');
    const reader = await addMember(t.owner, perms({ BOOKING_PACKAGES: 'r' }));
    const stranger = await addMember(t.owner, perms({ Appointment: 'rw' }));
    expect((await api('GET', '/practitioners')).status).toBe(401);
    expect((await api('GET', '/practitioners', { token: stranger.token })).status).toBe(403);
    expect((await api('GET', '/practitioners', { token: reader.token })).status).toBe(200);
    expect((await api('POST', '/practitioners', { token: reader.token, body: { name: 'No', weeklyHours: every() } })).status).toBe(403);
    expect((await api('DELETE', `/practitioners/${id}`, { token: reader.token })).status).toBe(403);
    expect((await api('GET', `/bookings/free-times?date=${dayAhead(2, t.zone)}`, { token: stranger.token })).status).toBe(403);
  });

  it('refuses to delete a practitioner with a booking ahead, and deletes one without', async () => {
    const busy = await addPractitioner(t, 'Di Busy');
    const idle = await addPractitioner(t, 'Ed Idle');
    const pkg = await addPackage(t, { durationMinutes: 30, practitionerIds: [busy] });
    expect((await book(t, pkg, dayAhead(4, t.zone), '09:00', busy)).status).toBe(201);
    const refused = await api('DELETE', `/practitioners/${busy}`, { token: t.owner.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This practitioner has upcoming bookings. Move or cancel them first.');
    const both = await addPackage(t, { durationMinutes: 30, practitionerIds: [busy, idle] });
    expect((await api('DELETE', `/practitioners/${idle}`, { token: t.owner.token })).status).toBe(200);
    expect((await api('GET', `/practitioners/${idle}`, { token: t.owner.token })).status).toBe(404);
    // The packages that named them no longer do; a form still sending the id back saves without it.
    const read = await api('GET', `/bookings/packages/${both}`, { token: t.owner.token });
    expect(read.body.data.practitionerIds).toEqual([busy]);
    const stale = await api('PUT', `/bookings/packages/${both}`, { token: t.owner.token, body: { practitionerIds: [busy, idle] } });
    expect(stale.status, stale.body.message).toBe(200);
    expect(stale.body.data.practitionerIds).toEqual([busy]);
  });

  it('a deletion racing with bookings of their time: deleted with nothing booked, or refused with the bookings kept, never both', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const p = await addPractitioner(t, `Race ${round}`);
      const pkg = await addPackage(t, { durationMinutes: 30, practitionerIds: [p] });
      const date = dayAhead(6 + round, t.zone);
      // The deletion leaves with the bookings, then later and later among them, so both outcomes happen.
      const later = <T,>(ms: number, send: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => send().then(resolve, reject), ms));
      const bookings = ['09:00', '10:00', '11:00', '12:00'].map((time, i) => later(i * 40, () => book(t, pkg, date, time, p)));
      const [deletion, ...booked] = await Promise.all([later(round * 50, () => api('DELETE', `/practitioners/${p}`, { token: t.owner.token })), ...bookings]);
      // With them (a package left with nobody goes back to the clinic-wide schedule: those do not count).
      const held = booked.filter((b) => b.status === 201 && b.body.data.practitionerId === p);
      const list = (await api('GET', '/bookings?limit=100', { token: t.owner.token })).body.data.items as { practitionerId: string | null; status: string }[];
      const kept = list.filter((b) => b.practitionerId === p && b.status === 'held');
      if (deletion.status === 200) {
        expect(held, 'a booking succeeded with a deleted practitioner').toEqual([]);
        expect(kept).toEqual([]);
      } else {
        expect(deletion.status, deletion.body.message).toBe(409);
        expect(held.length).toBeGreaterThan(0);
        expect(kept).toHaveLength(held.length);
        expect((await api('GET', `/practitioners/${p}`, { token: t.owner.token })).status).toBe(200);
      }
      outcomes.push(`${deletion.status}/${held.length}`);
    }
    console.log(`practitioners: deletion racing 4 bookings, (deletion status/bookings held) per round: ${outcomes.join(', ')}`);
  });
});

describe('practitioners: free times', () => {
  it('offers a service of its own length on its grid, keeps the buffers free, follows breaks and exceptions', async () => {
    const t = await newTeam('prac-times');
    const date = dayAhead(5, t.zone);
    const offDate = dayAhead(6, t.zone);
    const extraDate = dayAhead(7, t.zone);
    const p = await addPractitioner(t, 'Fay Grid', {
      weeklyHours: every({ start: '09:00', end: '11:00' }, { start: '12:00', end: '13:00' }),
      exceptions: [
        { date: offDate, hours: [], note: 'Off' },
        { date: extraDate, hours: [{ start: '15:00', end: '16:00' }], note: '' },
      ],
    });
    const pkg = await addPackage(t, { durationMinutes: 45, slotGridMinutes: 15, bufferAfterMinutes: 15, practitionerIds: [p] });

    const before = await slotsOf(t, pkg, date);
    // 09:00-11:00 every 15 minutes while 45 fit, then 12:00-13:00: the break is never offered.
    expect(before.slots.map((s) => s.time)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '12:00', '12:15']);
    expect(Date.parse(before.slots[0].endUtc) - Date.parse(before.slots[0].startUtc)).toBe(45 * 60_000);

    expect((await book(t, pkg, date, '09:30')).status).toBe(201);
    // 09:30-10:15 and its 15-minute buffer to 10:30: a start before 09:30 would run into it (its own buffer
    // included), and nothing starts before 10:30.
    expect((await slotsOf(t, pkg, date)).slots.map((s) => s.time)).toEqual(['12:00', '12:15']);

    expect((await slotsOf(t, pkg, offDate)).status).toBe('closed-weekday');
    expect((await slotsOf(t, pkg, extraDate)).slots.map((s) => s.time)).toEqual(['15:00', '15:15']);
    const notOffered = await book(t, pkg, extraDate, '09:00');
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.message).toBe('That time is not offered. Please choose one of the available times.');

    const days = await api('POST', '/bookings/available-days', { body: { apiKey: t.apiKey, packageId: pkg, from: date, days: 3 } });
    expect(days.status).toBe(200);
    expect(days.body.data.days).toEqual([
      { date, free: 2 },
      { date: offDate, free: 0 },
      { date: extraDate, free: 2 },
    ]);
  });

  it('lists the right times across the DST changes of America/New_York and Europe/Berlin', async () => {
    for (const [zone, springDate, fallDate] of [
      ['America/New_York', '2027-03-14', '2027-11-07'],
      ['Europe/Berlin', '2027-03-28', '2027-10-31'],
    ] as const) {
      const t = await newTeam(`prac-dst-${zone.split('/')[1].toLowerCase()}`, zone);
      const p = await addPractitioner(t, 'Gil Night', { weeklyHours: every({ start: '01:00', end: '04:00' }, { start: '09:00', end: '10:00' }) });
      const pkg = await addPackage(t, { durationMinutes: 30, maxDaysAhead: 730, practitionerIds: [p] });
      for (const day of [-1, 0, 1]) {
        const date = DateTime.fromISO(springDate, { zone }).plus({ days: day }).toISODate()!;
        const slots = (await slotsOf(t, pkg, date)).slots;
        // 09:00 is 09:00 on the wall every day, its instant moving by the hour the clocks moved.
        const nine = slots.find((s) => s.time === '09:00')!;
        expect(DateTime.fromISO(nine.startUtc).setZone(zone).toFormat('HH:mm')).toBe('09:00');
        const missing = day === 0 ? (zone === 'America/New_York' ? ['02:00', '02:30'] : ['02:00', '02:30']) : [];
        for (const time of ['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']) expect(slots.some((s) => s.time === time), `${zone} ${date} ${time}`).toBe(!missing.includes(time));
      }
      // The night the clocks go back, 01:00-02:00 happens twice: each start is offered once.
      const fall = (await slotsOf(t, pkg, fallDate)).slots;
      const times = fall.map((s) => s.time);
      expect(new Set(times).size).toBe(times.length);
      expect(times.filter((x) => x < '04:00')).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
      const intervals = fall.map((s) => ({ start: Date.parse(s.startUtc), end: Date.parse(s.endUtc) }));
      for (const [i, a] of intervals.entries()) for (const b of intervals.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    }
  });
});

describe("practitioners: a booking shows the time kept free around it (docs/practitioners.md)", () => {
  it("carries its package's buffers as booked on a read and in the list; a clinic-wide booking has none", async () => {
    const t = await newTeam('prac-buffers');
    const p = await addPractitioner(t, 'Bea Buffer');
    const withBuffers = await addPackage(t, { durationMinutes: 40, bufferBeforeMinutes: 10, bufferAfterMinutes: 15, practitionerIds: [p] });
    const clinicWide = await addPackage(t, {});
    const date = dayAhead(6, t.zone);
    const first = async (pkg: string, practitionerId?: string) => {
      const res = await book(t, pkg, date, (await slotsOf(t, pkg, date, practitionerId)).slots[0].time, practitionerId);
      expect(res.status, res.body.message).toBe(201);
      return res.body.data.bookingId as string;
    };
    const [buffered, plain] = [await first(withBuffers, p), await first(clinicWide)];

    const read = await api('GET', `/bookings/booking/${buffered}`, { token: t.owner.token });
    expect(read.status, read.body.message).toBe(200);
    expect(read.body.data).toMatchObject({ practitionerId: p, durationMinutes: 40, bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
    // The package's buffers changing later leaves the booking's own as booked.
    expect((await api('PUT', `/bookings/packages/${withBuffers}`, { token: t.owner.token, body: { bufferBeforeMinutes: 0, bufferAfterMinutes: 30 } })).status).toBe(200);
    const list = await api('GET', '/bookings', { token: t.owner.token });
    expect(list.status, list.body.message).toBe(200);
    expect(list.body.data.items.find((b: { id: string }) => b.id === buffered)).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });

    const none = await api('GET', `/bookings/booking/${plain}`, { token: t.owner.token });
    expect(none.body.data).toMatchObject({ practitionerId: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 });
  });
});

describe('practitioners: never two things in one person time', () => {
  it('20 concurrent bookings of 25, 50 and 80 minutes for one practitioner never overlap', async () => {
    const t = await newTeam('prac-race');
    const p = await addPractitioner(t, 'Hal Race');
    const lengths = [25, 50, 80];
    const packages = await Promise.all(lengths.map((durationMinutes) => addPackage(t, { durationMinutes, slotGridMinutes: 5, bufferAfterMinutes: 5, practitionerIds: [p] })));
    const date = dayAhead(3, t.zone);
    const times = ['09:00', '09:10', '09:20', '09:30', '09:45', '10:00', '10:05', '10:25', '10:40', '11:00'];
    const attempts = Array.from({ length: 20 }, (_, i) => ({ pkg: packages[i % 3], length: lengths[i % 3], time: times[(i * 7) % times.length] }));
    const results = await Promise.all(attempts.map((a) => book(t, a.pkg, date, a.time, p)));
    for (const r of results) expect([201, 409], r.body.message).toContain(r.status);
    const won = results.flatMap((r, i) => (r.status === 201 ? [{ ...attempts[i], startUtc: r.body.data.startUtc as string }] : []));
    expect(won.length).toBeGreaterThanOrEqual(2);
    // A refusal is the time taken, or the day's unpaid share held (issue 28): a quarter of the visits of
    // that length that fit back to back in the 12 hours (each with its buffer but the last: 25 minutes,
    // 24 fit; 50, 13; 80, 8), so only once that many holds won. Which tries arrive first is the race's.
    const dayShare = (length: number) => Math.floor((Math.floor((12 * 60 - length) / (length + 5)) + 1) / 4);
    expect([25, 50, 80].map(dayShare)).toEqual([6, 3, 2]);
    for (const [i, r] of results.entries()) {
      if (r.status !== 409) continue;
      if (r.body.message === DAY_HELD) expect(won.length, `${attempts[i].length} minutes`).toBeGreaterThanOrEqual(dayShare(attempts[i].length));
      else expect(r.body.message).toBe(TAKEN);
    }
    // Each with its 5-minute buffer after: no two spans of the practitioner overlap.
    const spans = won.map((w) => ({ start: Date.parse(w.startUtc), end: Date.parse(w.startUtc) + (w.length + 5) * 60_000 }));
    for (const [i, a] of spans.entries()) for (const b of spans.slice(i + 1)) expect(overlaps(a, b), JSON.stringify({ a, b })).toBe(false);
    // And what the page offers now is clear of every one of them.
    const free = await slotsOf(t, packages[1], date, p);
    for (const s of free.slots) for (const span of spans) expect(overlaps({ start: Date.parse(s.startUtc), end: Date.parse(s.endUtc) + 5 * 60_000 }, span)).toBe(false);
  });

  it('N practitioners and N+5 concurrent "anyone" bookings of one time give exactly N, one each', async () => {
    const t = await newTeam('prac-anyone');
    const team = await Promise.all(['Ida', 'Jon', 'Kim'].map((n) => addPractitioner(t, n)));
    const pkg = await addPackage(t, { durationMinutes: 50, slotGridMinutes: 30, practitionerIds: team });
    const date = dayAhead(4, t.zone);
    const results = await Promise.all(Array.from({ length: team.length + 5 }, () => book(t, pkg, date, '10:00', 'any')));
    const won = results.filter((r) => r.status === 201);
    expect(won, JSON.stringify(results.map((r) => [r.status, r.body.message]))).toHaveLength(team.length);
    expect(new Set(won.map((r) => r.body.data.practitionerId))).toEqual(new Set(team));
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect((await slotsOf(t, pkg, date)).slots.some((s) => s.time === '10:00')).toBe(false);
  });

  it('the same patient asking again for the time they hold (a reload, no key) gets their own hold back; another patient is refused', async () => {
    const t = await newTeam('prac-again');
    const p = await addPractitioner(t, 'Lea Again');
    const pkg = await addPackage(t, { durationMinutes: 50, practitionerIds: [p] });
    const date = dayAhead(5, t.zone);
    const me = visitor(t, pkg, date, '09:40', p);
    const first = await api('POST', '/bookings/create-booking', { body: me });
    expect(first.status, first.body.message).toBe(201);
    const again = await api('POST', '/bookings/create-booking', { body: { ...me, email: me.email.toUpperCase() } });
    expect(again.status, again.body.message).toBe(201);
    expect(again.body.data).toMatchObject({ bookingId: first.body.data.bookingId, checkoutUrl: first.body.data.checkoutUrl, practitionerId: p });
    const other = await api('POST', '/bookings/create-booking', { body: visitor(t, pkg, date, '09:40', p) });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(TAKEN);
  });

  it('"anyone" gives the time to the practitioner with the fewest minutes booked that day', async () => {
    const t = await newTeam('prac-fair');
    const [lea, max] = [await addPractitioner(t, 'Lea'), await addPractitioner(t, 'Max')];
    const pkg = await addPackage(t, { durationMinutes: 30, practitionerIds: [lea, max] });
    const date = dayAhead(4, t.zone);
    expect((await book(t, pkg, date, '09:00', lea)).status).toBe(201);
    const anyone = await book(t, pkg, date, '11:00', 'any');
    expect(anyone.status).toBe(201);
    expect(anyone.body.data).toMatchObject({ practitionerId: max, practitionerName: 'Max' });
  });

  it('a hold, a staff appointment and a calendar move racing for one interval give one winner', async () => {
    const t = await newTeam('prac-three');
    const p = await addPractitioner(t, 'Noa Three');
    const pkg = await addPackage(t, { durationMinutes: 50, slotGridMinutes: 10, practitionerIds: [p] });
    const date = dayAhead(5, t.zone);
    const held = await book(t, pkg, date, '15:00', p);
    expect(held.status).toBe(201);
    await payLocalCheckout(held.body.data.checkoutUrl, 'payer@example.com');
    const bookingId = held.body.data.bookingId as string;
    await eventually(async () => ((await api('GET', `/bookings/booking/${bookingId}`, { token: t.owner.token })).body.data.status === 'confirmed' ? true : undefined), 'confirmed');

    const [hold, appointment, move] = await Promise.all([
      book(t, pkg, date, '10:00', p),
      api('POST', '/appointments/book-custom', { token: t.owner.token, form: bookingForm({ bookingDate: date, bookingTime: '10:20', practitionerId: p, durationMinutes: '30' }) }),
      api('POST', `/bookings/booking/${bookingId}/move`, { token: t.owner.token, body: { bookingDate: date, bookingTime: '09:50' } }),
    ]);
    const statuses = [hold.status, appointment.status, move.status];
    expect(statuses.filter((s) => s === 200 || s === 201), JSON.stringify([hold.body, appointment.body, move.body].map((b) => b.message))).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);

    // An appointment on a free time takes it: the booking page no longer offers what overlaps it.
    const later = await api('POST', '/appointments/book-custom', { token: t.owner.token, form: bookingForm({ bookingDate: date, bookingTime: '13:00', practitionerId: p, durationMinutes: '60' }) });
    expect(later.status, later.body.message).toBe(201);
    const times = (await slotsOf(t, pkg, date)).slots.map((s) => s.time);
    for (const gone of ['12:20', '12:30', '13:00', '13:50']) expect(times).not.toContain(gone);
    expect(times).toContain('14:00');
    // An appointment keeps its practitioner when it moves.
    const other = await addPractitioner(t, 'Oli Other');
    const toOther = await api('PATCH', `/appointments/${later.body.data.id}/reschedule`, { token: t.owner.token, body: { bookingDate: date, bookingTime: '16:00', practitionerId: other } });
    expect(toOther.status).toBe(400);
    expect(toOther.body.message).toBe('An appointment keeps its practitioner when it moves.');
    // Cancelling it gives the time back.
    const cancelled = await api('PATCH', `/appointments/${later.body.data.id}/change-status`, { token: t.owner.token, body: { status: 'cancelled' } });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect((await slotsOf(t, pkg, date)).slots.map((s) => s.time)).toContain('13:00');
  });
});

describe('practitioners: unpaid holds take at most a quarter of each one\'s day (issue 28)', () => {
  it("a practitioner's share held, 'anyone' goes to the next one; when every share is held, a clear refusal", async () => {
    const t = await newTeam('prac-share');
    const date = dayAhead(6, t.zone);
    // Ana works 4 hours (4 one-hour visits fit: 1 may be held unpaid), Ben 12 (12 fit: 3).
    const ana = await addPractitioner(t, 'Ana Early', { weeklyHours: every({ start: '08:00', end: '12:00' }) });
    const ben = await addPractitioner(t, 'Ben Late', { weeklyHours: every({ start: '08:00', end: '20:00' }) });
    const pkg = await addPackage(t, { durationMinutes: 60, practitionerIds: [ana, ben] });

    expect((await book(t, pkg, date, '12:00', ben)).status).toBe(201);
    expect((await book(t, pkg, date, '13:00', ben)).status).toBe(201);
    expect((await book(t, pkg, date, '08:00', ana)).status).toBe(201);
    const anaAgain = await book(t, pkg, date, '09:00', ana);
    expect(anaAgain.status).toBe(409);
    expect(anaAgain.body.message).toBe(DAY_HELD);

    // Ana comes first by the fair order (60 minutes taken against Ben's 120), but her share is held.
    const anyone = await book(t, pkg, date, '10:00', 'any');
    expect(anyone.status).toBe(201);
    expect(anyone.body.data.practitionerId).toBe(ben);
    const none = await book(t, pkg, date, '11:00', 'any');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(DAY_HELD);
    // Nothing half-written: the refused times are still free.
    expect((await slotsOf(t, pkg, date)).slots.map((s) => s.time)).toEqual(expect.arrayContaining(['09:00', '11:00']));
    // Another day is untouched.
    expect((await book(t, pkg, dayAhead(7, t.zone), '09:00', ana)).status).toBe(201);
  });
});

describe('practitioners: start times leave no gap (issue 34)', () => {
  const NOT_OFFERED = 'That time is not offered. Please choose one of the available times.';

  it('50 minutes with 10 after, booked back to back after a 20-minute appointment, fills the day with no gap', async () => {
    const t = await newTeam('prac-grid');
    const p = await addPractitioner(t, 'Pia Grid', { weeklyHours: every({ start: '09:00', end: '13:00' }) });
    const pkg = await addPackage(t, { durationMinutes: 50, bufferAfterMinutes: 10, practitionerIds: [p] });
    const date = dayAhead(5, t.zone);
    // One start an hour: each visit's buffer ends where the next begins (not 09:00, 09:50, 10:40, 11:30).
    expect((await slotsOf(t, pkg, date, p)).slots.map((s) => s.time)).toEqual(['09:00', '10:00', '11:00', '12:00']);

    // A 20-minute appointment at 09:00: the grid starts again where it ends.
    const appointment = await api('POST', '/appointments/book-custom', { token: t.owner.token, form: bookingForm({ bookingDate: date, bookingTime: '09:00', practitionerId: p, durationMinutes: '20' }) });
    expect(appointment.status, appointment.body.message).toBe(201);
    expect((await slotsOf(t, pkg, date, p)).slots.map((s) => s.time)).toEqual(['09:20', '10:20', '11:20']);
    // A time not offered is refused: one never on the grid as not offered, one the appointment moved
    // the grid off (offered on the empty day) as taken.
    const never = await book(t, pkg, date, '09:50', p);
    expect(never.status).toBe(400);
    expect(never.body.message).toBe(NOT_OFFERED);
    const moved = await book(t, pkg, date, '10:00', p);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(TAKEN);

    // Book the first free time again and again (paid, so the day's unpaid share never refuses one).
    const booked: { startUtc: string }[] = [];
    for (let free = await slotsOf(t, pkg, date, p); free.slots.length; free = await slotsOf(t, pkg, date, p)) {
      const res = await book(t, pkg, date, free.slots[0].time, p);
      expect(res.status, res.body.message).toBe(201);
      booked.push(res.body.data);
      await payLocalCheckout(res.body.data.checkoutUrl, 'payer@example.com');
      const id = res.body.data.bookingId as string;
      await eventually(async () => ((await api('GET', `/bookings/booking/${id}`, { token: t.owner.token })).body.data.status === 'confirmed' ? true : undefined), 'confirmed');
    }
    expect(booked.map((b) => DateTime.fromISO(b.startUtc).setZone(t.zone).toFormat('HH:mm'))).toEqual(['09:20', '10:20', '11:20']);
    // Each starts where the one before it ends with its buffer: no minute between them nobody can book.
    for (const [i, b] of booked.entries()) if (i) expect(Date.parse(b.startUtc) - Date.parse(booked[i - 1].startUtc)).toBe((50 + 10) * 60_000);
    expect((await slotsOf(t, pkg, date, p)).status).toBe('full');
  });

  it('"anyone" offers one grid over practitioners whose days start at different times, and books exactly those times', async () => {
    const t = await newTeam('prac-grid-any');
    const ana = await addPractitioner(t, 'Ana Early', { weeklyHours: every({ start: '09:00', end: '13:00' }) });
    const ben = await addPractitioner(t, 'Ben Later', { weeklyHours: every({ start: '09:30', end: '13:30' }) });
    const pkg = await addPackage(t, { durationMinutes: 50, bufferAfterMinutes: 10, practitionerIds: [ana, ben] });
    const date = dayAhead(5, t.zone);
    // Each alone has a grid of their own; "anyone" one grid, not both interleaved (09:00, 09:30, 10:00, ...).
    expect((await slotsOf(t, pkg, date, ben)).slots.map((s) => s.time)).toEqual(['09:30', '10:30', '11:30', '12:30']);
    const anyone = await slotsOf(t, pkg, date, 'any');
    expect(anyone.slots.map((s) => [s.time, s.practitionerIds])).toEqual([['09:00', [ana]], ['10:00', [ana]], ['11:00', [ana]], ['12:00', [ana]]]);
    const days = await api('POST', '/bookings/available-days', { body: { apiKey: t.apiKey, packageId: pkg, practitionerId: 'any', from: date, days: 1 } });
    expect(days.body.data.days).toEqual([{ date, free: 4 }]);

    // A time offered is bookable, one not offered to "anyone" is refused: one on nobody's grid as not
    // offered; Ben's 09:30 (his own page's) as taken, what a time the one grid has just moved off reads.
    const refused = await book(t, pkg, date, '09:50', 'any');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NOT_OFFERED);
    const hidden = await book(t, pkg, date, '09:30', 'any');
    expect(hidden.status).toBe(409);
    expect(hidden.body.message).toBe(TAKEN);
    const first = await book(t, pkg, date, '09:00', 'any');
    expect(first.status, first.body.message).toBe(201);
    expect(first.body.data.practitionerId).toBe(ana);
    // Ana's 09:00 taken, the earliest free start is Ben's 09:30: the one grid follows it.
    const after = await slotsOf(t, pkg, date, 'any');
    expect(after.slots.map((s) => s.time)).toEqual(['09:30', '10:30', '11:30', '12:30']);
    const second = await book(t, pkg, date, '10:30', 'any');
    expect(second.status, second.body.message).toBe(201);
    expect(second.body.data.practitionerId).toBe(ben);
    // A time of the grid shown a moment ago, no longer on it: refused as taken, not as never offered.
    const stale = await book(t, pkg, date, '10:00', 'any');
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(TAKEN);
  });
});
