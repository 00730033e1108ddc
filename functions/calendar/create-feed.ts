// POST /calendar/feeds: make a private calendar feed (an ICS URL that Google, Apple and Outlook
// subscribe to) for one practitioner, or for the whole clinic with `practitionerId: null`. The answer
// carries the URL once; only its token's hash is stored. The feed shows appointments only when its
// maker may read them.
import { can } from '#shared/permissions';
import { CALENDAR_FEED_MESSAGES, MAX_CALENDAR_FEEDS, calendarFeedCreateSchema, type CalendarFeedCreated, createFeedReply } from '#shared/calendar/feed-schemas';
import { config } from '#lib/config';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { createCalendarFeed, listCalendarFeeds, toFeedView } from '../data/calendar-feeds';
import { practitionerNameFor } from '../data/practitioner-names';
import { getOrganization } from '../data/organizations';

export const handler = endpoint({ body: calendarFeedCreateSchema, reply: createFeedReply }, async ({ body, caller }) => {
  const [org, feeds, practitionerName] = await Promise.all([
    getOrganization(caller.orgId),
    listCalendarFeeds(caller.orgId),
    body.practitionerId ? practitionerNameFor(caller.orgId, body.practitionerId) : undefined,
  ]);
  if (body.practitionerId && !practitionerName) throw notFound(CALENDAR_FEED_MESSAGES.practitionerNotFound);
  if (feeds.length >= MAX_CALENDAR_FEEDS) throw conflict(CALENDAR_FEED_MESSAGES.tooMany(MAX_CALENDAR_FEEDS));
  const orgName = org?.name ?? 'Clinic';
  const { feed, token } = await createCalendarFeed(
    caller.orgId,
    { practitionerId: body.practitionerId, name: practitionerName ? `${practitionerName} (${orgName})` : orgName, includesAppointments: can(caller, 'Appointment', 'read') },
    caller.userId,
  );
  // The .ics ending: some calendar apps (Outlook) accept a subscription only when the URL has it.
  const url = `${config.appUrl}/api/calendar/feed/${token}.ics`;
  const created: CalendarFeedCreated = { ...toFeedView(feed), url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  return { status: 201, message: 'The calendar feed is ready. Copy its address now: it is shown only once.', data: created };
});
