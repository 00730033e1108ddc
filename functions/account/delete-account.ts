// Delete the signed-in user's account. An owner can do so only when nobody else is in the
// organisation; the organisation and its public key then go with the account.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '#lib/dynamo';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { deleteUpload } from '#lib/storage';
import { auditItem } from '../data/audit';
import { memberKey } from '../data/members';
import { apiKeyKey, counterUpdate, countersKey, getCounters, getOrganization, orgKey } from '../data/organizations';
import { deleteUserItems, getUser } from '../data/users';

export const handler = endpoint({}, async ({ caller }) => {
  const user = await getUser(caller.userId);
  if (!user) throw notFound('Your account was not found.');
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    ...deleteUserItems(user),
    { Delete: { TableName: table(), Key: memberKey(caller.orgId, caller.userId) } },
  ];
  if (caller.isOwner) {
    const [counters, org] = await Promise.all([getCounters(caller.orgId), getOrganization(caller.orgId)]);
    if (counters.members > 1) throw conflict('Remove the other members of your organisation before deleting your account.');
    items.push(
      { Delete: { TableName: table(), Key: orgKey(caller.orgId) } },
      { Delete: { TableName: table(), Key: countersKey(caller.orgId) } },
      ...(org ? [{ Delete: { TableName: table(), Key: apiKeyKey(org.apiKey) } }] : []),
    );
  } else {
    items.push(counterUpdate(caller.orgId, 'members', -1));
  }
  items.push(auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Account', action: 'delete', recordType: 'user', recordId: caller.userId, summary: `${user.email} deleted their account` }));
  await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  if (user.profilePictureKey) await deleteUpload(user.profilePictureKey).catch(() => undefined);
  return { message: 'Your account has been deleted.' };
});
