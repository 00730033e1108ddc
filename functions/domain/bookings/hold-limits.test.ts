// The day's share of unpaid holds (a quarter of what the day can take, at least one) and the client
// networks counted together.
import { describe, expect, it } from 'vitest';
import type { AvailabilityRules } from '#shared/bookings/slots';
import type { PractitionerRecord } from '../../data/practitioners';
import { clinicDayCap, networkOf, practitionerDayCap } from './hold-limits';

const nine = [{ start: '09:00', end: '17:00' }];
const week = { monday: nine, tuesday: nine, wednesday: nine, thursday: nine, friday: nine, saturday: [], sunday: [] };
const rules: AvailabilityRules = { timeZone: 'America/New_York', weeklyHours: week, slotMinutes: 60, capacity: 2, closedDates: ['2030-01-08'], minNoticeMinutes: 0, maxDaysAhead: 3650 };
const person = { id: 'p1', weeklyHours: week, exceptions: [] } as unknown as PractitionerRecord;
const now = new Date('2030-01-01T00:00:00Z');
const monday = '2030-01-07';
const timing = (durationMinutes: number, gridMinutes: number | null, bufferAfterMinutes = 0, bufferBeforeMinutes = 0) => ({ durationMinutes, gridMinutes, bufferBeforeMinutes, bufferAfterMinutes, minNoticeMinutes: 0, maxDaysAhead: 3650 });

describe('day caps', () => {
  it('clinic-wide: a quarter of the slots times their capacity, at least one', () => {
    expect(clinicDayCap(rules, monday)).toBe(4); // 8 slots x 2 places = 16
    expect(clinicDayCap({ ...rules, capacity: 1, slotMinutes: 240 }, monday)).toBe(1); // 2 places: still one
    expect(clinicDayCap(rules, '2030-01-12')).toBe(1); // a closed weekday: one (the time itself is refused elsewhere)
  });

  it("a practitioner: a quarter of the package's bookings that fit in their day back to back, buffers included", () => {
    // 8 hours, 50 minutes + 10 after, starts every 15 minutes: 8 fit (not the 29 start times).
    expect(practitionerDayCap(rules, timing(50, 15, 10), person, monday, now)).toBe(2);
    // The default grid (the whole visit, issue 34): the same 8, one an hour, whichever side the buffer is on.
    expect(practitionerDayCap(rules, timing(50, null, 10), person, monday, now)).toBe(2);
    expect(practitionerDayCap(rules, timing(50, null, 0, 10), person, monday, now)).toBe(2);
    // 25 minutes with 5 after: one every 30 minutes, 16 fit (the old 25-minute grid also found 16, with 5 minutes lost each time).
    expect(practitionerDayCap(rules, timing(25, null, 5), person, monday, now)).toBe(4);
    // 30 minutes on a 30-minute grid: 16 fit.
    expect(practitionerDayCap(rules, timing(30, 30), person, monday, now)).toBe(4);
    // A closed date offers nothing: one.
    expect(practitionerDayCap(rules, timing(30, 30), person, '2030-01-08', now)).toBe(1);
  });
});

describe('networkOf', () => {
  it('counts an IPv4 address by its /24 and keeps an IPv6 /64', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2::/64')).toBe('2001:db8:1:2::/64');
  });
});
