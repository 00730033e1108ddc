// Edit the signed-in user's personal details; the membership keeps a copy of the name for member lists.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { profileUpdateSchema } from '#shared/schemas/account';
import { ddb, table } from '#lib/dynamo';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { memberKey } from '../data/members';
import { getUser, toUserDetails } from '../data/users';
import { setClause } from '../data/update';

export const handler = endpoint({ body: profileUpdateSchema }, async ({ body, caller }) => {
  const now = new Date().toISOString();
  const changed = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined);
  const names = { firstName: body.firstName, lastName: body.lastName };
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: { TableName: table(), Key: { pk: `USER#${caller.userId}`, sk: 'PROFILE' }, ConditionExpression: 'attribute_exists(pk)', ...setClause({ ...body, updatedAt: now }) } },
        { Update: { TableName: table(), Key: memberKey(caller.orgId, caller.userId), ConditionExpression: 'attribute_exists(pk)', ...setClause({ ...names, updatedAt: now }) } },
        auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Account', action: 'update', recordType: 'user', recordId: caller.userId, summary: `Updated own profile (${changed.join(', ') || 'no fields'})` }),
      ],
    }),
  );
  return { message: 'Your profile is saved.', data: toUserDetails((await getUser(caller.userId))!) };
});
