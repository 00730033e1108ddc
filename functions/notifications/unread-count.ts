// The signed-in member's unread notification count (one read of a kept counter: cheap to poll).
import { endpoint } from '#http/http';
import { getUnreadCount } from '../data/notifications';

export const handler = endpoint({}, async ({ caller }) => ({ data: { unread: await getUnreadCount(caller.orgId, caller.userId) } }));
