// PUT /services/{id} { categoryId, name, description?, durationMinutes, priceCents, active, version? }
import { serviceSchema } from '#shared/schemas/services';
import { badRequest, conflict, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { failedConditions, transact } from '../data/appointments';
import { auditItem } from '../data/audit';
import { categoryCount, getCategory, getService, nameDelete, namePut, putService, sameName, type Service } from '../data/services';
import { NO_CATEGORY, SERVICE_NAME_TAKEN, serviceView, staleService } from './lib/common';

export const handler = endpoint({ body: serviceSchema }, async ({ body, params, caller }) => {
  const current = await getService(caller.orgId, params.id!);
  if (!current) throw notFound('Service not found.');
  if (body.version !== undefined && body.version !== current.version) throw staleService();
  const moved = body.categoryId !== current.categoryId;
  if (moved && !(await getCategory(caller.orgId, body.categoryId))) throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
  const renamed = !sameName(current.name, body.name);
  const { version: _v, ...fields } = body;
  const next: Service = { ...current, ...fields, description: body.description, updatedAt: new Date().toISOString(), version: current.version + 1 };
  const items: any[] = [putService(next, current.version)];
  const nameAt = items.length;
  if (renamed) items.push(nameDelete(caller.orgId, 'SVC', current.name), namePut(caller.orgId, 'SVC', next.name, next.id));
  const moveAt = items.length;
  if (moved) items.push(categoryCount(caller.orgId, current.categoryId, -1), categoryCount(caller.orgId, next.categoryId, 1));
  items.push(auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Services', action: 'update', recordType: 'service', recordId: next.id, summary: `Updated service ${next.name}` }));
  try {
    await transact(items);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const failed = failedConditions(error);
    if (failed.includes(0)) throw staleService();
    if (renamed && failed.includes(nameAt + 1)) throw conflict(SERVICE_NAME_TAKEN);
    if (moved && failed.some((i) => i >= moveAt)) throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
    throw error;
  }
  return { message: 'The service is saved.', data: serviceView(next) };
});
