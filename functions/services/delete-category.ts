// DELETE /service-categories/{id}[?version=]: only a category without services.
import { versionQuery } from '#shared/schemas/appointments';
import { conflict, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { transact } from '../data/appointments';
import { auditItem } from '../data/audit';
import { deleteCategory, getCategory, nameDelete } from '../data/services';
import { staleCategory } from './lib/common';

const NOT_EMPTY = 'This category still has services. Move or delete them first.';

export const handler = endpoint({ query: versionQuery }, async ({ query, params, caller }) => {
  const current = await getCategory(caller.orgId, params.id!);
  if (!current) throw notFound('Category not found.');
  if (query.version !== undefined && query.version !== current.version) throw staleCategory();
  if (current.serviceCount > 0) throw conflict(NOT_EMPTY);
  try {
    await transact([
      deleteCategory(current, current.version),
      nameDelete(caller.orgId, 'SVCCAT', current.name),
      auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Services', action: 'delete', recordType: 'service-category', recordId: current.id, summary: `Deleted service category ${current.name}` }),
    ]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const now = await getCategory(caller.orgId, current.id);
    throw now && now.serviceCount > 0 ? conflict(NOT_EMPTY) : staleCategory();
  }
  return { message: 'The category is deleted.' };
});
