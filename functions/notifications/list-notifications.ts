// The signed-in member's notifications, newest first (?unread=true: only unread ones).
// `data` is the array itself, as the console's header reads it (spec section 7); the next page's
// cursor and the unread count (all pages) travel in the X-Next-Cursor and X-Unread-Count headers;
// ?before=<id> pages on from a notification without reading headers.
import { DEFAULT_PAGE_SIZE, NEXT_CURSOR_HEADER, UNREAD_COUNT_HEADER, notificationsQuerySchema, type NotificationView, listNotificationsReply } from '#shared/organization/schemas';
import { endpoint } from '#http/http';
import { getUnreadCount, listNotificationsPage } from '../data/notifications';

export const handler = endpoint({ query: notificationsQuerySchema, reply: listNotificationsReply }, async ({ query, caller }) => {
  const [page, unread] = await Promise.all([
    listNotificationsPage(caller.orgId, caller.userId, { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor, before: query.before, unread: query.unread }),
    getUnreadCount(caller.orgId, caller.userId),
  ]);
  const data: NotificationView[] = page.items.map((n) => ({ id: n.id, title: n.title, message: n.message, link: n.link, read: n.read, createdAt: n.createdAt }));
  return {
    data,
    headers: { [UNREAD_COUNT_HEADER]: String(unread), ...(page.nextCursor ? { [NEXT_CURSOR_HEADER]: page.nextCursor } : {}) },
  };
});
