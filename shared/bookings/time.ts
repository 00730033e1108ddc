// Dates and times of day as the booking form and the API read them. No dependencies, so the public
// booking page can use them without pulling in a time-zone library.

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A time of day 'HH:mm' (24 h); an interval's end may be '24:00' (midnight at the end of the day). */
export interface Interval {
  start: string;
  end: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes since midnight of 'HH:mm' ('24:00' = 1440), or NaN. */
export function minutesOf(time: string): number {
  if (time === '24:00') return 1440;
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}

/** 'HH:mm' of minutes since midnight. */
export const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The calendar date of 'YYYY-MM-DD', or undefined when it is not a real date (2026-02-30). */
export function parseDate(date: string): { year: number; month: number; day: number } | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1970 || month < 1 || month > 12 || day < 1) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : undefined;
}

/** 'HH:mm' from 'HH:mm' or 'HH:mm:ss' (what a time input sends), or undefined. */
export function normaliseTime(time: string): string | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(time.trim());
  if (!m || (m[3] !== undefined && m[3] !== '00')) return undefined;
  const t = `${m[1].padStart(2, '0')}:${m[2]}`;
  return TIME.test(t) ? t : undefined;
}

/** One formatter per zone: building an Intl.DateTimeFormat costs milliseconds, using one microseconds. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date in an IANA zone, 'YYYY-MM-DD' (the booking date input's minimum). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Whole cents as dollars for people: 4950 -> '$49.50'. */
export function formatDollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
