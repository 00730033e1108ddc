// GET /service-categories/{id}: one service category, with its number of services.
import { getCategoryReply } from '#shared/services/schemas';
import { endpoint } from '#http/http';
import { notFound } from '#lib/errors';
import { getCategory } from '../data/services';
import { categoryView } from '#domain/services/common';

export const handler = endpoint({ reply: getCategoryReply }, async ({ params, caller }) => {
  const category = await getCategory(caller.orgId, params.id);
  if (!category) throw notFound('Category not found.');
  return { data: categoryView(category) };
});
