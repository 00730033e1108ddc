// The organisation's outbound webhooks (owner only): its endpoints, and each endpoint's delivery log
// a page at a time, newest first, with "resend".
import useSWR from 'swr';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointCreated, WebhookEndpointUpdate } from '#shared/schemas/webhooks';
import { api, fetcher } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

export const WEBHOOKS_KEY = '/organization/webhooks';
const endpointPath = (id: string) => `${WEBHOOKS_KEY}/${encodeURIComponent(id)}`;
const deliveriesPath = (endpointId: string) => `${endpointPath(endpointId)}/deliveries`;

export const useWebhookEndpoints = () => useSWR<{ items: WebhookEndpoint[] }>(WEBHOOKS_KEY, fetcher);

export const createWebhookEndpoint = (body: WebhookEndpointCreate) => api.post<WebhookEndpointCreated>(WEBHOOKS_KEY, body);
export const updateWebhookEndpoint = (id: string, body: WebhookEndpointUpdate) => api.put<WebhookEndpoint>(endpointPath(id), body);
export const deleteWebhookEndpoint = (id: string) => api.delete(endpointPath(id));


/** The delivery log of one endpoint (null: none open), newest first; "Load more" follows nextCursor. */
export const useWebhookDeliveries = (endpointId: string | null) => usePaged<WebhookDelivery>(endpointId ? deliveriesPath(endpointId) : null, { pageSize: null });

export const resendWebhookDelivery = (endpointId: string, deliveryId: string) =>
  api.post<WebhookDelivery>(`${deliveriesPath(endpointId)}/${encodeURIComponent(deliveryId)}/resend`);
