// Delete a form. Its submissions (leads) and payments stay: they are records of what visitors sent
// and paid, and keep the form's name.
import { deleteFormReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { deleteForm, getForm } from '../data/forms';

export const handler = endpoint({ reply: deleteFormReply }, async ({ params, caller }) => {
  const form = await getForm(caller.orgId, params.id);
  if (!form || !(await deleteForm(form, caller.userId))) throw notFound('Form not found.');
  return { message: 'Form deleted.', data: { id: form.id } };
});
