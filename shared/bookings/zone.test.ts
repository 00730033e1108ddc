// The Intl-only zone arithmetic against luxon (a test-only reference) across zones and their changes.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayBoundsUtc, localToUtc } from './slots';
import { describeInZone, offsetMinutes } from './zone';

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC', 'Asia/Tokyo'];
const DATES = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-06', '2026-09-27', '2026-10-04', '2026-11-01', '2026-06-15'];

/** luxon's answer, with nonexistent times refused and repeated ones at their later instant. */
function reference(date: string, time: string, zone: string): string | undefined {
  const [y, m, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const dt = DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: mi }, { zone });
  if (dt.hour !== h || dt.minute !== mi || dt.day !== d) return undefined;
  // Among the instants showing this wall time (two, an hour or so apart, in an overlap), take the later one.
  const probes = [-180, -120, -90, -60, -30, 0, 30, 60, 90, 120, 180].map((delta) => dt.toUTC().plus({ minutes: delta }));
  const matching = probes.filter((p) => {
    const l = p.setZone(zone);
    return l.year === y && l.month === m && l.day === d && l.hour === h && l.minute === mi;
  });
  return matching.map((p) => p.toISO()!).sort().at(-1);
}

describe('zone arithmetic with Intl', () => {
  for (const zone of ZONES) {
    it(`maps every half hour of changeover dates like luxon in ${zone}`, () => {
      for (const date of DATES) {
        for (let minutes = 0; minutes < 1440; minutes += 30) {
          const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          expect(localToUtc(date, time, zone), `${zone} ${date} ${time}`).toBe(reference(date, time, zone));
        }
      }
    });
  }

  it('finds the start of a day whose midnight does not exist (Santiago, clocks forward at 00:00)', () => {
    // Chile moved its clocks from 00:00 to 01:00 on Sunday 6 September 2026.
    expect(localToUtc('2026-09-06', '00:30', 'America/Santiago')).toBeUndefined();
    const bounds = dayBoundsUtc('2026-09-06', 'America/Santiago')!;
    expect(bounds.from).toBe(DateTime.fromObject({ year: 2026, month: 9, day: 6 }, { zone: 'America/Santiago' }).startOf('day').toUTC().toISO());
    expect((Date.parse(bounds.to) - Date.parse(bounds.from)) / 3_600_000).toBe(23);
  });

  it('reads offsets and names', () => {
    expect(offsetMinutes(Date.parse('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutes(Date.parse('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutes(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(describeInZone(Date.parse('2026-07-15T12:00:00Z'), 'Europe/London')).toMatchObject({ time: '1:00 PM', zoneAbbreviation: 'GMT+1', zoneLongName: 'British Summer Time' });
  });
});
