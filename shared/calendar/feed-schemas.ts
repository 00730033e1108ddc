// Calendar feeds: private, revocable ICS subscription URLs (one per practitioner, or the clinic's)
// that Google, Apple and Outlook calendars poll. Used by the console's card and by the handlers.
import * as z from 'zod/mini';
import { calendarFeedCreatedRecord, calendarFeedViewRecord } from './records';

export const CALENDAR_FEED_MESSAGES = {
  notFound: 'This calendar feed was not found.',
  practitionerNotFound: 'This practitioner was not found.',
  tooMany: (max: number) => `A clinic can have at most ${max} calendar feeds. Revoke one first.`,
} as const;

/** Feeds an organisation may have at once (the list is one small Query). */
export const MAX_CALENDAR_FEEDS = 50;

/** What a feed shows: confirmed items from this many days back to this many ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;

/** POST /calendar/feeds: the practitioner whose time it shows, or null for the whole clinic. */
export const calendarFeedCreateSchema = z.object({
  practitionerId: z.nullable(z.string('Practitioner must be an id or null').check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Practitioner must be an id or null'))),
});
export type CalendarFeedCreate = z.infer<typeof calendarFeedCreateSchema>;

export type CalendarFeedView = z.infer<typeof calendarFeedViewRecord>;

/** The answer to its creation, the only time the URL is shown (only its hash is kept). */
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedRecord>;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of POST /calendar/feeds. */
export const createFeedReply = calendarFeedCreatedRecord;
