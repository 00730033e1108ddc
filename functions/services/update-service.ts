// PUT /services/{id} { categoryId, name, description?, durationMinutes, priceMinor, active, version? }:
// save a service as a whole. With `version`, a change made meanwhile by someone else is refused (409).
// A new price is in the clinic's currency now; the same price keeps the currency it was set in.
import { serviceSchema, updateServiceReply } from '#shared/services/schemas';
import { badRequest, conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getOrgCurrency } from '../data/organizations';
import { getCategory, getService, saveService, type Service } from '../data/services';
import { NO_CATEGORY, SERVICE_NAME_TAKEN, servicePrice, serviceView, staleService } from '#domain/services/common';

export const handler = endpoint({ body: serviceSchema, reply: updateServiceReply }, async ({ body, params, caller }) => {
  const current = await getService(caller.orgId, params.id);
  if (!current) throw notFound('Service not found.');
  if (body.version !== undefined && body.version !== current.version) throw staleService();
  if (body.categoryId !== current.categoryId && !(await getCategory(caller.orgId, body.categoryId))) throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
  const orgCurrency = await getOrgCurrency(caller.orgId);
  const sent = body.priceMinor ?? body.priceCents;
  // A service from before currencies read as the clinic's currency: that is the one it keeps. The same
  // minor units sent in another currency are a new price ($50.00 after ¥5,000 is 5000 too).
  const own = current.currency ?? orgCurrency;
  const currency = sent === current.priceCents && (body.currency ?? own) === own ? own : orgCurrency;
  const priceCents = servicePrice(body, currency);
  const { version: _v, priceMinor: _m, priceCents: _c, currency: _sent, ...fields } = body;
  const next: Service = { ...current, ...fields, description: body.description, priceCents, currency, updatedAt: new Date().toISOString(), version: current.version + 1 };
  const outcome = await saveService(current, next, caller.userId);
  if (outcome === 'stale') throw staleService();
  if (outcome === 'name-taken') throw conflict(SERVICE_NAME_TAKEN);
  if (outcome === 'no-category') throw badRequest(NO_CATEGORY, { categoryId: NO_CATEGORY });
  return { message: 'The service is saved.', data: serviceView(next, currency) };
});
