// The organisation's forms, newest first, one page: { items, nextCursor }. Also GET /forms/list.
import { pageQuerySchema, listFormsReply } from '#shared/forms/schemas';
import { endpoint } from '#http/http';
import { listForms } from '../data/forms';
import { toFormView } from '#domain/forms/views';

export const handler = endpoint({ query: pageQuerySchema, reply: listFormsReply }, async ({ query, caller }) => {
  const page = await listForms(caller.orgId, query.limit, query.cursor);
  return { data: { items: page.items.map((f) => toFormView(f)), nextCursor: page.nextCursor } };
});
