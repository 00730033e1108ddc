import { describe, expect, it } from 'vitest';
import { addDays, dayBoundsUtc } from '#shared/bookings/slots';
import type { Interval, Weekday } from '#shared/bookings/time';
import { workingMinutesBetween, workingMinutesOn } from './working-minutes';

const ZONE = 'America/New_York';
const day = (start: string, end: string): Interval[] => [{ start, end }];
const weekly = (hours: Partial<Record<Weekday, Interval[]>>) => ({ monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [], ...hours });

describe('working minutes of a practitioner', () => {
  it('adds a week of weekly hours with breaks, an exception, a closed date and the night clocks go forward', () => {
    // 2026-03-02 (Monday) to 2026-03-08 (Sunday): New York moves its clocks from 02:00 to 03:00 on Sunday.
    const weekday = [...day('09:00', '12:00'), ...day('13:00', '18:00')]; // 8 hours, an hour's break
    const hours = {
      weeklyHours: weekly({ monday: weekday, tuesday: weekday, wednesday: weekday, thursday: weekday, friday: weekday, sunday: day('00:00', '06:00') }),
      exceptions: [{ date: '2026-03-04', hours: day('09:00', '12:00') }, { date: '2026-03-05', hours: [] }],
    };
    // Mon 480 + Tue 480 + Wed 180 (the exception) + Thu 0 (time off) + Fri 0 (the clinic is closed) + Sun 300 (an hour never happened).
    expect(workingMinutesOn(hours, '2026-03-08', ZONE, [])).toBe(300);
    expect(workingMinutesOn(hours, '2026-03-04', ZONE, [])).toBe(180);
    expect(workingMinutesBetween(hours, '2026-03-02', '2026-03-08', ZONE, ['2026-03-06'])).toBe(480 + 480 + 180 + 0 + 0 + 300);
    // The same week a week earlier, with no clock change and no exception: 5 x 480 + 360.
    expect(workingMinutesBetween(hours, '2026-02-23', '2026-03-01', ZONE, [])).toBe(5 * 480 + 360);
  });

  it('counts the hour repeated when clocks go back, a day ending at 24:00, and a start inside the skipped hour', () => {
    const hours = { weeklyHours: weekly({ saturday: day('20:00', '24:00'), sunday: day('00:00', '06:00') }), exceptions: [{ date: '2026-03-08', hours: day('02:30', '04:00') }] };
    expect(workingMinutesOn(hours, '2026-10-31', ZONE, [])).toBe(240);
    expect(workingMinutesOn(hours, '2026-11-01', ZONE, [])).toBe(420);
    // 02:30 does not exist that night: the clocks read 03:30 then, so half an hour is worked until 04:00.
    expect(workingMinutesOn(hours, '2026-03-08', ZONE, [])).toBe(30);
    // In a zone without clock changes the wall clock is the time worked.
    expect(workingMinutesOn(hours, '2026-11-01', 'Asia/Tokyo', [])).toBe(360);
  });

  it('counts a whole day as its real length on every date of a year, in zones with and without clock changes', () => {
    const allDay = day('00:00', '24:00');
    const hours = { weeklyHours: weekly({ monday: allDay, tuesday: allDay, wednesday: allDay, thursday: allDay, friday: allDay, saturday: allDay, sunday: allDay }), exceptions: [] };
    for (const zone of [ZONE, 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
      const lengths = new Set<number>();
      for (let date = '2026-01-01'; date <= '2026-12-31'; date = addDays(date, 1)) {
        const bounds = dayBoundsUtc(date, zone)!;
        const real = (Date.parse(bounds.to) - Date.parse(bounds.from)) / 60_000;
        expect(workingMinutesOn(hours, date, zone, []), `${zone} ${date}`).toBe(real);
        lengths.add(real);
      }
      // Lord Howe moves its clocks by half an hour.
      expect([...lengths].sort((a, b) => a - b)).toEqual(zone === 'Asia/Kolkata' ? [1440] : zone === 'Australia/Lord_Howe' ? [1410, 1440, 1470] : [1380, 1440, 1500]);
    }
  });
});
