// DELETE /services/{id}[?version=]: the kept services counter moves in the same transaction.
import { versionQuery } from '#shared/schemas/appointments';
import { isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { transact } from '../data/appointments';
import { auditItem } from '../data/audit';
import { counterUpdate } from '../data/organizations';
import { categoryCount, deleteService, getService, nameDelete } from '../data/services';
import { staleService } from './lib/common';

export const handler = endpoint({ query: versionQuery }, async ({ query, params, caller }) => {
  const current = await getService(caller.orgId, params.id!);
  if (!current) throw notFound('Service not found.');
  if (query.version !== undefined && query.version !== current.version) throw staleService();
  try {
    await transact([
      deleteService(current, current.version),
      nameDelete(caller.orgId, 'SVC', current.name),
      categoryCount(caller.orgId, current.categoryId, -1),
      counterUpdate(caller.orgId, 'services', -1),
      auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Services', action: 'delete', recordType: 'service', recordId: current.id, summary: `Deleted service ${current.name}` }),
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw staleService();
    throw error;
  }
  return { message: 'The service is deleted.' };
});
