// GET /customers[?search&pageSize&cursor]: the customers by name, a page at a time. Search finds an exact email or phone number, or a
// prefix of "first last" / "last first".
import { listQuery } from '#shared/services/schemas';
import { listCustomersReply } from '#shared/customers/schemas';
import { endpoint } from '#http/http';
import { listCustomers } from '../data/customers';
import { customerView } from './lib/common';

export const handler = endpoint({ query: listQuery, reply: listCustomersReply }, async ({ query, caller }) => {
  const page = await listCustomers(caller.orgId, { limit: query.pageSize ?? 20, cursor: query.cursor, search: query.search });
  return { data: { items: page.items.map(customerView), nextCursor: page.nextCursor } };
});
