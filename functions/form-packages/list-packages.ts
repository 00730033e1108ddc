// GET /packages (and GET /leads/packages): the organisation's form packages, newest first, one page.
import { pageQuerySchema } from '#shared/schemas/forms';
import { endpoint } from '#http/http';
import { listFormPackages } from '../data/form-packages';
import { toPackageView } from './lib/view';

export const handler = endpoint({ query: pageQuerySchema }, async ({ query, caller }) => {
  const page = await listFormPackages(caller.orgId, query.limit, query.cursor);
  return { data: { items: page.items.map(toPackageView), nextCursor: page.nextCursor } };
});
