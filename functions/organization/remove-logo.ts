// Remove the logo from the clinic's mails. Their header shows the clinic's name only from then on.
import { conflict, notFound } from '#lib/errors';
import { organizationLogoReply } from '#shared/organization/schemas';
import { endpoint } from '#http/http';
import { deleteUpload } from '#lib/storage';
import { getOrganization, setOrganizationLogo, toOrganizationProfile } from '../data/organizations';

export const handler = endpoint({ reply: organizationLogoReply }, async ({ caller }) => {
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Your organisation was not found.');
  if (!org.logoKey) return { message: 'There is no logo to remove.', data: toOrganizationProfile(org) };
  if (!(await setOrganizationLogo(caller.orgId, null, org.logoKey, caller.userId))) {
    throw conflict('The logo was changed at the same moment. Please reload the page and try again.');
  }
  await deleteUpload(org.logoKey).catch(() => undefined);
  const saved = await getOrganization(caller.orgId);
  return { message: 'The logo is removed.', data: toOrganizationProfile(saved ?? { ...org, logoKey: undefined }) };
});
