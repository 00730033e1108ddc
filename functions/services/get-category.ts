// GET /service-categories/{id}
import { endpoint } from '#http/http';
import { notFound } from '#lib/errors';
import { getCategory } from '../data/services';
import { categoryView } from './lib/common';

export const handler = endpoint({}, async ({ params, caller }) => {
  const category = await getCategory(caller.orgId, params.id!);
  if (!category) throw notFound('Category not found.');
  return { data: categoryView(category) };
});
