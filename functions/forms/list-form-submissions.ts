// GET /form-builder/form/{id}/submissions: a form's submissions with their answers, newest first.
import { pageQuerySchema, listFormSubmissionsReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getForm } from '../data/forms';
import { listFormSubmissions } from '../data/submissions';
import { toSubmissionView } from '#domain/forms/submissions';

export const handler = endpoint({ query: pageQuerySchema, reply: listFormSubmissionsReply }, async ({ query, params, caller }) => {
  const form = await getForm(caller.orgId, params.id);
  if (!form) throw notFound('Form not found.');
  const page = await listFormSubmissions(caller.orgId, form.id, query.limit, query.cursor);
  return { data: { items: page.items.map(toSubmissionView), nextCursor: page.nextCursor } };
});
