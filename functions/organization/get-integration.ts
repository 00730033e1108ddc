// The organisation's public integration key (owner only): public pages and embeds name the tenant by it.
import { getIntegrationReply } from '#shared/organization/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getOrganization } from '../data/organizations';

export const handler = endpoint({ reply: getIntegrationReply }, async ({ caller }) => {
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Your organisation was not found.');
  return { data: { apiKey: org.apiKey, rotatedAt: org.apiKeyRotatedAt ?? null } };
});
