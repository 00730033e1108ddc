// Delete one of the signed-in member's notifications (an unread one also leaves the unread count).
import { deleteNotificationReply } from '#shared/organization/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { auditItem } from '../data/audit';
import { retryOnConflict, transact } from '../data/core';
import { deleteNotificationItems, getNotification, getUnreadCount } from '../data/notifications';

export const handler = endpoint({ reply: deleteNotificationReply }, async ({ params, caller }) => {
  // Twice at most: if it is marked read between our read and our delete, read it again.
  return retryOnConflict(async () => {
    const n = await getNotification(caller.orgId, caller.userId, params.id);
    if (!n) throw notFound('This notification was not found.');
    await transact([
      ...deleteNotificationItems(n),
      auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Notifications', action: 'delete', recordType: 'notification', recordId: n.id, summary: `Deleted a notification: ${n.title}` }),
    ]);
    return { message: 'The notification is deleted.', data: { id: n.id, unread: await getUnreadCount(caller.orgId, caller.userId) } };
  }, { attempts: 2, conditionFailures: true, exhausted: () => notFound('This notification was not found.') });
});
