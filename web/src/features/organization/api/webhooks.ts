// The organisation's outbound webhooks (owner only): its endpoints, and each endpoint's delivery log
// a page at a time, newest first, with "resend".
import type { ReplyOf } from '#shared/api-contract';
import type { WebhookEndpointCreate, WebhookEndpointUpdate } from '#shared/webhooks/schemas';
import { api } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';
import { useApi } from '../../../lib/swr';

// The answers' types, from the API's contract (the handlers' reply schemas).
export type WebhookEndpoint = ReplyOf<'GET /organization/webhooks'>['items'][number];
/** The new endpoint with its signing secret (shown once). */
export type WebhookEndpointCreated = ReplyOf<'POST /organization/webhooks'>;
export type WebhookDelivery = ReplyOf<'GET /organization/webhooks/{id}/deliveries'>['items'][number];

export const WEBHOOKS_KEY = '/organization/webhooks';
const endpointPath = (id: string) => `${WEBHOOKS_KEY}/${encodeURIComponent(id)}` as const;
const deliveriesPath = (endpointId: string) => `${endpointPath(endpointId)}/deliveries` as const;

export const useWebhookEndpoints = () => useApi(WEBHOOKS_KEY);

export const createWebhookEndpoint = (body: WebhookEndpointCreate) => api.post(WEBHOOKS_KEY, body);
export const updateWebhookEndpoint = (id: string, body: WebhookEndpointUpdate) => api.put(endpointPath(id), body);
export const deleteWebhookEndpoint = (id: string) => api.delete(endpointPath(id));

/** The delivery log of one endpoint (null: none open), newest first; "Load more" follows nextCursor. */
export const useWebhookDeliveries = (endpointId: string | null) => usePaged(endpointId ? deliveriesPath(endpointId) : null, { pageSize: null });

export const resendWebhookDelivery = (endpointId: string, deliveryId: string) =>
  api.post(`${deliveriesPath(endpointId)}/${encodeURIComponent(deliveryId)}/resend`);
