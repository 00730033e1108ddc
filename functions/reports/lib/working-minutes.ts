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
  if (found.length) return edge === 'start' ? found[0]! : found.at(-1)!;
  const asUtc = Date.UTC(d.year, d.month - 1, d.day, Math.floor(minutes / 60), minutes % 60);
  return asUtc - offsetMinutes(asUtc - DAY_MS, timeZone) * 60_000;
}

/** Minutes worked on one local date (0 on a closed date). */
export function workingMinutesOn(hours: WorkingHours, date: string, timeZone: string, closedDates: readonly string[]): number {
  if (closedDates.includes(date)) return 0;
  let ms = 0;
  for (const interval of workingIntervals(hours, date)) {
    const start = minutesOf(interval.start);
    const end = minutesOf(interval.end);
    if (!(end > start)) continue;
    ms += Math.max(0, instantOf(date, end, timeZone, 'end') - instantOf(date, start, timeZone, 'start'));
  }
  return Math.round(ms / 60_000);
}

/** Minutes worked over the local dates from `from` to `to` (inclusive). */
export function workingMinutesBetween(hours: WorkingHours, from: string, to: string, timeZone: string, closedDates: readonly string[]): number {
  let total = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) total += workingMinutesOn(hours, date, timeZone, closedDates);
  return total;
}
