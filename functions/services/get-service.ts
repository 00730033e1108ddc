// GET /services/{id}: one service.
import { getServiceReply } from '#shared/services/schemas';
import { endpoint } from '#http/http';
import { notFound } from '#lib/errors';
import { getOrgCurrency } from '../data/organizations';
import { getService } from '../data/services';
import { serviceView } from '#domain/services/common';

export const handler = endpoint({ reply: getServiceReply }, async ({ params, caller }) => {
  const [service, currency] = await Promise.all([getService(caller.orgId, params.id), getOrgCurrency(caller.orgId)]);
  if (!service) throw notFound('Service not found.');
  return { data: serviceView(service, currency) };
});
