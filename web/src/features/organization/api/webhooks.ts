// The organisation's outbound webhooks (owner only): its endpoints, and each endpoint's delivery log
// a page at a time, newest first, with "resend".
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointCreated, WebhookEndpointUpdate } from '#shared/schemas/webhooks';
import { api, fetcher } from '../../../lib/api';

export const WEBHOOKS_KEY = '/organization/webhooks';
const endpointPath = (id: string) => `${WEBHOOKS_KEY}/${encodeURIComponent(id)}`;
const deliveriesPath = (endpointId: string) => `${endpointPath(endpointId)}/deliveries`;

export const useWebhookEndpoints = () => useSWR<{ items: WebhookEndpoint[] }>(WEBHOOKS_KEY, fetcher);

export const createWebhookEndpoint = (body: WebhookEndpointCreate) => api.post<WebhookEndpointCreated>(WEBHOOKS_KEY, body);
export const updateWebhookEndpoint = (id: string, body: WebhookEndpointUpdate) => api.put<WebhookEndpoint>(endpointPath(id), body);
export const deleteWebhookEndpoint = (id: string) => api.delete(endpointPath(id));

interface DeliveriesPage {
  items: WebhookDelivery[];
  nextCursor?: string;
}

/** The delivery log of one endpoint (null: none open), newest first; "Load more" follows nextCursor. */
export function useWebhookDeliveries(endpointId: string | null) {
  const pages = useSWRInfinite<DeliveriesPage>((index, previous: DeliveriesPage | null) => {
    if (!endpointId) return null;
    if (index === 0) return deliveriesPath(endpointId);
    return previous?.nextCursor ? `${deliveriesPath(endpointId)}?cursor=${encodeURIComponent(previous.nextCursor)}` : null;
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
  api.post<WebhookDelivery>(`${deliveriesPath(endpointId)}/${encodeURIComponent(deliveryId)}/resend`);
