// Delete one of the signed-in member's notifications (an unread one also leaves the unread count).
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { auditItem } from '../data/audit';
import { isConditionFailure } from '../data/core';
import { deleteNotificationItems, getNotification, getUnreadCount, transact } from '../data/notifications';

export const handler = endpoint({}, async ({ params, caller }) => {
  // Twice at most: if it is marked read between our read and our delete, read it again.
  for (let attempt = 0; attempt < 2; attempt++) {
    const n = await getNotification(caller.orgId, caller.userId, params.id!);
    if (!n) throw notFound('This notification was not found.');
    try {
      await transact([
        ...deleteNotificationItems(n),
        auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Notifications', action: 'delete', recordType: 'notification', recordId: n.id, summary: `Deleted a notification: ${n.title}` }),
      ]);
      return { message: 'The notification is deleted.', data: { id: n.id, unread: await getUnreadCount(caller.orgId, caller.userId) } };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw notFound('This notification was not found.');
});
