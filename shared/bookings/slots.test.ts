// Slot rules in a time zone, around the US daylight-saving changes of 2026 (clocks go forward on
// Sunday 8 March at 02:00 and back on Sunday 1 November at 02:00 in America/New_York).
import { describe, expect, it } from 'vitest';
import { dayBoundsUtc, dayOf, defaultRules, describeInstant, findSlot, localToUtc, normaliseTime, slotsOfWeekday, todayIn, type AvailabilityRules } from './slots';

const NY = 'America/New_York';
const everyDay = (start: string, end: string) => {
  const hours = [{ start, end }];
  return { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours };
};
const rules = (over: Partial<AvailabilityRules> = {}): AvailabilityRules => ({ ...defaultRules(NY), weeklyHours: everyDay('09:00', '12:00'), ...over });
const JAN_1 = new Date('2026-01-01T12:00:00Z');

describe('a 09:00 local slot across the spring-forward change', () => {
  it('maps to 14:00 UTC the day before (EST) and 13:00 UTC the day after (EDT)', () => {
    const before = findSlot(rules(), '2026-03-07', '09:00', JAN_1);
    const after = findSlot(rules(), '2026-03-09', '09:00', JAN_1);
    expect(before).toEqual({ slot: { time: '09:00', startUtc: '2026-03-07T14:00:00.000Z', endUtc: '2026-03-07T14:30:00.000Z' } });
    expect(after).toEqual({ slot: { time: '09:00', startUtc: '2026-03-09T13:00:00.000Z', endUtc: '2026-03-09T13:30:00.000Z' } });
  });

  it('is shown at 9:00 AM with the zone name in force that day', () => {
    expect(describeInstant('2026-03-07T14:00:00.000Z', NY)).toMatchObject({ time: '9:00 AM', zoneAbbreviation: 'EST', zoneLongName: 'Eastern Standard Time' });
    expect(describeInstant('2026-03-09T13:00:00.000Z', NY)).toMatchObject({ time: '9:00 AM', zoneAbbreviation: 'EDT', date: 'Monday, March 9, 2026' });
  });

  it('and across fall-back: 09:00 is 13:00 UTC on 31 October, 14:00 UTC on 2 November', () => {
    expect(localToUtc('2026-10-31', '09:00', NY)).toBe('2026-10-31T13:00:00.000Z');
    expect(localToUtc('2026-11-02', '09:00', NY)).toBe('2026-11-02T14:00:00.000Z');
  });
});

