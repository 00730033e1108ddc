// A practitioner's free start times for a service, as pure rules (issues 25 and 34, docs/practitioners.md):
// their working hours on a date (the weekly hours, or that date's exception) in the clinic's zone,
// start times on the service's grid from each working interval's start, the service's duration inside
// the working interval, and the busy span (duration with its buffers) clear of every taken 5-minute
// block. The grid steps by the whole visit (buffer before + duration + buffer after) unless the package
// names its own interval, and it starts again where taken time ends, so visits booked back to back
// leave no gap nobody can book. The write path takes the same blocks (functions/data/practitioners.ts),
// so what is offered here is exactly what a booking can take. Wall-clock times are turned into instants
// in the zone, so a 09:00 start stays 09:00 across DST changes; a start in the skipped hour is never offered.
import { addDays, localToUtc, weekdayOf } from './slots';
import { minutesOf, parseDate, timeOf, todayIn, type Interval, type Weekday } from './time';
import { offsetMinutes, startOfLocalDay } from './zone';

export const BLOCK_MS = 5 * 60_000;

export interface WorkingHours {
  weeklyHours: Record<Weekday, Interval[]>;
  exceptions: readonly { date: string; hours: Interval[] }[];
}

export interface ServiceTiming {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /**
   * The package's own start-time interval: a start every this many minutes from each working interval's
   * start, and only there. Null (the default): the grid steps by the whole visit (stepMinutes) and starts
   * again where taken time ends.
   */
  gridMinutes: number | null;
  minNoticeMinutes: number;
  maxDaysAhead: number;
}

export interface PractitionerSlot {
  /** Local 'HH:mm'. */
  time: string;
  startUtc: string;
  endUtc: string;
}

export type PractitionerDayStatus = 'open' | 'full' | 'closed-date' | 'closed-weekday' | 'past' | 'too-far' | 'invalid';

/** The hours a practitioner works on a local date: that date's exception, else the weekday's. */
export function workingIntervals(hours: WorkingHours, date: string): Interval[] {
  const exception = hours.exceptions.find((e) => e.date === date);
  if (exception) return exception.hours;
  const weekday = weekdayOf(date);
  return weekday ? (hours.weeklyHours[weekday] ?? []) : [];
}

/**
 * Local minutes of a date to UTC instants: on a day without a clock change one offset serves every
 * minute (two Intl reads a day instead of several per start time); a changing day asks per time.
 * Kept per zone and date: a month view asks for the same 60 dates once per practitioner, and each
 * miss costs about fifteen Intl reads (the zone's rules do not change while the process runs).
 */
const clocks = new Map<string, (minutes: number) => number | undefined>();

function localClock(date: string, timeZone: string): (minutes: number) => number | undefined {
  const key = `${timeZone} ${date}`;
  let clock = clocks.get(key);
  if (!clock) {
    if (clocks.size >= 2_000) clocks.clear(); // a bound, far above a request's few dozen dates
    clock = newLocalClock(date, timeZone);
    clocks.set(key, clock);
  }
  return clock;
}

function newLocalClock(date: string, timeZone: string): (minutes: number) => number | undefined {
  const d = parseDate(date)!;
  const start = startOfLocalDay(d.year, d.month, d.day, timeZone);
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  const end = startOfLocalDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
  const offset = offsetMinutes(start, timeZone);
  if (end - start === 86_400_000 && offsetMinutes(end - 1, timeZone) === offset) {
    const midnightUtc = Date.UTC(d.year, d.month - 1, d.day);
    return (minutes) => midnightUtc + (minutes - offset) * 60_000;
  }
  return (minutes) => {
    const iso = localToUtc(date, timeOf(minutes), timeZone);
    return iso ? Date.parse(iso) : undefined;
  };
}

/** Today in a zone at `now`, remembered for the last instant asked (every practitioner of a request asks with the same `now`). */
let lastToday: { timeZone: string; nowMs: number; today: string } | undefined;

function todayAt(timeZone: string, now: Date): string {
  if (lastToday?.timeZone !== timeZone || lastToday.nowMs !== now.getTime()) lastToday = { timeZone, nowMs: now.getTime(), today: todayIn(timeZone, now) };
  return lastToday.today;
}

/** Whether a span [startMs, endMs) is clear of every taken block. */
export function isClear(taken: ReadonlySet<number>, startMs: number, endMs: number): boolean {
  return lastTakenIn(taken, startMs, endMs) === undefined;
}

/** The start of the latest taken block in a span [startMs, endMs), or undefined when it is clear. */
function lastTakenIn(taken: ReadonlySet<number>, startMs: number, endMs: number): number | undefined {
  const first = Math.floor(startMs / BLOCK_MS) * BLOCK_MS;
  for (let t = Math.floor((endMs - 1) / BLOCK_MS) * BLOCK_MS; t >= first; t -= BLOCK_MS) if (taken.has(t)) return t;
  return undefined;
}

/**
 * Minutes from one start time to the next: the package's own interval, else the whole visit with its
 * buffers, so one visit's buffer after ends where the next one's buffer before begins (50 minutes with
 * 10 after: 09:00, 10:00, 11:00; not 09:00, 09:50, 10:40, which leaves 10 unbookable minutes a visit).
 */
