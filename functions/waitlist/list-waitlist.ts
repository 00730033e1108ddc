// GET /waitlist (staff): the patients waiting, first come first (the order offers go in), or every entry newest first.
import { endpoint } from '#http/http';
import { listWaitlistReply, waitlistQuerySchema } from '#shared/waitlist/schemas';
import { listEntriesPage } from '../data/waitlist';
import { entryView } from './lib/views';

export const handler = endpoint({ query: waitlistQuerySchema, reply: listWaitlistReply }, async ({ query, caller }) => {
  const page = await listEntriesPage(caller.orgId, { status: query.status ?? 'waiting', limit: query.limit ?? 25, cursor: query.cursor });
  return { data: { items: page.items.map(entryView), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) } };
});
