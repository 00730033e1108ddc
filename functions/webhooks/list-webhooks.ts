// GET /organization/webhooks (owner): the organisation's webhook endpoints, never their secrets.
import { listWebhooksReply } from '#shared/webhooks/schemas';
import { endpoint } from '#http/http';
import { listEndpoints, toEndpointView } from '../data/webhooks';

export const handler = endpoint({ reply: listWebhooksReply }, async ({ caller }) => ({ data: { items: (await listEndpoints(caller.orgId)).map(toEndpointView) } }));
