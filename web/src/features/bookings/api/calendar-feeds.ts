// Calendar feeds (private ICS subscription URLs): list, create (the URL is answered once), revoke.
import useSWR from 'swr';
import type { CalendarFeedCreated, CalendarFeedView } from '#shared/schemas/calendar-feeds';
import { api, fetcher } from '../../../lib/api';

export type { CalendarFeedCreated, CalendarFeedView };

export const CALENDAR_FEEDS_KEY = '/calendar/feeds';

export const useCalendarFeeds = () => useSWR<{ items: CalendarFeedView[] }>(CALENDAR_FEEDS_KEY, fetcher);

export const createCalendarFeed = (practitionerId: string | null) => api.post<CalendarFeedCreated>(CALENDAR_FEEDS_KEY, { practitionerId });
export const revokeCalendarFeed = (id: string) => api.delete(`/calendar/feeds/${id}`);
