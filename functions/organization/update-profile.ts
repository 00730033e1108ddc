// Edit the organisation's profile and time zone (owner only), with its audit entry in one transaction.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { organizationProfileUpdateSchema } from '#shared/schemas/organization';
import { ddb } from '#lib/dynamo';
import { badRequest, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { getOrganization, toOrganizationProfile, updateOrganizationItem } from '../data/organizations';

export const handler = endpoint({ body: organizationProfileUpdateSchema }, async ({ body, caller }) => {
  const changed = Object.entries(body).filter(([, v]) => v !== undefined).map(([k]) => k);
  if (!changed.length) throw badRequest('Nothing to update.');
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          updateOrganizationItem(caller.orgId, body, now),
          auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'Organization', action: 'update', recordType: 'organization', recordId: caller.orgId, summary: `Updated organisation profile (${changed.join(', ')})` }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Your organisation was not found.');
    throw error;
  }
  const org = await getOrganization(caller.orgId);
  return { message: 'The organisation profile is saved.', data: toOrganizationProfile(org!) };
});
