// POST /services { categoryId, name, description?, durationMinutes, priceMinor, active? }: add a
// service to a category, priced in the clinic's currency (minor units; `priceCents` is the old name of
// priceMinor). The dashboard's count and the category's count of services move with it.
import { serviceSchema, createServiceReply } from '#shared/services/schemas';
import { badRequest, conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { getOrgCurrency } from '../data/organizations';
import { createService, getCategory, type Service } from '../data/services';
import { NO_CATEGORY, SERVICE_NAME_TAKEN, servicePrice, serviceView } from '#domain/services/common';

export const handler = endpoint({ body: serviceSchema, reply: createServiceReply }, async ({ body, caller }) => {
  const currency = await getOrgCurrency(caller.orgId);
  const priceCents = servicePrice(body, currency);
  if (!(await getCategory(caller.orgId, body.categoryId))) throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
  const now = new Date().toISOString();
  const { version: _v, priceMinor: _m, priceCents: _c, currency: _sent, ...fields } = body;
  const service: Service = { id: randomId(), orgId: caller.orgId, ...fields, priceCents, currency, createdAt: now, updatedAt: now, version: 1 };
  const outcome = await createService(service, caller.userId);
  if (outcome === 'no-category') throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
  if (outcome === 'name-taken') throw conflict(SERVICE_NAME_TAKEN);
  return { status: 201, message: 'The service is created.', data: serviceView(service, currency) };
});
