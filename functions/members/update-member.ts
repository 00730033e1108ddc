// Change a member's module permissions (Members write). The owner cannot be changed, nobody changes
// their own, and a member who is not the owner only moves flags they hold themselves.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { memberUpdateSchema } from '#shared/schemas/organization';
import { ddb, table } from '#lib/dynamo';
import { conflict, forbidden, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { getMembership, memberKey, normaliseRoles, toMemberView } from '../data/members';
import { notifyStaff } from '../data/notifications';
import { assertMayChange, describeRoles, sameRoles } from './lib/rules';

export const handler = endpoint({ body: memberUpdateSchema }, async ({ body, caller }) => {
  if (body.userId === caller.userId) throw forbidden('You cannot change your own permissions.');
  const member = await getMembership(caller.orgId, body.userId);
  if (!member) throw notFound('This member was not found.');
  if (member.isOwner) throw forbidden("The owner's permissions cannot be changed.");
  const before = normaliseRoles(member.roles);
  const roles = normaliseRoles(body.permissions);
  assertMayChange(caller, before, roles);
  if (sameRoles(before, roles)) return { message: 'Nothing changed.', data: toMemberView(member) };

  const now = new Date().toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: memberKey(caller.orgId, member.userId),
              UpdateExpression: 'SET #roles = :roles, updatedAt = :now',
              // Unchanged since read: the checks above were made against these very permissions.
              ConditionExpression: 'attribute_exists(pk) AND isOwner = :false AND updatedAt = :seen',
              ExpressionAttributeNames: { '#roles': 'roles' },
              ExpressionAttributeValues: { ':roles': roles, ':now': now, ':false': false, ':seen': member.updatedAt },
            },
          },
          auditItem({
            orgId: caller.orgId, actorId: caller.userId, module: 'Members', action: 'update', recordType: 'member', recordId: member.userId,
            summary: `Changed permissions of ${member.email}: ${describeRoles(before)} -> ${describeRoles(roles)}`,
          }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This member was changed at the same moment. Please reload and try again.');
    throw error;
  }
  await notifyStaff(caller.orgId, {
    userIds: [member.userId],
    title: 'Your permissions changed',
    message: `You now have: ${describeRoles(roles)}.`,
    link: '/dashboard',
  });
  return { message: 'The permissions are saved.', data: toMemberView({ ...member, roles, updatedAt: now }) };
});
