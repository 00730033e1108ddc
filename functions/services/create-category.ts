// POST /service-categories { name, description? }: names are unique within the organisation.
import { categorySchema } from '#shared/schemas/services';
import { conflict, isConditionFailure } from '#lib/errors';
import { endpoint } from '#lib/http';
import { randomId } from '#lib/passwords';
import { transact } from '../data/appointments';
import { auditItem } from '../data/audit';
import { namePut, putCategory, type ServiceCategory } from '../data/services';
import { CATEGORY_NAME_TAKEN, categoryView } from './lib/common';

export const handler = endpoint({ body: categorySchema }, async ({ body, caller }) => {
  const now = new Date().toISOString();
  const category: ServiceCategory = { id: randomId(), orgId: caller.orgId, name: body.name, description: body.description, serviceCount: 0, createdAt: now, updatedAt: now, version: 1 };
  try {
    await transact([
      putCategory(category),
      namePut(caller.orgId, 'SVCCAT', category.name, category.id),
      auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Services', action: 'create', recordType: 'service-category', recordId: category.id, summary: `Created service category ${category.name}` }),
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(CATEGORY_NAME_TAKEN);
    throw error;
  }
  return { status: 201, message: 'The category is created.', data: categoryView(category) };
});
