// What the calendar page keeps in its URL (view and date), and how an item looks on it.
import type { CalendarItem } from '#shared/calendar/types';

export const VIEWS = { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth', list: 'listWeek' } as const;
export type ViewName = keyof typeof VIEWS;
export const VIEW_LABELS: Record<ViewName, string> = { day: 'Day', week: 'Week', month: 'Month', list: 'List' };

export const isViewName = (v: string | null): v is ViewName => v !== null && v in VIEWS;
export const isIsoDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** Narrow screens get the list: a time grid of seven days does not fit 390 px. */
export const defaultView = (width: number): ViewName => (width < 576 ? 'list' : 'week');

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

/** Where an item opens in the console. */
export const linkOf = (item: Pick<CalendarItem, 'kind' | 'id'>) =>
  item.kind === 'booking' ? `/bookings/booking/${encodeURIComponent(item.id)}` : `/appointments/${encodeURIComponent(item.id)}`;

/** '2026-03-09T14:00:00-04:00' (a date in the calendar's zone) -> its local date and time. */
export const localOf = (zoned: string) => ({ date: zoned.slice(0, 10), time: zoned.slice(11, 16) });

export interface Filters {
  kinds: CalendarItem['kind'][];
  /** '' every assignee; '-' the unassigned; else a member id. */
  assignee: string;
}

export function applyFilters(items: CalendarItem[], f: Filters): CalendarItem[] {
  return items.filter((i) => {
    if (!f.kinds.includes(i.kind)) return false;
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
