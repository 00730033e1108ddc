// POST /services { categoryId, name, description?, durationMinutes, priceCents, active? }: the kept
// services counter (dashboard) and the category's service count move in the same transaction.
import { serviceSchema } from '#shared/schemas/services';
import { badRequest, conflict, isConditionFailure } from '#lib/errors';
import { endpoint } from '#lib/http';
import { randomId } from '#lib/passwords';
import { failedConditions, transact } from '../data/appointments';
import { auditItem } from '../data/audit';
import { counterUpdate } from '../data/organizations';
import { categoryCount, getCategory, namePut, putService, type Service } from '../data/services';
import { NO_CATEGORY, SERVICE_NAME_TAKEN, serviceView } from './lib/common';

export const handler = endpoint({ body: serviceSchema }, async ({ body, caller }) => {
  if (!(await getCategory(caller.orgId, body.categoryId))) throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
  const now = new Date().toISOString();
  const { version: _v, ...fields } = body;
  const service: Service = { id: randomId(), orgId: caller.orgId, ...fields, createdAt: now, updatedAt: now, version: 1 };
  try {
    await transact([
      putService(service),
      namePut(caller.orgId, 'SVC', service.name, service.id),
      categoryCount(caller.orgId, service.categoryId, 1),
      counterUpdate(caller.orgId, 'services', 1),
      auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Services', action: 'create', recordType: 'service', recordId: service.id, summary: `Created service ${service.name}` }),
    ]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (failedConditions(error).includes(2)) throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
    throw conflict(SERVICE_NAME_TAKEN);
  }
  return { status: 201, message: 'The service is created.', data: serviceView(service) };
});
