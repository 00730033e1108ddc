// The signed-in member's notifications. GET /notifications answers the array itself (spec section 7);
// the page continues with ?before=<id of the last one shown>.
import { useSWRConfig } from 'swr';
import type { NotificationView } from '#shared/schemas/organization';
import { api } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

export type { NotificationView };

/** Keys the header bell uses: refreshed after a change here. */
export const BELL_KEYS = ['/notifications', '/notifications/unread-count'];

/** A page is full when it has pageSize notifications; the next starts before the last one's id. */
export const useNotificationPages = (unreadOnly: boolean, pageSize = 20) =>
  usePaged<NotificationView, NotificationView[]>('/notifications', {
    pageSize,
    params: { unread: unreadOnly },
    cursorParam: 'before',
    toPage: (reply) => ({ items: reply, nextCursor: reply.length === pageSize ? reply.at(-1)!.id : undefined }),
  });

/** Refreshes the header's bell after a change made on the page. */
export function useRefreshBell() {
  const { mutate } = useSWRConfig();
  return () => {
    for (const key of BELL_KEYS) void mutate(key);
  };
}

export const markAsRead = (id: string) => api.get<{ id: string; read: boolean; unread: number }>(`/notifications/mark-as-read/${encodeURIComponent(id)}`);
export const deleteNotification = (id: string) => api.delete<{ id: string; unread: number }>(`/notifications/${encodeURIComponent(id)}`);
