// When a clinic takes bookings, over HTTP: the staff settings (defaults, save, validation, refusals)
// and the public free times of a date in the clinic's zone, across a daylight-saving change.
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, signUpOwner, uniqueEmail, uniquePhone, type Owner } from '../support/api';
import { addMember, logs, perms } from '../support/members';

const everyDay = (...intervals: [string, string][]) => {
  const hours = intervals.map(([start, end]) => ({ start, end }));
  return { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
};
const dayAhead = (days: number, zone = 'America/New_York') => DateTime.now().setZone(zone).plus({ days }).toISODate()!;

/** The next US spring-forward Sunday (second Sunday of March) at least two days away. */
function nextSpringForward(): string {
  const today = DateTime.now().setZone('America/New_York');
  for (let year = today.year; ; year++) {
    const march1 = DateTime.fromObject({ year, month: 3, day: 1 }, { zone: 'America/New_York' });
    const secondSunday = march1.plus({ days: ((7 - march1.weekday) % 7) + 7 });
    if (secondSunday.diff(today, 'days').days > 2) return secondSunday.toISODate()!;
  }
}

let owner: Owner;
let apiKey: string;

beforeAll(async () => {
  owner = await signUpOwner('avail');
  apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey;
});

const slots = (body: Record<string, unknown>) => api('POST', '/bookings/available-slots', { body: { apiKey, ...body } });

describe('availability settings (staff)', () => {
  it('starts from weekdays 09:00-17:00 in 30-minute slots, in the organisation zone', async () => {
    const o = await signUpOwner('availdef');
    const res = await api('GET', '/bookings/availability', { token: o.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      configured: false, timeZone: 'America/New_York', slotMinutes: 30, capacity: 1, closedDates: [],
      weeklyHours: { monday: [{ start: '09:00', end: '17:00' }], friday: [{ start: '09:00', end: '17:00' }], saturday: [], sunday: [] },
    });
    expect(res.body.data.timeZoneName).toMatch(/^Eastern (Standard|Daylight) Time$/);
  });

  it('saves weekly hours with several intervals, slot length, capacity and closed dates, with one audit entry', async () => {
    const body = {
      weeklyHours: { ...everyDay(['09:00', '12:00'], ['13:00', '17:00']), sunday: [] },
      slotMinutes: 45, capacity: 2, closedDates: ['2030-12-25', '2030-01-01', '2030-12-25'], minNoticeMinutes: 60, maxDaysAhead: 90,
    };
    const res = await api('PUT', '/bookings/availability', { token: owner.token, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ configured: true, slotMinutes: 45, capacity: 2, closedDates: ['2030-01-01', '2030-12-25'], minNoticeMinutes: 60, maxDaysAhead: 90, updatedBy: owner.userId });
    const read = await api('GET', '/bookings/availability', { token: owner.token });
    expect(read.body.data).toEqual(res.body.data);
    const entries = (await logs(owner)).filter((e) => e.recordType === 'booking-availability');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ module: 'BOOKING_PACKAGES', action: 'update' });
  });

  it('refuses overlapping or backwards intervals and out-of-range numbers, and keeps what was saved', async () => {
    const base = { weeklyHours: everyDay(['09:00', '17:00']), slotMinutes: 30, capacity: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, weeklyHours: everyDay(['09:00', '12:00'], ['11:00', '14:00']) }, 'Opening intervals of a day must not overlap'],
      [{ ...base, weeklyHours: everyDay(['12:00', '09:00']) }, 'Each opening interval must end after it starts'],
      [{ ...base, weeklyHours: everyDay(['9am', '17:00']) }, 'Start must be a time such as 09:00'],
      [{ ...base, slotMinutes: 3 }, 'Slots are at least 5 minutes'],
      [{ ...base, capacity: 0 }, 'Capacity is at least 1'],
      [{ ...base, closedDates: ['2030-02-30'] }, 'Closed dates must be dates such as 2030-12-25'],
    ];
    for (const [body, message] of cases) {
      const res = await api('PUT', '/bookings/availability', { token: owner.token, body });
      expect(res.status, message).toBe(400);
      expect(Object.values(res.body.errors ?? {})).toContain(message);
    }
    expect((await api('GET', '/bookings/availability', { token: owner.token })).body.data.slotMinutes).toBe(45);
  });

  it('refuses without a token and without the module flags', async () => {
    expect((await api('GET', '/bookings/availability')).status).toBe(401);
    const reader = await addMember(owner, perms({ BOOKING_PACKAGES: 'r' }));
    expect((await api('GET', '/bookings/availability', { token: reader.token })).status).toBe(200);
    const refused = await api('PUT', '/bookings/availability', { token: reader.token, body: { weeklyHours: everyDay(['00:00', '24:00']), slotMinutes: 30, capacity: 9 } });
    expect(refused.status).toBe(403);
    const none = await addMember(owner, perms({ Notifications: 'r' }));
    expect((await api('GET', '/bookings/availability', { token: none.token })).status).toBe(403);
    expect((await api('GET', '/bookings/availability', { token: owner.token })).body.data.capacity).toBe(2);
  });
});

