// Replace the integration key (owner only). One transaction removes the old key's lookup, adds the new
// one and records it on the organisation, with the audit entry: the old key stops working at once.
import { generateIntegrationReply } from '#shared/organization/schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getOrganization, newApiKey, rotateApiKey } from '../data/organizations';

export const handler = endpoint({ reply: generateIntegrationReply }, async ({ caller }) => {
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Your organisation was not found.');
  const apiKey = newApiKey();
  const now = new Date().toISOString();
  if (!(await rotateApiKey(org, apiKey, caller.userId, now))) {
    throw conflict('The key was changed at the same moment. Please reload the page and try again.');
  }
  return { status: 201, message: 'A new integration key is ready. Update any page or embed that used the previous key.', data: { apiKey, rotatedAt: now } };
});
