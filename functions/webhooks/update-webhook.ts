// PUT /organization/webhooks/{id} (owner): changes an endpoint's URL, events, description, or turns it off.
import { webhookEndpointUpdateSchema, updateWebhookReply } from '#shared/webhooks/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getEndpoint, toEndpointView, updateEndpoint } from '../data/webhooks';
import { checkEndpointUrl } from './lib/endpoint-url';

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';

export const handler = endpoint({ body: webhookEndpointUpdateSchema, reply: updateWebhookReply }, async ({ body, caller, params }) => {
  const existing = await getEndpoint(caller.orgId, params.id);
  if (!existing) throw notFound(ENDPOINT_NOT_FOUND);
  await checkEndpointUrl(body.url);
  const at = new Date().toISOString();
  const changes = { url: body.url, events: [...new Set(body.events)], enabled: body.enabled, description: body.description || undefined };
  if (!(await updateEndpoint(caller.orgId, existing.id, changes, caller.userId, at))) throw notFound(ENDPOINT_NOT_FOUND);
  const { description: _old, ...rest } = existing;
  return { message: 'The endpoint is updated.', data: toEndpointView({ ...rest, ...changes, updatedAt: at }) };
});
