// Save an existing form as a whole: its fields in the new order (reordering is saving a new order),
// its texts, and its packages when packageIds is given.
import { formSchema, updateFormReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getForm, updateForm } from '../data/forms';
import { checkPackageLinks, normaliseFields } from './lib/form-input';
import { formWithPackages, toFormView } from '#domain/forms/views';

export const handler = endpoint({ body: formSchema, reply: updateFormReply }, async ({ body, params, caller }) => {
  const existing = await getForm(caller.orgId, params.id);
  if (!existing) throw notFound('Form not found.');
  const fields = normaliseFields(body.fields);
  const links = body.packageIds
    ? await checkPackageLinks(caller.orgId, body.packageIds, body.packageId)
    : body.packageId !== undefined
      ? await checkPackageLinks(caller.orgId, existing.packageIds ?? [], body.packageId)
      : { packageIds: existing.packageIds ?? [], packageId: existing.packageId ?? null };
  const now = new Date().toISOString();
  const changes = {
    name: body.name, description: body.description, fields, ...links, redirectUrl: body.redirectUrl,
    successMessage: body.successMessage, submitButtonText: body.submitButtonText, secondButtonText: body.secondButtonText, updatedAt: now,
  };
  if (!(await updateForm(existing, changes, caller.userId, `Saved form "${body.name}" (${fields.length} fields)`))) throw notFound('Form not found.');
  const saved = (await formWithPackages(caller.orgId, existing.id))!;
  return { message: 'Form saved.', data: toFormView(saved.form, saved.packages) };
});
