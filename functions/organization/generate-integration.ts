// Replace the integration key (owner only). One transaction removes the old key's lookup, adds the new
// one and records it on the organisation, with the audit entry: the old key stops working at once.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '#lib/dynamo';
import { conflict, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { getOrganization, newApiKey, rotateApiKeyItems } from '../data/organizations';

export const handler = endpoint({}, async ({ caller }) => {
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Your organisation was not found.');
  const apiKey = newApiKey();
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ...rotateApiKeyItems(org, apiKey, now),
          auditItem({ orgId: org.id, actorId: caller.userId, module: 'Organization', action: 'update', recordType: 'integration-key', recordId: org.id, summary: 'Generated a new integration key (the previous key no longer works)' }),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('The key was changed at the same moment. Please reload the page and try again.');
    throw error;
  }
  return { status: 201, message: 'A new integration key is ready. Update any page or embed that used the previous key.', data: { apiKey, rotatedAt: now } };
});
