// GET /waitlist/offers (staff): the times offered from the waitlist, newest first: to whom, until when, and whether booked.
import { endpoint } from '#http/http';
import { pageQuerySchema } from '#shared/common/schemas';
import { listOffersReply } from '#shared/waitlist/schemas';
import { listOffersPage } from '../data/waitlist';
import { offerView } from './lib/views';

export const handler = endpoint({ query: pageQuerySchema, reply: listOffersReply }, async ({ query, caller }) => {
  const page = await listOffersPage(caller.orgId, { limit: query.limit ?? 25, cursor: query.cursor });
  const now = new Date();
  return { data: { items: page.items.map((o) => offerView(o, now)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) } };
});
