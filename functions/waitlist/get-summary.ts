// GET /waitlist/summary (staff): how many wait, how many times were offered, how many freed times the list filled, and the settings.
import { endpoint } from '#http/http';
import { waitlistSummaryReply } from '#shared/waitlist/schemas';
import { getStats, getWaitlistSettings, listWaiting } from '../data/waitlist';

export const handler = endpoint({ reply: waitlistSummaryReply }, async ({ caller }) => {
  const [waiting, stats, settings] = await Promise.all([listWaiting(caller.orgId, 1000), getStats(caller.orgId), getWaitlistSettings(caller.orgId)]);
  return { data: { waiting: waiting.length, offersMade: stats.offersMade, filled: stats.filled, settings } };
});
