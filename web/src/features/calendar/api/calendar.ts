// The calendar's calls: the items of a range of local dates, and moving an appointment or a booking.
import useSWR from 'swr';
import type { CalendarItem, CalendarView } from '#shared/calendar/types';
import type { CalendarMove } from '#shared/schemas/calendar';
import { api, fetcher } from '../../../lib/api';

export type { CalendarItem, CalendarView };

/** start inclusive, end exclusive: local dates in the organisation's zone. */
export const calendarKey = (start: string, end: string) => `/calendar?${new URLSearchParams({ start, end })}`;

export const useCalendar = (range: { start: string; end: string } | null) =>
  useSWR<CalendarView>(range ? calendarKey(range.start, range.end) : null, fetcher, { keepPreviousData: true });

export function moveItem(item: Pick<CalendarItem, 'kind' | 'id' | 'version'>, to: Omit<CalendarMove, 'version'>) {
  return item.kind === 'booking'
    ? api.post(`/bookings/booking/${encodeURIComponent(item.id)}/move`, to)
    : api.patch(`/appointments/${encodeURIComponent(item.id)}/reschedule`, { ...to, version: item.version });
}
