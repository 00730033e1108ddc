// POST /service-categories { name, description? }: add a service category. Names are unique within
// the organisation.
import { categorySchema, createCategoryReply } from '#shared/services/schemas';
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { createCategory, type ServiceCategory } from '../data/services';
import { CATEGORY_NAME_TAKEN, categoryView } from '#domain/services/common';

export const handler = endpoint({ body: categorySchema, reply: createCategoryReply }, async ({ body, caller }) => {
  const now = new Date().toISOString();
  const category: ServiceCategory = { id: randomId(), orgId: caller.orgId, name: body.name, description: body.description, serviceCount: 0, createdAt: now, updatedAt: now, version: 1 };
  if (!(await createCategory(category, caller.userId))) throw conflict(CATEGORY_NAME_TAKEN);
  return { status: 201, message: 'The category is created.', data: categoryView(category) };
});
