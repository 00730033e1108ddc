// The calendar's view and date as its URL gives them, and the dates a view shows: no heavy imports, as the
// console's start (app/routes.tsx prefetch, app/start-early.ts) reads it to ask for the page's items
// beside its code.
import { addDays, localToday } from '../../lib/today';

/** 'team' is a day with one column per practitioner (each a FullCalendar day, see components/team-day.tsx). */
export const VIEWS = { day: 'timeGridDay', team: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth', list: 'listWeek' } as const;
export type ViewName = keyof typeof VIEWS;
export const VIEW_LABELS: Record<ViewName, string> = { day: 'Day', team: 'Team', week: 'Week', month: 'Month', list: 'List' };

export const isViewName = (v: string | null): v is ViewName => v !== null && v in VIEWS;
export const isIsoDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** Narrow screens get the list: a time grid of seven days does not fit 390 px. */
export const defaultView = (width: number): ViewName => (width < 576 ? 'list' : 'week');

/**
 * The local dates [start, end) a view shows around `date`, as FullCalendar lays them out (weeks from
 * Sunday, a month as six whole weeks): the page asks for its items before the calendar has rendered,
 * instead of after its first datesSet. The calendar's own range still leads when it differs.
 */
export function rangeOf(view: ViewName, date: string): { start: string; end: string } {
  const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
  if (view === 'day' || view === 'team') return { start: date, end: addDays(date, 1) };
  if (view === 'month') {
    const first = `${date.slice(0, 8)}01`;
    const start = addDays(first, -weekday(first));
    return { start, end: addDays(start, 42) };
  }
  const start = addDays(date, -weekday(date));
  return { start, end: addDays(start, 7) };
}

/** The date a step back or forward from `date` lands on in a view (a day, a week, or a month). */
export function stepOf(view: ViewName, date: string, direction: 1 | -1): string {
  if (view === 'day' || view === 'team') return addDays(date, direction);
  if (view !== 'month') return addDays(date, 7 * direction);
  const [y, m] = date.split('-').map(Number);
  const month = new Date(Date.UTC(y!, m! - 1 + direction, 1));
  return month.toISOString().slice(0, 10);
}

/** The range the page asks for first at a URL's query, on a window this wide. */
export function firstRange(search: URLSearchParams, width: number): { start: string; end: string } {
  const view = search.get('view');
  const date = search.get('date');
  return rangeOf(isViewName(view) ? view : defaultView(width), isIsoDate(date) ? date : localToday());
}
