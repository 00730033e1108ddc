// GET /service-categories[?search&pageSize&cursor]: categories by name.
import { listQuery } from '#shared/schemas/services';
import { endpoint } from '#http/http';
import { listCategories } from '../data/services';
import { categoryView } from './lib/common';

export const handler = endpoint({ query: listQuery }, async ({ query, caller }) => {
  const page = await listCategories(caller.orgId, { limit: query.pageSize ?? 50, cursor: query.cursor, search: query.search });
  return { data: { items: page.items.map(categoryView), nextCursor: page.nextCursor } };
});