describe('available slots (public)', () => {
  let clinic: Owner;
  let key: string;
  beforeAll(async () => {
    clinic = await signUpOwner('slots');
    key = (await api('GET', '/organization/integration', { token: clinic.token })).body.data.apiKey;
  });
  const free = (body: Record<string, unknown>) => api('POST', '/bookings/available-slots', { body: { apiKey: key, ...body } });

  it("lists a date's times with labels in the clinic zone; closed and past dates have none", async () => {
    const closed = dayAhead(4);
    await api('PUT', '/bookings/availability', {
      token: clinic.token,
      body: { weeklyHours: everyDay(['09:00', '11:00']), slotMinutes: 60, capacity: 1, closedDates: [closed], maxDaysAhead: 400 },
    });
    const date = dayAhead(3);
    const res = await free({ date });
    expect(res.status).toBe(200);
    // With the clinic's name, which the booking page shows.
    expect(res.body.data).toMatchObject({ date, timeZone: 'America/New_York', status: 'open', slotMinutes: 60, clinicName: 'slots Clinic' });
    expect(res.body.data.timeZoneName).toMatch(/^Eastern (Standard|Daylight) Time$/);
    expect(res.body.data.slots.map((s: { time: string }) => s.time)).toEqual(['09:00', '10:00']);
    const nine = res.body.data.slots[0];
    expect(nine.label).toMatch(/^9:00 AM E[SD]T$/);
    expect(nine.startUtc).toBe(DateTime.fromISO(`${date}T09:00`, { zone: 'America/New_York' }).toUTC().toISO());
    expect(nine.remaining).toBe(1);

    expect((await free({ date: closed })).body.data).toMatchObject({ status: 'closed-date', slots: [] });
    expect((await free({ date: dayAhead(-2) })).body.data).toMatchObject({ status: 'past', slots: [] });
    expect((await free({ date: dayAhead(500) })).body.data).toMatchObject({ status: 'too-far', slots: [] });
  });

  it('drops a full slot, and follows the organisation time zone when it changes', async () => {
    const pkg = await api('POST', '/bookings/packages', { token: clinic.token, body: { packageName: 'Visit', packagePrice: 30 } });
    const date = dayAhead(5);
    const booked = await api('POST', '/bookings/create-booking', {
      body: { apiKey: key, packageId: pkg.body.data.id, firstName: 'Zed', lastName: 'Zone', email: uniqueEmail('zed'), phoneNumber: uniquePhone(), bookingDate: date, bookingTime: '10:00' },
    });
    expect(booked.status).toBe(201);
    const after = await free({ date, packageId: pkg.body.data.id });
    expect(after.body.data.slots.map((s: { time: string }) => s.time)).toEqual(['09:00']);

    const tokyo = await api('PATCH', '/organization/profile', { token: clinic.token, body: { timeZone: 'Asia/Tokyo' } });
    expect(tokyo.status).toBe(200);
    try {
      const tokyoDate = dayAhead(6, 'Asia/Tokyo');
      const res = await free({ date: tokyoDate });
      expect(res.body.data).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneAbbreviation: 'GMT+9' });
      // 09:00 in Tokyo (UTC+9, no daylight saving) is midnight UTC the same day.
      expect(res.body.data.slots[0]).toMatchObject({ time: '09:00', startUtc: `${tokyoDate}T00:00:00.000Z`, label: '9:00 AM GMT+9' });
    } finally {
      await api('PATCH', '/organization/profile', { token: clinic.token, body: { timeZone: 'America/New_York' } });
    }
  });

  it('maps 09:00 to different UTC hours either side of the spring-forward change and never offers 02:30 that day', async () => {
    await api('PUT', '/bookings/availability', {
      token: clinic.token,
      body: { weeklyHours: everyDay(['01:00', '04:00'], ['09:00', '10:00']), slotMinutes: 30, capacity: 1, maxDaysAhead: 730 },
    });
    const change = nextSpringForward();
    const before = DateTime.fromISO(change).minus({ days: 1 }).toISODate()!;
    const after = DateTime.fromISO(change).plus({ days: 1 }).toISODate()!;
    const nineUtc = async (date: string) => (await free({ date })).body.data.slots.find((s: { time: string }) => s.time === '09:00').startUtc;
    expect(await nineUtc(before)).toBe(`${before}T14:00:00.000Z`);
    expect(await nineUtc(after)).toBe(`${after}T13:00:00.000Z`);

    const day = (await free({ date: change })).body.data;
    expect(day.slots.map((s: { time: string }) => s.time)).toEqual(['01:00', '01:30', '03:00', '03:30', '09:00', '09:30']);
    expect(day.slots.find((s: { time: string }) => s.time === '03:00').label).toBe('3:00 AM EDT');
    expect(day.slots.find((s: { time: string }) => s.time === '01:30').label).toBe('1:30 AM EST');

    const pkg = await api('POST', '/bookings/packages', { token: clinic.token, body: { packageName: 'Night visit', packagePrice: 30 } });
    const gap = await api('POST', '/bookings/create-booking', {
      body: { apiKey: key, packageId: pkg.body.data.id, firstName: 'Nia', lastName: 'Night', email: uniqueEmail('nia'), phoneNumber: uniquePhone(), bookingDate: change, bookingTime: '02:30' },
    });
    expect(gap.status).toBe(400);
    expect(gap.body.errors?.bookingTime).toBe('That time is not offered. Please choose one of the available times.');
  });

  it('refuses an unknown key, a bad date and a package that cannot be booked', async () => {
    expect((await slots({ apiKey: 'pk_nobodynobodynobody', date: dayAhead(2) })).status).toBe(404);
    const bad = await free({ date: '2030-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.date).toBe('Booking date must be a date such as 2030-01-31');
    expect((await free({})).body.errors?.date).toBe('Booking date is required');
    const paused = await api('POST', '/bookings/packages', { token: clinic.token, body: { packageName: 'Paused', packagePrice: 30, isActive: false } });
    const res = await free({ date: dayAhead(2), packageId: paused.body.data.id });
    expect(res.status).toBe(400);
    expect(res.body.errors?.packageId).toBe('This package is not available. Please choose another package.');
  });
});
