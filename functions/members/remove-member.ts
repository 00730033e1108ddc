// Remove a member (Members delete). The owner cannot be removed, nor can a member remove themselves
// (they delete their account instead). Membership, pending invitation, the person's link to the
// organisation, the counter, the audit entry and the notice to staff change in one transaction; the
// session ends at once because every request reads the membership afresh.
import { noData } from '#shared/common/schemas';
import { conflict, forbidden, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { log } from '#lib/log';
import { getMembership, removeMember } from '../data/members';
import { deleteAllNotifications } from '../data/notifications';
import { getUser } from '../data/users';
import { displayName } from './lib/rules';

export const handler = endpoint({ reply: noData }, async ({ params, caller }) => {
  const userId = params.id;
  const member = await getMembership(caller.orgId, userId);
  if (!member) throw notFound('This member was not found.');
  if (member.isOwner) throw forbidden('The owner cannot be removed.');
  if (userId === caller.userId) throw forbidden('You cannot remove yourself. To leave, delete your account from your profile.');

  const removed = await removeMember(member, await getUser(userId), caller.userId, {
    notice: {
      title: 'Member removed',
      message: `${displayName(member)} (${member.email}) was removed from the organisation.`,
      link: '/member',
      module: 'Members',
      exceptUserId: caller.userId,
    },
  });
  if (!removed) throw conflict('This member was changed at the same moment. Please reload and try again.');
  // Their inbox in this organisation goes too; a failure here leaves only unreachable items behind.
  await deleteAllNotifications(caller.orgId, userId).catch((error: unknown) => log.error('Notification clean-up failed', error, { userId }));
  return { message: 'The member is removed.' };
});
