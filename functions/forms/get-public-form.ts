// GET /leads/forms/{formId}?apiKey= (public): what the public form page shows. The apiKey names the
// organisation; a wrong key and an unknown form both answer 404 'This form is not available.'.
import { publicFormQuerySchema } from '#shared/schemas/forms';
import { endpoint } from '#lib/http';
import { findPublicForm, toPublicForm } from './lib/views';

export const handler = endpoint({ query: publicFormQuerySchema }, async ({ query, params }) => {
  const { form, packages } = await findPublicForm(query.apiKey, params.formId!);
  return { data: toPublicForm(form, packages) };
});
