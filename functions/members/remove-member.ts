// Remove a member (Members delete). The owner cannot be removed, nor can a member remove themselves
// (they delete their account instead). Membership, pending invitation, the person's link to the
// organisation, the counter and the audit entry change in one transaction; the session ends at once
// because every request reads the membership afresh.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '#lib/dynamo';
import { conflict, forbidden, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { deleteInviteItem } from '../data/invites';
import { getMembership, memberKey } from '../data/members';
import { deleteAllNotifications, notifyStaff } from '../data/notifications';
import { counterUpdate } from '../data/organizations';
import { getUser } from '../data/users';
import { displayName } from './lib/rules';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

export const handler = endpoint({}, async ({ params, caller }) => {
  const userId = params.id!;
  const member = await getMembership(caller.orgId, userId);
  if (!member) throw notFound('This member was not found.');
  if (member.isOwner) throw forbidden('The owner cannot be removed.');
  if (userId === caller.userId) throw forbidden('You cannot remove yourself. To leave, delete your account from your profile.');

  const user = await getUser(userId);
  const items: TransactItems = [
    {
      Delete: {
        TableName: table(),
        Key: memberKey(caller.orgId, userId),
        ConditionExpression: 'attribute_exists(pk) AND isOwner = :false',
        ExpressionAttributeValues: { ':false': false },
      },
    },
    counterUpdate(caller.orgId, 'members', -1),
    auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Members', action: 'delete', recordType: 'member', recordId: userId, summary: `Removed ${member.email}` }),
  ];
  if (member.inviteTokenHash) items.push(deleteInviteItem(member.inviteTokenHash));
  if (user?.orgId === caller.orgId) {
    // Free the person to join or create another organisation.
    items.push({
      Update: {
        TableName: table(),
        Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
        UpdateExpression: 'REMOVE orgId SET updatedAt = :now',
        ConditionExpression: 'orgId = :org',
        ExpressionAttributeValues: { ':org': caller.orgId, ':now': new Date().toISOString() },
      },
    });
  }
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This member was changed at the same moment. Please reload and try again.');
    throw error;
  }
  // Their inbox in this organisation goes too; a failure here leaves only unreachable items behind.
  await deleteAllNotifications(caller.orgId, userId).catch((error) =>
    console.error(JSON.stringify({ level: 'error', message: 'notification clean-up failed', orgId: caller.orgId, userId, error: error?.message })),
  );
  await notifyStaff(caller.orgId, {
    title: 'Member removed',
    message: `${displayName(member)} (${member.email}) was removed from the organisation.`,
    link: '/member',
    module: 'Members',
    exceptUserId: caller.userId,
  });
  return { message: 'The member is removed.' };
});
