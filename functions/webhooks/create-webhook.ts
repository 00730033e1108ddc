// POST /organization/webhooks (owner): adds an endpoint. Its signing secret is made here, stored
// encrypted, and shown in this reply only.
import { randomBytes } from 'node:crypto';
import { MAX_WEBHOOK_ENDPOINTS, webhookEndpointCreateSchema, type WebhookEndpointCreated, createWebhookReply } from '#shared/webhooks/schemas';
import { encryptSecret } from '#lib/encryption';
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { createEndpoint, endpointSecretContext, toEndpointView, type WebhookEndpointRecord } from '../data/webhooks';
import { checkEndpointUrl } from './lib/endpoint-url';

export const handler = endpoint({ body: webhookEndpointCreateSchema, reply: createWebhookReply }, async ({ body, caller, newId }) => {
  await checkEndpointUrl(body.url);
  const id = `we_${newId('webhook').replace(/[^A-Za-z0-9]/g, '').slice(0, 20)}`;
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  const now = new Date().toISOString();
  const record: WebhookEndpointRecord = {
    id,
    orgId: caller.orgId,
    url: body.url,
    ...(body.description ? { description: body.description } : {}),
    events: [...new Set(body.events)],
    enabled: true,
    secretSealed: await encryptSecret(secret, endpointSecretContext(caller.orgId, id)),
    secretHint: `whsec_…${secret.slice(-4)}`,
    createdAt: now,
    updatedAt: now,
  };
  if (!(await createEndpoint(record, caller.userId))) {
    throw conflict(`An organisation can have up to ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Remove one to add another.`);
  }
  const data: WebhookEndpointCreated = { endpoint: toEndpointView(record), secret };
  return { status: 201, message: 'The endpoint is added. Copy its signing secret now: it is shown only once.', data };
});
