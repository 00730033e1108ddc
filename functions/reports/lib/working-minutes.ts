// A practitioner's working minutes over local dates: their weekly hours, or a date's exception
// instead, the clinic's closed dates left out. Minutes are real elapsed time in the clinic's zone, so
// an interval across a clock change counts what was worked (00:00-06:00 is 5 hours the night clocks go
// forward, 7 the night they go back), as booked minutes are.
import { workingIntervals, type WorkingHours } from '#shared/bookings/practitioner-times';
import { addDays } from '#shared/bookings/slots';
import { minutesOf, parseDate } from '#shared/bookings/time';
import { instantsOf, offsetMinutes, startOfLocalDay } from '#shared/bookings/zone';

const DAY_MS = 86_400_000;

/**
 * The instant a local wall-clock time of a date happens: in an overlap the first (an interval's start)
 * or the last (its end), in a gap the time an hour on (clocks read 03:30 for a 02:30 that never was).
 */
function instantOf(date: string, minutes: number, timeZone: string, edge: 'start' | 'end'): number {
  const d = parseDate(date)!;
  if (minutes >= 1440) {
    const next = parseDate(addDays(date, 1))!;
    return startOfLocalDay(next.year, next.month, next.day, timeZone);
  }
  const found = instantsOf({ ...d, hour: Math.floor(minutes / 60), minute: minutes % 60 }, timeZone);
  if (found.length) return edge === 'start' ? found[0] : found.at(-1)!;
  const asUtc = Date.UTC(d.year, d.month - 1, d.day, Math.floor(minutes / 60), minutes % 60);
  return asUtc - offsetMinutes(asUtc - DAY_MS, timeZone) * 60_000;
}

/**
 * Whether the zone's clocks keep one offset all through a local date: the offsets 14 hours either side
 * of it (every zone's day lies within) agree, and no zone changes twice within two days. Two reads
 * instead of several per interval: a year of weeks for tens of practitioners stays quick.
 */
function steady(date: string, timeZone: string): boolean {
  const d = parseDate(date)!;
  const midnight = Date.UTC(d.year, d.month - 1, d.day);
  return offsetMinutes(midnight - 14 * 3_600_000, timeZone) === offsetMinutes(midnight + DAY_MS + 14 * 3_600_000, timeZone);
}

/** Minutes worked on one local date (0 on a closed date). */
export function workingMinutesOn(hours: WorkingHours, date: string, timeZone: string, closedDates: readonly string[]): number {
  if (closedDates.includes(date)) return 0;
  const intervals = workingIntervals(hours, date)
    .map((i) => ({ start: minutesOf(i.start), end: minutesOf(i.end) }))
    .filter((i) => i.end > i.start);
  if (!intervals.length) return 0;
  // On a day without a clock change the wall clock is the time worked.
  if (steady(date, timeZone)) return intervals.reduce((sum, i) => sum + i.end - i.start, 0);
  let ms = 0;
  for (const i of intervals) ms += Math.max(0, instantOf(date, i.end, timeZone, 'end') - instantOf(date, i.start, timeZone, 'start'));
  return Math.round(ms / 60_000);
}

/** Minutes worked over the local dates from `from` to `to` (inclusive). */
export function workingMinutesBetween(hours: WorkingHours, from: string, to: string, timeZone: string, closedDates: readonly string[]): number {
  let total = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) total += workingMinutesOn(hours, date, timeZone, closedDates);
  return total;
}
