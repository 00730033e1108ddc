// The calendar's view and date as its URL gives them, and the dates a view shows: no heavy imports, as the
// console's start (app/routes.tsx prefetch, app/start-early.ts) reads it to ask for the page's items
// beside its code.
import { addDays, localToday } from '../../lib/today';

/**
 * 'team' is a day with one column per practitioner (components/team-day.tsx). 'list' is the coming seven
 * days from its date (routes/calendar.tsx defines 'listDays'): a list of the calendar week would show a
 * phone on a Saturday the week gone by.
 */
export const VIEWS = { day: 'timeGridDay', team: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth', list: 'listDays' } as const;
export type ViewName = keyof typeof VIEWS;
export const VIEW_LABELS: Record<ViewName, string> = { day: 'Day', team: 'Team', week: 'Week', month: 'Month', list: 'List' };

export const isViewName = (v: string | null): v is ViewName => v !== null && v in VIEWS;
export const isIsoDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** Narrow screens get the list: a time grid of seven days does not fit 390 px. */
export const defaultView = (width: number): ViewName => (width < 576 ? 'list' : 'week');

/** Where the clinic's first day of the week is kept (lib.ts clinicFirstDay), so the first ask is for the right week. */
const FIRST_DAY_KEY = 'calendar-first-day';

/** The clinic's first day of the week as last seen on this browser (0 Sunday ... 6 Saturday), else Sunday. */
export function rememberedFirstDay(): number {
  try {
    const day = Number(localStorage.getItem(FIRST_DAY_KEY));
    return Number.isInteger(day) && day >= 0 && day <= 6 ? day : 0;
  } catch {
    return 0;
  }
}

export function rememberFirstDay(day: number): void {
  try {
    localStorage.setItem(FIRST_DAY_KEY, String(day));
  } catch {
    // Storage refused (private mode): the calendar corrects its range after its first render.
  }
}

/**
 * The local dates [start, end) a view shows around `date`, as FullCalendar lays them out (weeks from
 * `firstDay`, a month as six whole weeks, the list as seven days from the date): the page asks for its
 * items before the calendar has rendered, instead of after its first datesSet. The calendar's own range
 * still leads when it differs.
 */
export function rangeOf(view: ViewName, date: string, firstDay = 0): { start: string; end: string } {
  const back = (d: string) => (new Date(`${d}T12:00:00Z`).getUTCDay() - firstDay + 7) % 7;
  if (view === 'day' || view === 'team') return { start: date, end: addDays(date, 1) };
  if (view === 'list') return { start: date, end: addDays(date, 7) };
  if (view === 'month') {
    const first = `${date.slice(0, 8)}01`;
    const start = addDays(first, -back(first));
    return { start, end: addDays(start, 42) };
  }
  const start = addDays(date, -back(date));
  return { start, end: addDays(start, 7) };
}

/** The date a step back or forward from `date` lands on in a view (a day, a week, or a month). */
export function stepOf(view: ViewName, date: string, direction: 1 | -1): string {
  if (view === 'day' || view === 'team') return addDays(date, direction);
  if (view !== 'month') return addDays(date, 7 * direction);
  const [y, m] = date.split('-').map(Number);
  const month = new Date(Date.UTC(y, m - 1 + direction, 1));
  return month.toISOString().slice(0, 10);
}

/** The range the page asks for first at a URL's query, on a window this wide. */
export function firstRange(search: URLSearchParams, width: number): { start: string; end: string } {
  const view = search.get('view');
  const date = search.get('date');
  return rangeOf(isViewName(view) ? view : defaultView(width), isIsoDate(date) ? date : localToday(), rememberedFirstDay());
}
