// Send a member who has not accepted yet a new invitation link (Members write); the previous link stops
// working. Also the way on when the first mail failed or the 7 days passed.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { memberResendInviteSchema } from '#shared/schemas/organization';
import { ddb, table } from '#lib/dynamo';
import { conflict, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { deleteInviteItem, newInvite, putInviteItem } from '../data/invites';
import { getMembership, memberKey } from '../data/members';
import { getOrganization } from '../data/organizations';
import { sendInvitation } from './lib/mails';
import { displayName } from './lib/rules';

export const handler = endpoint({ body: memberResendInviteSchema }, async ({ body, caller }) => {
  const [member, me, org] = await Promise.all([getMembership(caller.orgId, body.userId), getMembership(caller.orgId, caller.userId), getOrganization(caller.orgId)]);
  if (!member || !org) throw notFound('This member was not found.');
  if (member.status !== 'invited') throw conflict('This member has already accepted the invitation.');

  const { token, invite } = newInvite({ orgId: caller.orgId, userId: member.userId, email: member.email, invitedBy: caller.userId });
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ...(member.inviteTokenHash ? [deleteInviteItem(member.inviteTokenHash)] : []),
          putInviteItem(invite),
          {
            Update: {
              TableName: table(),
              Key: memberKey(caller.orgId, member.userId),
              UpdateExpression: 'SET inviteTokenHash = :new, updatedAt = :now',
              ConditionExpression: member.inviteTokenHash ? '#status = :invited AND inviteTokenHash = :old' : '#status = :invited AND attribute_not_exists(inviteTokenHash)',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':new': invite.tokenHash, ':now': now, ':invited': 'invited', ...(member.inviteTokenHash ? { ':old': member.inviteTokenHash } : {}) },
            },
          },
          auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Members', action: 'update', recordType: 'member', recordId: member.userId, summary: `Sent a new invitation to ${member.email}` }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This member was changed at the same moment. Please reload and try again.');
    throw error;
  }
  await sendInvitation(member, org.name, me ? displayName(me) : 'Your organisation', token);
  return { message: `We emailed ${member.email} a new invitation link.` };
});
