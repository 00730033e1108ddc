// DELETE /calendar/feeds/{id}: revoke a calendar feed; its URL answers 404 from the next poll on.
import { noData } from '#shared/common/schemas';
import { CALENDAR_FEED_MESSAGES } from '#shared/calendar/feed-schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getCalendarFeed, revokeCalendarFeed } from '../data/calendar-feeds';

export const handler = endpoint({ reply: noData }, async ({ params, caller }) => {
  const feed = await getCalendarFeed(caller.orgId, params.id ?? '');
  if (!feed || !(await revokeCalendarFeed(feed, caller.userId))) throw notFound(CALENDAR_FEED_MESSAGES.notFound);
  return { message: 'The calendar feed is revoked.' };
});
