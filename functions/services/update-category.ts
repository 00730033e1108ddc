// PUT /service-categories/{id} { name, description?, version? }: rename or describe a service
// category. With `version`, a change made meanwhile by someone else is refused (409).
import { categorySchema, updateCategoryReply } from '#shared/services/schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getCategory, saveCategory } from '../data/services';
import { CATEGORY_NAME_TAKEN, categoryView, staleCategory } from '#domain/services/common';

export const handler = endpoint({ body: categorySchema, reply: updateCategoryReply }, async ({ body, params, caller }) => {
  const current = await getCategory(caller.orgId, params.id);
  if (!current) throw notFound('Category not found.');
  if (body.version !== undefined && body.version !== current.version) throw staleCategory();
  const outcome = await saveCategory(current, { name: body.name, description: body.description }, caller.userId);
  if (outcome === 'stale') throw staleCategory();
  if (outcome === 'name-taken') throw conflict(CATEGORY_NAME_TAKEN);
  return { message: 'The category is saved.', data: categoryView((await getCategory(caller.orgId, current.id))!) };
});
