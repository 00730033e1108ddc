// What the calendar page keeps in its URL (view and date), how an item looks on it, and what its grid
// is made of (opening hours, slot length, the zone's names for the dates shown).
import type { CalendarItem } from './api/calendar';
import type { CalendarPractitioner } from './api/practitioners';
import { addDays, localToUtc } from '#shared/bookings/slots';
import { minutesOf, timeOf, WEEKDAYS, type Interval, type Weekday } from '#shared/bookings/time';
import { firstDayOfWeek } from '#shared/i18n/intl';

/**
 * The calendar's first day of the week (FullCalendar's firstDay, 0 Sunday ... 6 Saturday): the clinic's
 * country's (the calendar's reply names it, from the clinic's zone: Monday in Berlin, Sunday in New
 * York, Saturday in Cairo), else the reader's language's. The public pages take it from the same place.
 */
export const clinicFirstDay = (region: string | null | undefined, language = typeof navigator === 'undefined' ? 'en' : navigator.language) =>
  firstDayOfWeek(region ? `und-${region}` : language);

export { VIEWS, VIEW_LABELS, defaultView, firstRange, isIsoDate, isViewName, rangeOf, stepOf, type ViewName } from './range';

/** Below this width the week's day headers are one letter over the date, so seven columns fit 390 px. */
export const NARROW = 576;

/**
 * The zone's long names over the local dates [start, end) actually shown, each with the first date it
 * applies to: one entry, or two when a DST change falls in the range (a November month view starts in
 * October). Read at each date's local noon, clear of the change itself.
 */
export function zoneNamesOf(timeZone: string, start: string, end: string): { name: string; from: string }[] {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' });
  const names: { name: string; from: string }[] = [];
  for (let date = start; date < end; date = addDays(date, 1)) {
    const noon = localToUtc(date, '12:00', timeZone);
    if (!noon) continue;
    const name = format.formatToParts(new Date(noon)).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
    if (names.at(-1)?.name !== name) names.push({ name, from: date });
  }
  return names;
}

/** 'Times in Eastern Standard Time (America/New_York)', or both names with the date the second starts. */
export function zoneText(timeZone: string, start: string, end: string, fallback: string): string {
  const names = zoneNamesOf(timeZone, start, end);
  if (names.length <= 1) return `Times in ${names[0]?.name ?? fallback} (${timeZone})`;
  // The date in the reader's locale; the zone's names stay English, as the sentence around them.
  const day = (date: string) => new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(`${date}T12:00:00Z`));
  return `Times in ${names[0].name}, then ${names.slice(1).map((n) => `${n.name} from ${day(n.from)}`).join(', then ')} (${timeZone})`;
}

export type WeeklyHours = Partial<Record<Weekday, Interval[]>>;

/** FullCalendar's day numbers (Sunday 0). */
const FC_DAY: Record<Weekday, number> = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 };

/** Weekly hours as FullCalendar's businessHours: the time outside them is shaded. */
export const businessHoursOf = (weekly: WeeklyHours) =>
  WEEKDAYS.flatMap((d) => (weekly[d] ?? []).map((i) => ({ daysOfWeek: [FC_DAY[d]], startTime: i.start, endTime: i.end })));

/** Several people's hours at once (everyone's columns in one grid): the union, as businessHours. */
export function unionHours(all: WeeklyHours[]): WeeklyHours {
  const out: WeeklyHours = {};
  for (const d of WEEKDAYS) out[d] = all.flatMap((w) => w[d] ?? []);
  return out;
}

/** A practitioner's dated hours (docs/practitioners.md): that date's hours instead of the week's; [] = time off. */
export type HoursException = CalendarPractitioner['exceptions'][number];

/**
 * The closed parts of the dates shown that weekly hours cannot say: the clinic's closed dates and a
 * practitioner's exceptions (time off, or other hours: the rest of that day), as FullCalendar background
 * events in the calendar's zone (local date-times), titled with the note.
 */
export function closedEventsOf(range: { start: string; end: string } | null, closed: { closedDates?: string[]; exceptions?: HoursException[] }) {
  if (!range) return [];
  const inRange = (d: string) => d >= range.start && d < range.end;
  const whole = (date: string, title: string) => [{ start: `${date}T00:00:00`, end: `${addDays(date, 1)}T00:00:00`, title }];
  const events = (closed.closedDates ?? []).filter(inRange).flatMap((d) => whole(d, 'Closed'));
  for (const e of (closed.exceptions ?? []).filter((x) => inRange(x.date))) {
    if (!e.hours.length) {
      events.push(...whole(e.date, e.note || 'Time off'));
      continue;
    }
    // The gaps around that day's hours.
    let from = 0;
    for (const h of [...e.hours].sort((a, b) => minutesOf(a.start) - minutesOf(b.start))) {
      if (minutesOf(h.start) > from) events.push({ start: `${e.date}T${timeOf(from)}:00`, end: `${e.date}T${timeOf(minutesOf(h.start))}:00`, title: e.note });
      from = Math.max(from, minutesOf(h.end));
    }
    if (from < 1440) events.push({ start: `${e.date}T${timeOf(from)}:00`, end: `${addDays(e.date, 1)}T00:00:00`, title: e.note });
  }
  return events.map((ev) => ({ ...ev, display: 'background' as const, className: 'calendar-closed' }));
}

