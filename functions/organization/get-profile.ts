// The organisation's profile, for any of its members (no apiKey: see get-integration).
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getOrganization, toOrganizationProfile } from '../data/organizations';

export const handler = endpoint({}, async ({ caller }) => {
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Your organisation was not found.');
  return { data: toOrganizationProfile(org) };
});
