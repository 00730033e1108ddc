// DELETE /services/{id}[?version=]: delete a service. The dashboard's count of services moves with it.
import { noData } from '#shared/common/schemas';
import { versionQuery } from '#shared/appointments/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { deleteService, getService } from '../data/services';
import { staleService } from '#domain/services/common';

export const handler = endpoint({ query: versionQuery, reply: noData }, async ({ query, params, caller }) => {
  const current = await getService(caller.orgId, params.id);
  if (!current) throw notFound('Service not found.');
  if (query.version !== undefined && query.version !== current.version) throw staleService();
  if (!(await deleteService(current, caller.userId))) throw staleService();
  return { message: 'The service is deleted.' };
});
