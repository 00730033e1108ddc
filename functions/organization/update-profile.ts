// Edit the organisation's profile and time zone (owner only). The change is in the audit log.
import { organizationProfileUpdateSchema, organizationUpdateProfileReply } from '#shared/schemas/organization';
import { badRequest, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { getOrganization, toOrganizationProfile, updateOrganizationProfile } from '../data/organizations';

export const handler = endpoint({ body: organizationProfileUpdateSchema, reply: organizationUpdateProfileReply }, async ({ body, caller }) => {
  if (!Object.values(body).some((v) => v !== undefined)) throw badRequest('Nothing to update.');
  if (!(await updateOrganizationProfile(caller.orgId, body, caller.userId))) throw notFound('Your organisation was not found.');
  const org = await getOrganization(caller.orgId);
  return { message: 'The organisation profile is saved.', data: toOrganizationProfile(org!) };
});