describe('the nonexistent local hour on spring-forward day', () => {
  const night = rules({ weeklyHours: everyDay('01:00', '04:00') });

  it('never offers 02:00 or 02:30', () => {
    const times = slotsOfWeekday(night, '2026-03-08').map((s) => s.time);
    expect(times).toEqual(['01:00', '01:30', '03:00', '03:30']);
    expect(dayOf(night, '2026-03-08', JAN_1).slots.map((s) => s.time)).not.toContain('02:30');
  });

  it('refuses 02:30 when asked for it directly', () => {
    expect(localToUtc('2026-03-08', '02:30', NY)).toBeUndefined();
    expect(findSlot(night, '2026-03-08', '02:30', JAN_1)).toEqual({ refusal: 'not-offered' });
  });

  it('offers 02:30 on ordinary days', () => {
    expect(findSlot(night, '2026-03-07', '02:30', JAN_1)).toMatchObject({ slot: { startUtc: '2026-03-07T07:30:00.000Z' } });
  });

  it('offers the repeated hour of fall-back day once, with distinct increasing instants', () => {
    const slots = slotsOfWeekday(night, '2026-11-01');
    expect(slots.map((s) => s.time)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    const instants = slots.map((s) => Date.parse(s.startUtc));
    expect([...instants].sort((a, b) => a - b)).toEqual(instants);
    expect(new Set(instants).size).toBe(instants.length);
  });

  it('a day is 23 hours long in UTC on spring-forward day and 25 on fall-back day', () => {
    const span = (d: string) => {
      const b = dayBoundsUtc(d, NY)!;
      return (Date.parse(b.to) - Date.parse(b.from)) / 3_600_000;
    };
    expect(span('2026-03-08')).toBe(23);
    expect(span('2026-11-01')).toBe(25);
    expect(span('2026-03-09')).toBe(24);
  });
});

describe('days and times offered', () => {
  it('slots start at each interval start, back to back, and end by the interval end', () => {
    const r = rules({ slotMinutes: 45, weeklyHours: { ...everyDay('09:00', '11:00'), monday: [{ start: '14:00', end: '15:00' }, { start: '09:00', end: '10:30' }] } });
    expect(slotsOfWeekday(r, '2026-03-09').map((s) => s.time)).toEqual(['09:00', '09:45', '14:00']);
    expect(slotsOfWeekday(r, '2026-03-10').map((s) => s.time)).toEqual(['09:00', '09:45']);
  });

  it('an interval may end at midnight', () => {
    const r = rules({ slotMinutes: 60, weeklyHours: everyDay('22:00', '24:00') });
    expect(slotsOfWeekday(r, '2026-06-10').map((s) => [s.time, s.endUtc])).toEqual([
      ['22:00', '2026-06-11T03:00:00.000Z'],
      ['23:00', '2026-06-11T04:00:00.000Z'],
    ]);
  });

  it('refuses past dates, closed dates, closed weekdays, dates too far ahead and times not offered', () => {
    const r = rules({ closedDates: ['2026-03-10'], weeklyHours: { ...everyDay('09:00', '12:00'), sunday: [] }, maxDaysAhead: 90 });
    const now = new Date('2026-03-09T15:00:00Z'); // 11:00 EDT on Monday 9 March
    expect(findSlot(r, '2026-03-08', '09:00', now)).toEqual({ refusal: 'past-date' });
    expect(findSlot(r, '2026-03-10', '09:00', now)).toEqual({ refusal: 'closed' });
    expect(findSlot(r, '2026-03-15', '09:00', now)).toEqual({ refusal: 'closed' }); // a Sunday
    expect(findSlot(r, '2026-06-08', '09:00', now)).toEqual({ refusal: 'too-far' });
    expect(findSlot(r, '2026-03-11', '09:10', now)).toEqual({ refusal: 'not-offered' });
    expect(findSlot(r, '2026-03-11', '13:00', now)).toEqual({ refusal: 'not-offered' });
    expect(findSlot(r, '2026-02-30', '09:00', now)).toEqual({ refusal: 'invalid-date' });
    expect(findSlot(r, '2026-03-11', '9am', now)).toEqual({ refusal: 'invalid-time' });
  });

  it("today offers only the times still ahead (with the notice), by the clinic's clock", () => {
    const now = new Date('2026-03-09T14:10:00Z'); // 10:10 EDT
    expect(dayOf(rules(), '2026-03-09', now).slots.map((s) => s.time)).toEqual(['10:30', '11:00', '11:30']);
    expect(dayOf(rules({ minNoticeMinutes: 60 }), '2026-03-09', now).slots.map((s) => s.time)).toEqual(['11:30']);
    expect(findSlot(rules(), '2026-03-09', '10:00', now)).toEqual({ refusal: 'time-passed' });
    const late = new Date('2026-03-09T20:00:00Z'); // 16:00 EDT: nothing left today, but today is not a past date
    expect(dayOf(rules(), '2026-03-09', late)).toMatchObject({ status: 'past', slots: [] });
    expect(findSlot(rules(), '2026-03-09', '09:00', late)).toEqual({ refusal: 'time-passed' });
  });

  it("'today' is the clinic's date, not UTC's", () => {
    const now = new Date('2026-03-10T02:00:00Z'); // 22:00 on 9 March in New York
    expect(todayIn(NY, now)).toBe('2026-03-09');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-03-10');
    expect(dayOf(rules(), '2026-03-09', now).status).toBe('past');
    expect(dayOf(rules(), '2026-03-10', now).status).toBe('open');
  });

  it('reads the times a time input sends', () => {
    expect(normaliseTime('09:30')).toBe('09:30');
    expect(normaliseTime('9:30')).toBe('09:30');
    expect(normaliseTime('09:30:00')).toBe('09:30');
    expect(normaliseTime('09:30:15')).toBeUndefined();
    expect(normaliseTime('24:00')).toBeUndefined();
    expect(normaliseTime('')).toBeUndefined();
  });
});
