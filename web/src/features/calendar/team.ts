// The team's day (components/team-day.tsx) without React: each practitioner's hours on the date, the
// readable axis around them, an item in its practitioner's colour, and what a drop may become. A drop
// is taken only at a start the practitioner offers for that booking (GET /bookings/free-times, the
// booking page's own rules): the nearest within a few minutes of where it fell, else it goes back with
// the reason, before anyone is asked to confirm.
import { addDays } from '#shared/bookings/slots';
import { minutesOf, timeOf, WEEKDAYS, type Interval } from '#shared/bookings/time';
import type { CalendarItem } from './api/calendar';
import type { FreeDay } from './api/free-times';
import type { HoursException, WeeklyHours } from './lib';
import { lookOf } from './lib';
import { contrastRatio, LIGHT_TEXT } from '#shared/brand';

/** How far (minutes) a drop may fall from an offered start and still land on it. */
export const SNAP_TOLERANCE = 10;

/** The hours someone works on a local date: that date's exception, else the weekday's. */
export function hoursOn(date: string, weekly: WeeklyHours | null | undefined, exceptions: HoursException[] = []): Interval[] {
  const exception = exceptions.find((e) => e.date === date);
  if (exception) return exception.hours;
  const weekday = WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7];
  return weekly?.[weekday] ?? [];
}

/** The parts of a day (minutes from midnight) outside some intervals: shaded as not working. */
export function gapsOf(intervals: Interval[]): [number, number][] {
  const gaps: [number, number][] = [];
  let from = 0;
  for (const i of [...intervals].sort((a, b) => minutesOf(a.start) - minutesOf(b.start))) {
    if (minutesOf(i.start) > from) gaps.push([from, minutesOf(i.start)]);
    from = Math.max(from, minutesOf(i.end));
  }
  if (from < 1440) gaps.push([from, 1440]);
  return gaps;
}

/**
 * The team day's axis: whole hours from an hour before the earliest start (of anyone's hours or any
 * item) to an hour after the latest end; 08:00-18:00 when nothing is known. Its lines are every 15
 * minutes and its labels every hour, whatever the clinic's slot length.
 */
export function teamAxis(hours: Interval[][], items: { time: string; minutes: number }[]): { slotMinTime: string; slotMaxTime: string } {
  const starts = [...hours.flat().map((i) => minutesOf(i.start)), ...items.map((i) => minutesOf(i.time))];
  const ends = [...hours.flat().map((i) => minutesOf(i.end)), ...items.map((i) => minutesOf(i.time) + i.minutes)];
  const first = starts.length ? Math.max(0, Math.floor(Math.min(...starts) / 60) * 60 - 60) : 8 * 60;
  const last = ends.length ? Math.min(1440, Math.ceil(Math.max(...ends) / 60) * 60 + 60) : 18 * 60;
  return { slotMinTime: timeOf(first), slotMaxTime: last >= 1440 ? '24:00' : timeOf(Math.max(last, first + 60)) };
}

/** An item's length on the grid in minutes (an appointment has none: half an hour). */
export const minutesLong = (item: Pick<CalendarItem, 'start' | 'end'>) => (item.end ? Math.max(5, Math.round((Date.parse(item.end) - Date.parse(item.start)) / 60_000)) : 30);

/** The text colour that reads on `hex`: white when it meets 4.5:1 there, else near-black. */
export const textOn = (hex: string) => (contrastRatio(hex, LIGHT_TEXT) >= 4.5 ? LIGHT_TEXT : '#1b1f23');

/** '#rrggbb' mixed with white (`share` of the colour kept): the fill of what is still waiting. */
export function tint(hex: string, share = 0.18): string {
  const mixed = [1, 3, 5].map((i) => Math.round(255 - (255 - parseInt(hex.slice(i, i + 2), 16)) * share));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * An item in its practitioner's colour, its status still told by the fill as elsewhere in the
 * calendar: filled when settled, a tint with the colour's border while it waits, grey once it is over.
 */
export function colourLook(item: Pick<CalendarItem, 'kind' | 'status'>, colour: string): { background: string; border: string; text: string } {
  const look = lookOf(item);
  if (!HEX.test(colour) || ['completed', 'no-show'].includes(item.status)) return look;
  if (item.status === 'confirmed') return { background: colour, border: colour, text: textOn(colour) };
  return { background: tint(colour), border: colour, text: '#1b1f23' };
}

/** 'HH:mm' in the reader's words ('2:20 PM', '14:20'). */
export const timeLabel = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(Date.UTC(2000, 0, 1, h, m));
};

