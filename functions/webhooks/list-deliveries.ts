// GET /organization/webhooks/{id}/deliveries (owner): the endpoint's delivery log, newest first.
import { webhookDeliveriesQuerySchema, listDeliveriesReply } from '#shared/webhooks/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getEndpoint, listDeliveriesPage } from '../data/webhooks';

export const handler = endpoint({ query: webhookDeliveriesQuerySchema, reply: listDeliveriesReply }, async ({ query, caller, params }) => {
  const existing = await getEndpoint(caller.orgId, params.id);
  if (!existing) throw notFound('Webhook endpoint not found.');
  return { data: await listDeliveriesPage(caller.orgId, existing.id, { limit: query.limit ?? 25, cursor: query.cursor }) };
});
