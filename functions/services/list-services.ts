// GET /services[?categoryId&active&search&pageSize&cursor]: the services by name, a page at a time.
import { listServicesQuery, listServicesReply } from '#shared/services/schemas';
import { endpoint } from '#http/http';
import { getOrgCurrency } from '../data/organizations';
import { listServices } from '../data/services';
import { serviceView } from '#domain/services/common';

export const handler = endpoint({ query: listServicesQuery, reply: listServicesReply }, async ({ query, caller }) => {
  const [page, currency] = await Promise.all([
    listServices(caller.orgId, { limit: query.pageSize ?? 50, cursor: query.cursor, search: query.search, categoryId: query.categoryId, active: query.active }),
    getOrgCurrency(caller.orgId),
  ]);
  return { data: { items: page.items.map((s) => serviceView(s, currency)), nextCursor: page.nextCursor } };
});
