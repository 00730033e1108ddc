// The clinic's practitioners (GET /practitioners, docs/practitioners.md): the calendar's columns,
// filter and each one's shaded hours. Read only by members who may read bookings (the route's permission).
import useSWR from 'swr';
import type { Interval, Weekday } from '#shared/bookings/time';
import type { HoursException } from '../lib';
import { fetcher } from '../../../lib/api';

/** The fields of a PractitionerView the calendar uses. */
export interface CalendarPractitioner {
  id: string;
  name: string;
  title: string;
  color: string;
  weeklyHours: Record<Weekday, Interval[]>;
  exceptions?: HoursException[];
  isActive: boolean;
}

export const usePractitioners = (enabled: boolean) =>
  useSWR<{ items: CalendarPractitioner[] }>(enabled ? '/practitioners' : null, fetcher);
