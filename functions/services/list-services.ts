// GET /services[?categoryId&active&search&pageSize&cursor]: the services by name, a page at a time.
import { listServicesQuery, listServicesReply } from '#shared/schemas/services';
import { endpoint } from '#lib/http';
import { listServices } from '../data/services';
import { serviceView } from './lib/common';

export const handler = endpoint({ query: listServicesQuery, reply: listServicesReply }, async ({ query, caller }) => {
  const page = await listServices(caller.orgId, { limit: query.pageSize ?? 50, cursor: query.cursor, search: query.search, categoryId: query.categoryId, active: query.active });
  return { data: { items: page.items.map(serviceView), nextCursor: page.nextCursor } };
});
