// PUT /service-categories/{id} { name, description?, version? }
import { categorySchema } from '#shared/schemas/services';
import { conflict, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { failedConditions, transact } from '../data/appointments';
import { auditItem } from '../data/audit';
import { getCategory, nameDelete, namePut, sameName, updateCategory } from '../data/services';
import { CATEGORY_NAME_TAKEN, categoryView, staleCategory } from './lib/common';

export const handler = endpoint({ body: categorySchema }, async ({ body, params, caller }) => {
  const current = await getCategory(caller.orgId, params.id!);
  if (!current) throw notFound('Category not found.');
  if (body.version !== undefined && body.version !== current.version) throw staleCategory();
  const now = new Date().toISOString();
  const renamed = !sameName(current.name, body.name);
  try {
    await transact([
      updateCategory(caller.orgId, current.id, { name: body.name, description: body.description }, current.version, now),
      ...(renamed ? [nameDelete(caller.orgId, 'SVCCAT', current.name), namePut(caller.orgId, 'SVCCAT', body.name, current.id)] : []),
      auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Services', action: 'update', recordType: 'service-category', recordId: current.id, summary: renamed ? `Renamed service category ${current.name} to ${body.name}` : `Updated service category ${body.name}` }),
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw failedConditions(error).includes(0) ? staleCategory() : conflict(CATEGORY_NAME_TAKEN);
    throw error;
  }
  return { message: 'The category is saved.', data: categoryView((await getCategory(caller.orgId, current.id))!) };
});
