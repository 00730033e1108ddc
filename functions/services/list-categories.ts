// GET /service-categories[?search&pageSize&cursor]: the service categories by name, a page at a time.
import { listQuery, listCategoriesReply } from '#shared/services/schemas';
import { endpoint } from '#http/http';
import { listCategories } from '../data/services';
import { categoryView } from '#domain/services/common';

export const handler = endpoint({ query: listQuery, reply: listCategoriesReply }, async ({ query, caller }) => {
  const page = await listCategories(caller.orgId, { limit: query.pageSize ?? 50, cursor: query.cursor, search: query.search });
  return { data: { items: page.items.map(categoryView), nextCursor: page.nextCursor } };
});
