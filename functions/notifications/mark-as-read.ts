// Mark one of the signed-in member's notifications as read. Marking twice is harmless: the second time
// nothing is written and the unread count does not move.
import { markAsReadReply } from '#shared/organization/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { auditItem } from '../data/audit';
import { isConditionFailure, transact } from '../data/core';
import { getNotification, getUnreadCount, markReadItems } from '../data/notifications';

export const handler = endpoint({ reply: markAsReadReply }, async ({ params, caller }) => {
  const n = await getNotification(caller.orgId, caller.userId, params.id);
  if (!n) throw notFound('This notification was not found.');
  if (!n.read) {
    try {
      await transact([
        ...markReadItems(n, new Date().toISOString()),
        auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Notifications', action: 'update', recordType: 'notification', recordId: n.id, summary: `Marked a notification as read: ${n.title}` }),
      ]);
    } catch (error) {
      // Marked (or deleted) by another request a moment ago: the end state is the one asked for.
      if (!isConditionFailure(error)) throw error;
    }
  }
  return { message: 'Marked as read.', data: { id: n.id, read: true, unread: await getUnreadCount(caller.orgId, caller.userId) } };
});
