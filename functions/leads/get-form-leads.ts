// POST /forms/get-leads {formId, limit?, cursor?} (older entry point): a form's leads with answers.
import { formLeadsSchema, getFormLeadsReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getForm } from '../data/forms';
import { listFormSubmissions } from '../data/submissions';
import { toSubmissionView } from '#domain/forms/submissions';

export const handler = endpoint({ body: formLeadsSchema, reply: getFormLeadsReply }, async ({ body, caller }) => {
  const form = await getForm(caller.orgId, body.formId);
  if (!form) throw notFound('Form not found.');
  const page = await listFormSubmissions(caller.orgId, form.id, body.limit, body.cursor);
  return { data: { items: page.items.map(toSubmissionView), nextCursor: page.nextCursor } };
});
