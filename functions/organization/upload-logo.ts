// Upload the logo in the header of the clinic's mails (multipart field `file`).
// PNG or JPEG only (many mail clients block SVG), at most 1 MB, checked by its bytes; it replaces the
// previous one, which is deleted. Served publicly at /assets/<key>, where mail clients fetch it.
import { LOGO_TYPES, MAX_LOGO_BYTES } from '#shared/organization/schemas';
import { conflict, notFound } from '#lib/errors';
import { organizationLogoReply } from '#shared/organization/schemas';
import { endpoint } from '#http/http';
import { deleteUpload, storeUpload } from '#lib/storage';
import { getOrganization, logoPrefix, setOrganizationLogo, toOrganizationProfile } from '../data/organizations';

export const handler = endpoint({ reply: organizationLogoReply }, async ({ files, caller }) => {
  const org = await getOrganization(caller.orgId);
  if (!org) throw notFound('Your organisation was not found.');
  const key = await storeUpload(files.file, { types: LOGO_TYPES, maxBytes: MAX_LOGO_BYTES, prefix: logoPrefix(caller.orgId) });
  if (!(await setOrganizationLogo(caller.orgId, key, org.logoKey, caller.userId))) {
    await deleteUpload(key).catch(() => undefined);
    throw conflict('The logo was changed at the same moment. Please reload the page and try again.');
  }
  if (org.logoKey) await deleteUpload(org.logoKey).catch(() => undefined);
  const saved = await getOrganization(caller.orgId);
  return { message: 'The logo is saved.', data: toOrganizationProfile(saved ?? { ...org, logoKey: key }) };
});
