// GET /leads/forms/{formId}?apiKey= (public): what the public form page shows. The apiKey names the
// organisation (its name is shown on the page); a wrong key and an unknown form both answer 404
// 'This form is not available.'.
import { publicFormQuerySchema, getPublicFormReply } from '#shared/forms/schemas';
import { endpoint } from '#http/http';
import { regionOfZone } from '#lib/zone-region';
import { getOrganization, publicBrandOf } from '../data/organizations';
import { findPublicForm, toPublicForm } from '#domain/forms/views';

export const handler = endpoint({ query: publicFormQuerySchema, reply: getPublicFormReply }, async ({ query, params }) => {
  const { orgId, form, packages } = await findPublicForm(query.apiKey, params.formId);
  const org = await getOrganization(orgId);
  return { data: toPublicForm(form, packages, org?.name ?? '', org?.defaultLanguage ?? null, org ? publicBrandOf(org) : undefined, regionOfZone(org?.timeZone)) };
});
