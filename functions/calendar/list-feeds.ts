// GET /calendar/feeds: the organisation's calendar feeds (private subscription URLs), oldest first. The
// URLs themselves are not shown: only their hash is kept.
import { listFeedsReply } from '#shared/calendar/schemas';
import { endpoint } from '#http/http';
import { listCalendarFeeds, toFeedView } from '../data/calendar-feeds';

export const handler = endpoint({ reply: listFeedsReply }, async ({ caller }) => ({ data: { items: (await listCalendarFeeds(caller.orgId)).map(toFeedView) } }));
