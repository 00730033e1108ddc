// The organisation's outbound webhooks (owner only): its endpoints, and each endpoint's delivery log
// a page at a time, newest first, with "resend".
import useSWRInfinite from 'swr/infinite';
import type { ReplyOf } from '#shared/api-contract';
import type { WebhookEndpointCreate, WebhookEndpointUpdate } from '#shared/schemas/webhooks';
import { api, fetcher } from '../../../lib/api';
import { useApi } from '../../../lib/swr';

// The answers' types, from the API's contract (the handlers' reply schemas).
export type WebhookEndpoint = ReplyOf<'GET /organization/webhooks'>['items'][number];
/** The new endpoint with its signing secret (shown once). */
export type WebhookEndpointCreated = ReplyOf<'POST /organization/webhooks'>;
type DeliveriesPage = ReplyOf<'GET /organization/webhooks/{id}/deliveries'>;
export type WebhookDelivery = DeliveriesPage['items'][number];

export const WEBHOOKS_KEY = '/organization/webhooks';
const endpointPath = (id: string) => `${WEBHOOKS_KEY}/${encodeURIComponent(id)}` as const;
const deliveriesPath = (endpointId: string) => `${endpointPath(endpointId)}/deliveries` as const;

export const useWebhookEndpoints = () => useApi(WEBHOOKS_KEY);

export const createWebhookEndpoint = (body: WebhookEndpointCreate) => api.post(WEBHOOKS_KEY, body);
export const updateWebhookEndpoint = (id: string, body: WebhookEndpointUpdate) => api.put(endpointPath(id), body);
export const deleteWebhookEndpoint = (id: string) => api.delete(endpointPath(id));

/** The delivery log of one endpoint (null: none open), newest first; "Load more" follows nextCursor. */
export function useWebhookDeliveries(endpointId: string | null) {
  const pages = useSWRInfinite<DeliveriesPage>((index, previous: DeliveriesPage | null) => {
    if (!endpointId) return null;
    if (index === 0) return deliveriesPath(endpointId);
    return previous?.nextCursor ? (`${deliveriesPath(endpointId)}?cursor=${encodeURIComponent(previous.nextCursor)}` as const) : null;
  }, fetcher);
  const last = pages.data?.[pages.data.length - 1];
  const isLoadingMore = pages.isValidating && pages.size > (pages.data?.length ?? 0);
  return {
    deliveries: (pages.data ?? []).flatMap((p) => p.items),
    error: pages.error as Error | undefined,
    isLoading: pages.isLoading,
    isRefreshing: pages.isValidating && !pages.isLoading && !isLoadingMore,
    isLoadingMore,
    hasMore: Boolean(last?.nextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
}

export const resendWebhookDelivery = (endpointId: string, deliveryId: string) =>
  api.post(`${deliveriesPath(endpointId)}/${encodeURIComponent(deliveryId)}/resend`);
