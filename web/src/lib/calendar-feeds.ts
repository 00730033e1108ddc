// Calendar feeds (private ICS subscription URLs): list, create (the URL is answered once), revoke.
import type { ReplyOf } from '#shared/api-contract';
import { api } from './api';
import { useApi } from './swr';

// The answers' types, from the API's contract.
export type CalendarFeedView = ReplyOf<'GET /calendar/feeds'>['items'][number];
/** The new feed with its URL (answered once). */
export type CalendarFeedCreated = ReplyOf<'POST /calendar/feeds'>;

export const CALENDAR_FEEDS_KEY = '/calendar/feeds';

export const useCalendarFeeds = () => useApi(CALENDAR_FEEDS_KEY);

export const createCalendarFeed = (practitionerId: string | null) => api.post(CALENDAR_FEEDS_KEY, { practitionerId });
export const revokeCalendarFeed = (id: string) => api.delete(`/calendar/feeds/${id}`);
