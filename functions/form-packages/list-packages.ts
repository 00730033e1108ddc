// GET /packages (and GET /leads/packages): the organisation's form packages, newest first, one page.
import { pageQuerySchema, formPackagesListPackagesReply } from '#shared/forms/schemas';
import { endpoint } from '#http/http';
import { listFormPackages } from '../data/form-packages';
import { toPackageView } from '#domain/form-packages/view';

export const handler = endpoint({ query: pageQuerySchema, reply: formPackagesListPackagesReply }, async ({ query, caller }) => {
  const page = await listFormPackages(caller.orgId, query.limit, query.cursor);
  return { data: { items: page.items.map(toPackageView), nextCursor: page.nextCursor } };
});