/** The offered start nearest to `time` within SNAP_TOLERANCE minutes (the earlier of two as near), else undefined. */
export function snapToOffered(offered: string[], time: string, tolerance = SNAP_TOLERANCE): string | undefined {
  const at = minutesOf(time);
  let best: string | undefined;
  for (const t of offered) {
    const distance = Math.abs(minutesOf(t) - at);
    if (distance <= tolerance && (best === undefined || distance < Math.abs(minutesOf(best) - at))) best = t;
  }
  return best;
}

/** Why a date lists no free time (FreeDay.status), in the booking page's words for staff. */
export const NO_TIMES: Record<FreeDay['status'], string> = {
  open: 'No free time is left that day.',
  full: 'Every time that day is taken.',
  'closed-date': 'The clinic is closed that day.',
  'closed-weekday': 'No bookings are taken on that weekday.',
  past: 'No time that day can still be booked.',
  'too-far': 'That day is further ahead than bookings are taken.',
  invalid: 'Choose a valid date.',
};

/** A column of the team day as a drop sees it. */
export interface DropColumn {
  /** A practitioner's id, or '' for what no practitioner takes. */
  id: string;
  name: string;
  /** The booking packages this practitioner offers (GET /practitioners packageIds). */
  packageIds?: string[];
}

export type DropDecision =
  | { ok: true; time: string; practitionerId?: string; practitionerName?: string }
  | { ok: false; message: string }
  /** A booking's drop needs that practitioner's free times first (then decide again with them). */
  | { ok: 'ask'; practitionerId?: string };

/**
 * What a drop of `item` from column `from` on column `to` at `time` ('HH:mm') becomes. A booking lands
 * only on a start `free` offers (that practitioner's, with the booking's own time counted free), snapped
 * to the nearest within SNAP_TOLERANCE; an appointment keeps its practitioner and takes any time (the
 * server decides); nothing crosses between the clinic-wide column and a practitioner's.
 */
export function decideDrop(item: CalendarItem, from: DropColumn, to: DropColumn, time: string, free?: FreeDay): DropDecision {
  const other = from.id !== to.id;
  if (item.kind === 'appointment') {
    if (other) return { ok: false, message: 'An appointment keeps its practitioner when it moves. Drag it within its own column.' };
    return { ok: true, time };
  }
  if (other && (!from.id || !to.id)) {
    return { ok: false, message: from.id ? 'This booking is with a practitioner: it can move only to a practitioner who offers its package.' : "This booking's package is not booked with a practitioner: it stays in the clinic's column." };
  }
  if (other && item.packageId && !to.packageIds?.includes(item.packageId)) {
    return { ok: false, message: `${to.name} does not offer this booking's package. Nothing was moved.` };
  }
  if (!free) return { ok: 'ask', ...(to.id ? { practitionerId: to.id } : {}) };
  // Its own place is no move.
  const offered = free.slots.map((s) => s.time).filter((t) => other || item.date !== free.date || t !== item.time);
  const snapped = snapToOffered(offered, time);
  const who = to.id ? `${to.name} does not offer` : 'The clinic does not offer';
  if (!snapped) {
    const nearest = [...offered].sort((a, b) => Math.abs(minutesOf(a) - minutesOf(time)) - Math.abs(minutesOf(b) - minutesOf(time))).slice(0, 3).sort();
    const rest = nearest.length ? ` Free times nearby: ${nearest.map(timeLabel).join(', ')}.` : ` ${NO_TIMES[free.status]}`;
    return { ok: false, message: `${who} ${timeLabel(time)} for this booking.${rest} Nothing was moved.` };
  }
  return { ok: true, time: snapped, ...(other ? { practitionerId: to.id, practitionerName: to.name } : {}) };
}

/** The fake date of column `index` (team-day.tsx lays column i out on the date i days on). */
export const columnDate = (date: string, index: number) => addDays(date, index);
