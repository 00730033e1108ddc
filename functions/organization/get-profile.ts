// The organisation's profile, for any of its members. The integration key is not in it: see
// GET /organization/integration.
import { organizationGetProfileReply } from '#shared/organization/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getOrganization, toOrganizationProfile } from '../data/organizations';

export const handler = endpoint({ reply: organizationGetProfileReply }, async ({ caller }) => {
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Your organisation was not found.');
  return { data: toOrganizationProfile(org) };
});