export const stepMinutes = (timing: Pick<ServiceTiming, 'gridMinutes' | 'durationMinutes' | 'bufferBeforeMinutes' | 'bufferAfterMinutes'>) =>
  // At least one block: a zero step would never leave the day (the schemas never allow one).
  Math.max(5, timing.gridMinutes ?? timing.bufferBeforeMinutes + timing.durationMinutes + timing.bufferAfterMinutes);

export interface DayInput {
  date: string;
  timeZone: string;
  hours: WorkingHours;
  timing: ServiceTiming;
  /** The clinic's closed dates (holidays): nobody is booked on them. */
  closedDates: readonly string[];
  /** Start instants of the practitioner's taken 5-minute blocks. */
  taken: ReadonlySet<number>;
  now: Date;
}

/** A practitioner's free start times on a local date, and the day's status. */
export function practitionerDay(input: DayInput): { status: PractitionerDayStatus; slots: PractitionerSlot[] } {
  const { date, timeZone, hours, timing, taken, now } = input;
  if (!parseDate(date)) return { status: 'invalid', slots: [] };
  const today = todayAt(timeZone, now);
  if (date < today) return { status: 'past', slots: [] };
  if (date > addDays(today, timing.maxDaysAhead)) return { status: 'too-far', slots: [] };
  if (input.closedDates.includes(date)) return { status: 'closed-date', slots: [] };
  const intervals = workingIntervals(hours, date);
  if (!intervals.length) return { status: 'closed-weekday', slots: [] };
  const toUtc = localClock(date, timeZone);
  const earliest = now.getTime() + timing.minNoticeMinutes * 60_000;
  const duration = timing.durationMinutes * 60_000;
  const before = timing.bufferBeforeMinutes * 60_000;
  const after = timing.bufferAfterMinutes * 60_000;
  const step = stepMinutes(timing);
  const restarts = timing.gridMinutes === null;
  const slots: PractitionerSlot[] = [];
  const seen = new Set<number>();
  let any = false;
  for (const interval of [...intervals].sort((a, b) => minutesOf(a.start) - minutesOf(b.start))) {
    const end = minutesOf(interval.end);
    // The grid is laid over taken time whatever the hour now, so a start stays where it was as the day
    // goes by; the notice only hides the starts too soon.
    let m = minutesOf(interval.start);
    while (m + timing.durationMinutes <= end) {
      const start = toUtc(m);
      if (start === undefined || seen.has(start)) {
        m += step;
        continue;
      }
      seen.add(start);
      if (start >= earliest) any = true;
      const blocked = lastTakenIn(taken, start - before, start + duration + after);
      if (blocked === undefined) {
        if (start >= earliest) slots.push({ time: timeOf(m), startUtc: new Date(start).toISOString(), endUtc: new Date(start + duration).toISOString() });
        m += step;
        continue;
      }
      if (!restarts) {
        m += step;
        continue;
      }
      // The default grid starts again where the taken time ends (its buffer included), this visit's own
      // buffer before after it: the first start whose busy span clears the latest taken block in the way.
      // Wall-clock steps of 5 minutes, so a day with a clock change is walked as its clocks read.
      const clearFrom = blocked + BLOCK_MS + before;
      do m += 5;
      while (m + timing.durationMinutes <= end && (toUtc(m) ?? -Infinity) < clearFrom);
    }
  }
  // ISO instants of one format order as plain strings (localeCompare costs an ICU collation per pair).
  slots.sort((a, b) => (a.startUtc < b.startUtc ? -1 : a.startUtc > b.startUtc ? 1 : 0));
  return { status: slots.length ? 'open' : any ? 'full' : 'past', slots };
}

/** The busy span of a booking: its time with the buffers around it. */
export const busySpan = (startUtc: string, endUtc: string, bufferBeforeMinutes = 0, bufferAfterMinutes = 0) => ({
  startMs: Date.parse(startUtc) - bufferBeforeMinutes * 60_000,
  endMs: Date.parse(endUtc) + bufferAfterMinutes * 60_000,
});

/** Minutes a set of taken blocks covers between two instants (the fair rule of "anyone" reads it per day). */
export function takenMinutesBetween(taken: ReadonlySet<number>, fromMs: number, toMs: number): number {
  let n = 0;
  for (const t of taken) if (t >= fromMs && t < toMs) n++;
  return n * 5;
}

/**
 * "Anyone available": several practitioners' free starts offered as one grid. Their grids differ when
 * their hours or their taken time do (one from 09:00, one from 09:30, or one starting again after a
 * 20-minute appointment), and the plain union would offer 09:00, 09:30, 10:00, 10:30 where each person
 * can take only every other one. So the earliest free start is offered, then the next start at least
 * one step later (stepMinutes), and so on: times a visit apart, as one diary reads. Every time kept is
 * a start of its practitioners' own grids, so booking it leaves none of them a gap nobody can book; a
 * start left out is still offered on that practitioner's own page, and comes back here once the start
 * kept in its place is taken. `starts` in start order.
 */
export function oneGrid<T extends { startUtc: string }>(starts: readonly T[], timing: Parameters<typeof stepMinutes>[0]): T[] {
  const step = stepMinutes(timing) * 60_000;
  const kept: T[] = [];
  let next = -Infinity;
  for (const s of starts) {
    const at = Date.parse(s.startUtc);
    if (at < next) continue;
    kept.push(s);
    next = at + step;
  }
  return kept;
}
