// The signed-in member's notifications. GET /notifications answers the array itself (spec section 7);
// the page continues with ?before=<id of the last one shown>.
import useSWRInfinite from 'swr/infinite';
import { useSWRConfig } from 'swr';
import type { ReplyOf } from '#shared/api-contract';
import { api, fetcher } from '../../../lib/api';

/** GET /notifications answers the array itself (the contract's reply schema). */
type NotificationsPage = ReplyOf<'GET /notifications'>;
export type NotificationView = NotificationsPage[number];

/** Keys the header bell uses: refreshed after a change here. */
export const BELL_KEYS = ['/notifications', '/notifications/unread-count'];

export function useNotificationPages(unreadOnly: boolean, pageSize = 20) {
  const pages = useSWRInfinite<NotificationsPage>((index, previous: NotificationsPage | null) => {
    const params = new URLSearchParams({ limit: String(pageSize) });
    if (unreadOnly) params.set('unread', 'true');
    if (index > 0) {
      if (!previous || previous.length < pageSize) return null;
      params.set('before', previous[previous.length - 1]!.id);
    }
    return `/notifications?${params}` as const;
  }, fetcher);
  const last = pages.data?.[pages.data.length - 1];
  return {
    items: (pages.data ?? []).flat(),
    error: pages.error as Error | undefined,
    isLoading: pages.isLoading,
    hasMore: last !== undefined && last.length === pageSize,
    isLoadingMore: pages.isValidating && pages.size > (pages.data?.length ?? 0),
    loadMore: () => pages.setSize(pages.size + 1),
    reload: () => pages.mutate(),
  };
}

/** Refreshes the header's bell after a change made on the page. */
export function useRefreshBell() {
  const { mutate } = useSWRConfig();
  return () => {
    for (const key of BELL_KEYS) void mutate(key);
  };
}

export const markAsRead = (id: string) => api.get(`/notifications/mark-as-read/${encodeURIComponent(id)}`);
export const deleteNotification = (id: string) => api.delete(`/notifications/${encodeURIComponent(id)}`);