export interface Grid {
  /** 'HH:mm' lengths and bounds for FullCalendar. */
  slotDuration: string;
  slotMinTime: string;
  slotMaxTime: string;
  scrollTime: string;
}

/**
 * The time grid of a slot length: its lines every slot, laid from the earliest opening so each line is a
 * bookable start (a drop lands on one), reaching at least 06:00-22:00 so appointments outside the hours
 * still show.
 */
export function gridOf(slotMinutes: number, weekly: WeeklyHours | undefined): Grid {
  const slot = slotMinutes > 0 ? slotMinutes : 30;
  const intervals = WEEKDAYS.flatMap((d) => weekly?.[d] ?? []);
  const opens = intervals.length ? Math.min(...intervals.map((i) => minutesOf(i.start))) : 8 * 60;
  const closes = intervals.length ? Math.max(...intervals.map((i) => minutesOf(i.end))) : 18 * 60;
  let first = opens - slot * Math.ceil((opens - Math.min(opens, 6 * 60)) / slot);
  while (first < 0) first += slot;
  const last = Math.min(1440, opens + slot * Math.ceil((Math.max(closes, 22 * 60) - opens) / slot));
  return { slotDuration: timeOf(slot), slotMinTime: timeOf(first), slotMaxTime: timeOf(last), scrollTime: timeOf(Math.max(first, opens - 60)) };
}

interface Look {
  label: string;
  background: string;
  border: string;
  text: string;
}

// Kind by hue (appointments blue, bookings green), status by fill: filled when settled, outlined while
// it waits (requested, awaiting payment), grey once it is over. Text on each fill meets WCAG AA.
const LOOKS: Record<string, Look> = {
  'appointment:requested': { label: 'Appointment · requested', background: '#e7f0fd', border: '#1c5fb8', text: '#123f7a' },
  'appointment:confirmed': { label: 'Appointment · confirmed', background: '#1c5fb8', border: '#1c5fb8', text: '#ffffff' },
  'appointment:completed': { label: 'Appointment · completed', background: '#e9ecef', border: '#6c757d', text: '#343a40' },
  'appointment:no-show': { label: 'Appointment · no-show', background: '#fbe3e4', border: '#b02a37', text: '#842029' },
  'booking:held': { label: 'Booking · awaiting payment', background: '#fff4d6', border: '#946200', text: '#5c3d00' },
  'booking:confirmed': { label: 'Booking · confirmed', background: '#0f7b52', border: '#0f7b52', text: '#ffffff' },
};

export const lookOf = (item: Pick<CalendarItem, 'kind' | 'status'>): Look =>
  LOOKS[`${item.kind}:${item.status}`] ?? { label: `${item.kind} · ${item.status}`, background: '#e9ecef', border: '#6c757d', text: '#343a40' };

export const LEGEND = Object.values(LOOKS);

/**
 * The team view's legend: there an item takes its practitioner's colour (team.ts colourLook: filled when
 * confirmed, a tint while it waits), so the kinds' colours above would not match what is drawn (a
 * confirmed booking in a blue practitioner's column read as an appointment). Completed and no-show
 * items keep their own look.
 */
const NEUTRAL = '#5c636a';
export const TEAM_LEGEND: Look[] = [
  { label: "Confirmed, in its practitioner's colour", background: NEUTRAL, border: NEUTRAL, text: '#ffffff' },
  { label: 'Requested or awaiting payment, a tint of it', background: '#e7e8e9', border: NEUTRAL, text: '#1b1f23' },
  LOOKS['appointment:completed'],
  LOOKS['appointment:no-show'],
];

/** Where an item opens in the console. */
export const linkOf = (item: Pick<CalendarItem, 'kind' | 'id'>) =>
  item.kind === 'booking' ? `/bookings/booking/${encodeURIComponent(item.id)}` : `/appointments/${encodeURIComponent(item.id)}`;

/** '2026-03-09T14:00:00-04:00' (a date in the calendar's zone) -> its local date and time. */
export const localOf = (zoned: string) => ({ date: zoned.slice(0, 10), time: zoned.slice(11, 16) });

export interface Filters {
  kinds: CalendarItem['kind'][];
  /** '' every assignee; '-' the unassigned; else a member id. */
  assignee: string;
  /** '' everyone's; else only this practitioner's items (the server filters too, by ?practitionerId=). */
  practitionerId?: string;
}

export function applyFilters<T extends CalendarItem & { practitionerId?: string | null }>(items: T[], f: Filters): T[] {
  return items.filter((i) => {
    if (!f.kinds.includes(i.kind)) return false;
    if (f.practitionerId && i.practitionerId !== f.practitionerId) return false;
    if (!f.assignee) return true;
    if (i.kind !== 'appointment') return false;
    return f.assignee === '-' ? !i.assignee : i.assignee?.userId === f.assignee;
  });
}

/** The members appointments in view are assigned to, by name. */
export function assigneesOf(items: CalendarItem[]): { userId: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const i of items) if (i.assignee) byId.set(i.assignee.userId, i.assignee.name);
  return [...byId].map(([userId, name]) => ({ userId, name })).sort((a, b) => a.name.localeCompare(b.name));
}
