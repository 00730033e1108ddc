// Step 4 of sign-up: create the organisation with its apiKey and make the user its owner, in one
// transaction; answers with the access token and the user (registration token only).
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { organizationSchema } from '#shared/schemas/account';
import { allPermissions } from '#shared/permissions';
import { ddb, table } from '#lib/dynamo';
import { badRequest, conflict, isConditionFailure } from '#lib/errors';
import { endpoint } from '#lib/http';
import { randomId } from '#lib/passwords';
import { auditItem } from '../data/audit';
import { putMembershipItem } from '../data/members';
import { createOrganizationItems, newApiKey, type Organization } from '../data/organizations';
import { getUser } from '../data/users';
import { isFullyRegistered, signedInReply } from './lib/auth-replies';

export const DEFAULT_TIME_ZONE = 'America/New_York';

export const handler = endpoint({ body: organizationSchema }, async ({ body, registrant }) => {
  const user = await getUser(registrant.userId);
  if (!user?.isEmailVerified) throw badRequest('Please verify your email first.');
  if (!user.hasAddedBasicDetails) throw badRequest('Please add your basic details first.');
  if (await isFullyRegistered(user)) throw conflict('You already belong to an organisation.');

  const now = new Date().toISOString();
  const org: Organization = { id: randomId(), ...body, apiKey: newApiKey(), ownerId: user.id, timeZone: DEFAULT_TIME_ZONE, createdAt: now, updatedAt: now };
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ...createOrganizationItems(org),
          putMembershipItem({
            orgId: org.id, userId: user.id, isOwner: true, roles: allPermissions(), email: user.email,
            firstName: user.firstName, lastName: user.lastName, status: 'active', createdAt: now, updatedAt: now,
          }),
          {
            Update: {
              TableName: table(),
              Key: { pk: `USER#${user.id}`, sk: 'PROFILE' },
              UpdateExpression: 'SET orgId = :org, updatedAt = :now',
              // A second, racing request must not attach the user to two organisations.
              ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(orgId) OR orgId = :previous)',
              ExpressionAttributeValues: { ':org': org.id, ':now': now, ':previous': user.orgId ?? '' },
            },
          },
          auditItem({ orgId: org.id, actorId: user.id, module: 'Organization', action: 'create', recordType: 'organization', recordId: org.id, summary: `Created organisation ${org.name}` }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('You already belong to an organisation.');
    throw error;
  }
  return signedInReply({ ...user, orgId: org.id }, 'Your organisation is ready.');
});
