// PUT /services/{id} { categoryId, name, description?, durationMinutes, priceCents, active, version? }:
// save a service as a whole. With `version`, a change made meanwhile by someone else is refused (409).
import { serviceSchema, updateServiceReply } from '#shared/schemas/services';
import { badRequest, conflict, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { getCategory, getService, saveService, type Service } from '../data/services';
import { NO_CATEGORY, SERVICE_NAME_TAKEN, serviceView, staleService } from './lib/common';

export const handler = endpoint({ body: serviceSchema, reply: updateServiceReply }, async ({ body, params, caller }) => {
  const current = await getService(caller.orgId, params.id!);
  if (!current) throw notFound('Service not found.');
  if (body.version !== undefined && body.version !== current.version) throw staleService();
  if (body.categoryId !== current.categoryId && !(await getCategory(caller.orgId, body.categoryId))) throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
  const { version: _v, ...fields } = body;
  const next: Service = { ...current, ...fields, description: body.description, updatedAt: new Date().toISOString(), version: current.version + 1 };
  const outcome = await saveService(current, next, caller.userId);
  if (outcome === 'stale') throw staleService();
  if (outcome === 'name-taken') throw conflict(SERVICE_NAME_TAKEN);
  if (outcome === 'no-category') throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
  return { message: 'The service is saved.', data: serviceView(next) };
});
