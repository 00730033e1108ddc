// POST /forms/create {formName}: the older entry point; a named form with no fields yet, which the
// builder then fills in (PUT /form-builder/form/{id}).
import { legacyCreateFormSchema, createFormLegacyReply } from '#shared/forms/schemas';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { createForm, type FormRecord } from '../data/forms';
import { toFormView } from '#domain/forms/views';

export const handler = endpoint({ body: legacyCreateFormSchema, reply: createFormLegacyReply }, async ({ body, caller }) => {
  const now = new Date().toISOString();
  const form: FormRecord = {
    id: randomId(10), orgId: caller.orgId, name: body.formName, description: '', fields: [], packageIds: [], packageId: null,
    redirectUrl: '', successMessage: '', submitButtonText: '', secondButtonText: '', createdBy: caller.userId, createdAt: now, updatedAt: now,
  };
  await createForm(form, caller.userId, `Created form "${form.name}"`);
  return { status: 201, message: 'Form created.', data: toFormView(form) };
});
