// GET /services/{id}: one service.
import { getServiceReply } from '#shared/schemas/services';
import { endpoint } from '#lib/http';
import { notFound } from '#lib/errors';
import { getService } from '../data/services';
import { serviceView } from './lib/common';

export const handler = endpoint({ reply: getServiceReply }, async ({ params, caller }) => {
  const service = await getService(caller.orgId, params.id!);
  if (!service) throw notFound('Service not found.');
  return { data: serviceView(service) };
});
