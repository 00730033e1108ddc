// The signed-in member's notifications. GET /notifications answers the array itself (spec section 7);
// the page continues with ?before=<id of the last one shown>.
import { useSWRConfig } from 'swr';
import type { ReplyOf } from '#shared/api-contract';
import { api } from '../../../lib/api';
import { usePaged } from '../../../lib/paged';

/** GET /notifications answers the array itself (the contract's reply schema). */
type NotificationsPage = ReplyOf<'GET /notifications'>;
export type NotificationView = NotificationsPage[number];

/** Keys the header bell uses: refreshed after a change here. */
export const BELL_KEYS = ['/notifications', '/notifications/unread-count'];

/** A page is full when it has pageSize notifications; the next starts before the last one's id. */
export const useNotificationPages = (unreadOnly: boolean, pageSize = 20) =>
  usePaged('/notifications', {
    pageSize,
    // All of them: no `unread` at all.
    query: { unread: unreadOnly || undefined },
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

export const markAsRead = (id: string) => api.get(`/notifications/mark-as-read/${encodeURIComponent(id)}`);
export const deleteNotification = (id: string) => api.delete(`/notifications/${encodeURIComponent(id)}`);
