// DELETE /organization/webhooks/{id} (owner): removes an endpoint; its pending deliveries are dropped.
import { noData } from '#shared/common/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { deleteEndpoint, getEndpoint } from '../data/webhooks';

export const handler = endpoint({ reply: noData }, async ({ caller, params }) => {
  const existing = await getEndpoint(caller.orgId, params.id);
  if (!existing || !(await deleteEndpoint(caller.orgId, existing, caller.userId))) throw notFound('Webhook endpoint not found.');
  return { message: 'The endpoint is removed.' };
});
