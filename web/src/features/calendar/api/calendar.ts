// The calendar's calls: the items of a range of local dates (optionally one practitioner's), and moving
// an appointment or a booking (a booking's move says whether the patient is mailed).
import useSWR from 'swr';
import type { CalendarItem as Item, CalendarView as View } from '#shared/calendar/types';
import type { CalendarMove } from '#shared/schemas/calendar';
import { api, fetcher } from '../../../lib/api';

/** docs/practitioners.md: calendar items name their practitioner (null when none). */
export type CalendarItem = Item & { practitionerId?: string | null; practitionerName?: string | null };
export type CalendarView = Omit<View, 'items'> & { items: CalendarItem[] };

/** start inclusive, end exclusive: local dates in the organisation's zone. */
export const calendarKey = (start: string, end: string, practitionerId?: string) =>
  `/calendar?${new URLSearchParams({ start, end, ...(practitionerId ? { practitionerId } : {}) })}`;

export const useCalendar = (range: { start: string; end: string } | null, practitionerId?: string) =>
  useSWR<CalendarView>(range ? calendarKey(range.start, range.end, practitionerId) : null, fetcher, { keepPreviousData: true });

export function moveItem(item: Pick<CalendarItem, 'kind' | 'id' | 'version'>, to: Omit<CalendarMove, 'version'>, notify = true) {
  return item.kind === 'booking'
    ? api.post(`/bookings/booking/${encodeURIComponent(item.id)}/move`, { ...to, notify })
    : api.patch(`/appointments/${encodeURIComponent(item.id)}/reschedule`, { ...to, version: item.version });
}
