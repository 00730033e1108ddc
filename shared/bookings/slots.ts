// When a clinic takes bookings, as pure rules shared by the API and the tests: weekly opening hours
// per weekday, a slot length, closed dates and notice limits, all in the organisation's IANA time
// zone. A slot is identified by its start instant in UTC; it is generated from wall-clock times in
// the zone, so a 09:00 slot stays at 09:00 local across daylight-saving changes (its UTC hour moves).
// Local times that do not exist (the hour skipped when clocks go forward) are never offered; a
// repeated local time (the hour when clocks go back) is offered once, at its later instant (the
// offset after the change, as luxon resolves it).
import { describeInZone, instantsOf, startOfLocalDay } from './zone';
import { WEEKDAYS, minutesOf, normaliseTime, parseDate, timeOf, todayIn, type Interval, type Weekday } from './time';

export { WEEKDAYS, minutesOf, normaliseTime, parseDate, timeOf, todayIn, type Interval, type Weekday };

export interface AvailabilityRules {
  /** IANA name, e.g. America/New_York. */
  timeZone: string;
  /** Opening hours per weekday; an empty list means closed that weekday. */
  weeklyHours: Record<Weekday, Interval[]>;
  /** Length of one slot in minutes; slots start at each interval's start, back to back. */
  slotMinutes: number;
  /** Bookings one slot takes (rooms, practitioners). */
  capacity: number;
  /** Local dates (YYYY-MM-DD) the clinic is closed. */
  closedDates: string[];
  /** A slot must start at least this many minutes from now. */
  minNoticeMinutes: number;
  /** The furthest local date bookable, in days from today. */
  maxDaysAhead: number;
}

export const DEFAULT_TIME_ZONE = 'America/New_York';

/** What a clinic that has not set its availability offers: weekdays 09:00-17:00, 30-minute slots, one at a time. */
export function defaultRules(timeZone = DEFAULT_TIME_ZONE): AvailabilityRules {
  const open = [{ start: '09:00', end: '17:00' }];
  return {
    timeZone,
    weeklyHours: { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: [], sunday: [] },
    slotMinutes: 30,
    capacity: 1,
    closedDates: [],
    minNoticeMinutes: 0,
    maxDaysAhead: 180,
  };
}

export interface Slot {
  /** Local wall-clock start, 'HH:mm'. */
  time: string;
  /** ISO instants in UTC. */
  startUtc: string;
  endUtc: string;
}

export type DayStatus = 'open' | 'closed-date' | 'closed-weekday' | 'past' | 'too-far' | 'invalid';

export interface Day {
  date: string;
  timeZone: string;
  status: DayStatus;
  /** Slots not yet past (with the notice), in order. Empty unless status is 'open'. */
  slots: Slot[];
}

/** The UTC instant (ISO) of a local wall-clock time, or undefined when that local time does not exist (a DST gap). */
export function localToUtc(date: string, time: string, timeZone: string): string | undefined {
  const d = parseDate(date);
  const minutes = minutesOf(time);
  if (!d || Number.isNaN(minutes) || minutes >= 1440) return undefined;
  const found = instantsOf({ ...d, hour: Math.floor(minutes / 60), minute: minutes % 60 }, timeZone);
  return found.length ? new Date(found[found.length - 1]).toISOString() : undefined;
}

/** The UTC instants bounding a local date [start of day, start of next day), for range queries. */
export function dayBoundsUtc(date: string, timeZone: string): { from: string; to: string } | undefined {
  const d = parseDate(date);
  if (!d) return undefined;
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return {
    from: new Date(startOfLocalDay(d.year, d.month, d.day, timeZone)).toISOString(),
    to: new Date(startOfLocalDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone)).toISOString(),
  };
}

/** The weekday of a local date. */
export function weekdayOf(date: string): Weekday | undefined {
  const d = parseDate(date);
  return d ? WEEKDAYS[(new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7] : undefined;
}

/** A calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = parseDate(date)!;
  return new Date(Date.UTC(d.year, d.month - 1, d.day + days)).toISOString().slice(0, 10);
}

/** Every slot of a date by the weekly hours (ignoring now, notice and closed dates), in start order. */
export function slotsOfWeekday(rules: AvailabilityRules, date: string): Slot[] {
  const weekday = weekdayOf(date);
  if (!weekday) return [];
  const slots: Slot[] = [];
  const seen = new Set<string>();
  const intervals = [...(rules.weeklyHours[weekday] ?? [])].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  for (const interval of intervals) {
    const end = minutesOf(interval.end);
    for (let m = minutesOf(interval.start); m + rules.slotMinutes <= end; m += rules.slotMinutes) {
      const time = timeOf(m);
      const startUtc = localToUtc(date, time, rules.timeZone);
      if (!startUtc || seen.has(startUtc)) continue;
      seen.add(startUtc);
      slots.push({ time, startUtc, endUtc: new Date(Date.parse(startUtc) + rules.slotMinutes * 60_000).toISOString() });
    }
  }
  return slots.sort((a, b) => a.startUtc.localeCompare(b.startUtc));
}

/** What a date offers now: its status and the slots still bookable (start >= now + notice). */
export function dayOf(rules: AvailabilityRules, date: string, now: Date = new Date()): Day {
  const base = { date, timeZone: rules.timeZone, slots: [] as Slot[] };
  if (!parseDate(date)) return { ...base, status: 'invalid' };
  const today = todayIn(rules.timeZone, now);
  if (date < today) return { ...base, status: 'past' };
  const last = addDays(today, rules.maxDaysAhead);
  if (date > last) return { ...base, status: 'too-far' };
  if (rules.closedDates.includes(date)) return { ...base, status: 'closed-date' };
  const all = slotsOfWeekday(rules, date);
  if (all.length === 0) return { ...base, status: 'closed-weekday' };
  const earliest = now.getTime() + rules.minNoticeMinutes * 60_000;
  const slots = all.filter((s) => Date.parse(s.startUtc) >= earliest);
  return { ...base, status: slots.length ? 'open' : 'past', slots };
}

export type SlotRefusal = 'invalid-date' | 'invalid-time' | 'past-date' | 'too-far' | 'closed' | 'not-offered' | 'time-passed';

/** The slot a visitor asked for (local date and time), or why it cannot be booked. */
export function findSlot(rules: AvailabilityRules, date: string, time: string, now: Date = new Date()): { slot: Slot } | { refusal: SlotRefusal } {
  if (!parseDate(date)) return { refusal: 'invalid-date' };
  const normalised = normaliseTime(time);
  if (!normalised) return { refusal: 'invalid-time' };
  const day = dayOf(rules, date, now);
  if (day.status === 'past' && date < todayIn(rules.timeZone, now)) return { refusal: 'past-date' };
  if (day.status === 'too-far') return { refusal: 'too-far' };
  if (day.status === 'closed-date' || day.status === 'closed-weekday') return { refusal: 'closed' };
  const offered = slotsOfWeekday(rules, date).find((s) => s.time === normalised);
  if (!offered) return { refusal: 'not-offered' };
  const slot = day.slots.find((s) => s.time === normalised);
  return slot ? { slot } : { refusal: 'time-passed' };
}

/** A slot's start as people read it in the clinic's zone: 'Monday, March 9, 2026', '9:00 AM', 'EDT'. */
export function describeInstant(startUtc: string, timeZone: string, locale = 'en-US') {
  return describeInZone(Date.parse(startUtc), timeZone, locale);
}
