// Accept an invitation (public: the emailed token is the proof): choose a password, which also verifies
// the email, and sign in. Answers like a successful login (201, access token, user and flags). The token
// works once and for 7 days; removing the member or sending a new link revokes it.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { acceptInviteSchema } from '#shared/schemas/organization';
import { ddb, table } from '#lib/dynamo';
import { badRequest, isConditionFailure } from '#lib/errors';
import { endpoint } from '#lib/http';
import { hashPassword } from '#lib/passwords';
import { signedInReply } from '../account/lib/auth-replies';
import { auditItem } from '../data/audit';
import { deleteInviteItem, findInvite } from '../data/invites';
import { getMembership, memberKey } from '../data/members';
import { notifyStaff } from '../data/notifications';
import { getUser } from '../data/users';
import { displayName } from './lib/rules';

const INVALID = 'This invitation link is not valid or has already been used. Ask your organisation to send a new one.';

export const handler = endpoint({ body: acceptInviteSchema }, async ({ body }) => {
  const invite = await findInvite(body.token);
  if (!invite) throw badRequest(INVALID);
  if (Date.parse(invite.expiresAt) < Date.now()) throw badRequest('This invitation has expired. Ask your organisation to send a new one.');
  const [user, member] = await Promise.all([getUser(invite.userId), getMembership(invite.orgId, invite.userId)]);
  if (!user || !member || member.inviteTokenHash !== invite.tokenHash) throw badRequest(INVALID);

  const passwordHash = await hashPassword(body.password);
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          deleteInviteItem(invite.tokenHash, true),
          {
            Update: {
              TableName: table(),
              Key: { pk: `USER#${user.id}`, sk: 'PROFILE' },
              // The invitation carried the names, so the sign-up's detail steps are not needed.
              UpdateExpression: 'SET passwordHash = :hash, isEmailVerified = :true, hasAddedBasicDetails = :true, orgId = :org, updatedAt = :now',
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(orgId) OR orgId = :org)',
              ExpressionAttributeValues: { ':hash': passwordHash, ':true': true, ':org': invite.orgId, ':now': now },
            },
          },
          {
            Update: {
              TableName: table(),
              Key: memberKey(invite.orgId, user.id),
              UpdateExpression: 'SET #status = :active, updatedAt = :now REMOVE inviteTokenHash',
              ConditionExpression: 'attribute_exists(pk) AND inviteTokenHash = :hash',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':active': 'active', ':now': now, ':hash': invite.tokenHash },
            },
          },
          auditItem({ orgId: invite.orgId, actorId: user.id, module: 'Members', action: 'update', recordType: 'member', recordId: user.id, summary: `${user.email} accepted the invitation` }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw badRequest(INVALID);
    throw error;
  }
  await notifyStaff(invite.orgId, {
    title: 'Invitation accepted',
    message: `${displayName(member)} (${member.email}) accepted the invitation and signed in.`,
    link: `/member/${user.id}`,
    module: 'Members',
    exceptUserId: user.id,
  });
  return signedInReply({ ...user, passwordHash, isEmailVerified: true, hasAddedBasicDetails: true, orgId: invite.orgId, updatedAt: now });
});
