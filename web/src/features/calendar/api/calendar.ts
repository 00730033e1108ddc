// The calendar's calls: the items of a range of local dates (optionally one practitioner's), and moving
// an appointment or a booking (a booking's move says whether the patient is mailed).
import type { ReplyOf } from '#shared/api-contract';
import type { CalendarMove } from '#shared/calendar/schemas';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

/** The items of a range (the contract's reply schema); items name their practitioner (null when none). */
export type CalendarView = ReplyOf<'GET /calendar'>;
export type CalendarItem = CalendarView['items'][number];

/** start inclusive, end exclusive: local dates in the organisation's zone. */
export const useCalendar = (range: { start: string; end: string } | null, practitionerId?: string) =>
  useApi(range ? '/calendar' : null, { query: range ? { start: range.start, end: range.end, practitionerId } : undefined, keepPreviousData: true });

export function moveItem(item: Pick<CalendarItem, 'kind' | 'id' | 'version'>, to: Omit<CalendarMove, 'version'>, notify = true) {
  return item.kind === 'booking'
    ? api.post(`/bookings/booking/${encodeURIComponent(item.id)}/move`, { ...to, notify })
    : api.patch(`/appointments/${encodeURIComponent(item.id)}/reschedule`, { ...to, version: item.version });
}
