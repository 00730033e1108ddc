// Edit the organisation's profile, time zone, patient policy or mail colour (owner only), with its
// audit entry in one transaction. The console saves these from separate cards, so the answer names
// what was saved: the reminder settings, the mail branding, else the profile.
import { POLICY_FIELDS, organizationProfileUpdateSchema } from '#shared/schemas/organization';
import { badRequest, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { getOrganization, toOrganizationProfile, updateOrganizationProfile } from '../data/organizations';

const POLICY = new Set<string>(POLICY_FIELDS);

/** What the message names, by the fields sent. */
function savedMessage(fields: string[]): string {
  if (fields.every((f) => POLICY.has(f))) return 'The reminder settings are saved.';
  if (fields.every((f) => f === 'brandColor')) return 'The mail branding is saved.';
  return 'The organisation profile is saved.';
}

export const handler = endpoint({ body: organizationProfileUpdateSchema }, async ({ body, caller }) => {
  const fields = Object.entries(body).filter(([, v]) => v !== undefined).map(([k]) => k);
  if (!fields.length) throw badRequest('Nothing to update.');
  if (!(await updateOrganizationProfile(caller.orgId, body, caller.userId))) throw notFound('Your organisation was not found.');
  const org = await getOrganization(caller.orgId);
  return { message: savedMessage(fields), data: toOrganizationProfile(org!) };
});
