// Save a new form of the form builder: typed fields in display order, texts of the public page, and
// optionally its packages. Counts towards the dashboard's forms.
import { formSchema, createFormReply } from '#shared/forms/schemas';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { createForm, type FormRecord } from '../data/forms';
import { checkPackageLinks, normaliseFields } from './lib/form-input';
import { toFormView } from '#domain/forms/views';

export const handler = endpoint({ body: formSchema, reply: createFormReply }, async ({ body, caller }) => {
  const fields = normaliseFields(body.fields);
  const links = await checkPackageLinks(caller.orgId, body.packageIds ?? [], body.packageId);
  const now = new Date().toISOString();
  const form: FormRecord = {
    id: randomId(10),
    orgId: caller.orgId,
    name: body.name,
    description: body.description,
    fields,
    ...links,
    redirectUrl: body.redirectUrl,
    successMessage: body.successMessage,
    submitButtonText: body.submitButtonText,
    secondButtonText: body.secondButtonText,
    createdBy: caller.userId,
    createdAt: now,
    updatedAt: now,
  };
  await createForm(form, caller.userId, `Created form "${form.name}" (${fields.length} fields)`);
  return { status: 201, message: 'Form saved.', data: toFormView(form) };
});
