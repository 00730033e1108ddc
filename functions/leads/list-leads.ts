// GET /leads: the organisation's leads (form submissions) across forms, newest first, one page.
import { pageQuerySchema, listLeadsReply } from '#shared/forms/schemas';
import { endpoint } from '#http/http';
import { listLeads } from '../data/leads';

export const handler = endpoint({ query: pageQuerySchema, reply: listLeadsReply }, async ({ query, caller }) => {
  const page = await listLeads(caller.orgId, query.limit, query.cursor);
  return { data: { items: page.items, nextCursor: page.nextCursor } };
});
