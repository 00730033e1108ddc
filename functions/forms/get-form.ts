// One form with its fields and its linked packages, for the builder.
import { getFormReply } from '#shared/forms/schemas';
import { endpoint } from '#http/http';
import { notFound } from '#lib/errors';
import { formWithPackages, toFormView } from '#domain/forms/views';

export const handler = endpoint({ reply: getFormReply }, async ({ params, caller }) => {
  const found = await formWithPackages(caller.orgId, params.id);
  if (!found) throw notFound('Form not found.');
  return { data: toFormView(found.form, found.packages) };
});
