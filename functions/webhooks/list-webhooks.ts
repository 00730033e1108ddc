// GET /organization/webhooks (owner): the organisation's webhook endpoints, never their secrets.
import { endpoint } from '#http/http';
import { listEndpoints, toEndpointView } from '../data/webhooks';

export const handler = endpoint({}, async ({ caller }) => ({ data: { items: (await listEndpoints(caller.orgId)).map(toEndpointView) } }));
