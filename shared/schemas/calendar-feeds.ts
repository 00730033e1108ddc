// Calendar feeds: private, revocable ICS subscription URLs (one per practitioner, or the clinic's)
// that Google, Apple and Outlook calendars poll. Used by the console's card and by the handlers.
import * as z from 'zod/mini';
import { calendarFeedCreatedRecord } from './records';

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

export interface CalendarFeedView {
  id: string;
  /** null: the clinic's feed (every practitioner, and what has none). */
  practitionerId: string | null;
  /** The calendar's name in the subscriber's app (X-WR-CALNAME) as it was when made. */
  name: string;
  /** Whether it shows appointments too (its maker could read them). */
  includesAppointments: boolean;
  createdAt: string;
  createdBy: string;
}

/** The answer to its creation, the only time the URL is shown (only its hash is kept). */
export interface CalendarFeedCreated extends CalendarFeedView {
  /** https://.../api/calendar/feed/<token>.ics */
  url: string;
  /** The same as webcal://, which opens the calendar app's subscribe dialog. */
  webcalUrl: string;
}

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/lib/http.ts).

/** `data` of POST /calendar/feeds. */
export const createFeedReply = calendarFeedCreatedRecord;
