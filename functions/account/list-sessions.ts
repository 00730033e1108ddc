// The member's open sessions (device, address, times), newest first, a page at a time.
import { sessionsQuerySchema, listSessionsReply } from '#shared/account/schemas';
import { unauthorized } from '#lib/errors';
import { endpoint } from '#http/http';
import { getMembership } from '../data/members';
import { getSecuritySettings, listOpenSessions } from '../data/sessions';
import { toSessionView } from './lib/session-view';

export const handler = endpoint({ query: sessionsQuerySchema, reply: listSessionsReply }, async ({ query, caller }) => {
  const [membership, settings] = await Promise.all([getMembership(caller.orgId, caller.userId), getSecuritySettings(caller.orgId)]);
  if (!membership) throw unauthorized('Your session has ended. Please sign in again.');
  const page = await listOpenSessions(membership, settings, { limit: query.limit ?? 25, cursor: query.cursor });
  return { data: { items: page.items.map((s) => toSessionView(s, caller.sessionId)), nextCursor: page.nextCursor } };
});
