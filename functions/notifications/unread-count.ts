// The signed-in member's unread notification count (one read of a kept counter: cheap to poll).
import { unreadCountReply } from '#shared/organization/schemas';
import { endpoint } from '#http/http';
import { getUnreadCount } from '../data/notifications';

export const handler = endpoint({ reply: unreadCountReply }, async ({ caller }) => ({ data: { unread: await getUnreadCount(caller.orgId, caller.userId) } }));
