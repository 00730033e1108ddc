// GET /leads/payment-submissions/form/{id}: a form's payments, newest first, one page. Payments of a
// deleted form stay listed; an id that is neither a form nor has payments is 404.
import { pageQuerySchema, listFormPaymentsReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getForm } from '../data/forms';
import { listFormPayments } from '../data/submissions';
import { toPaymentView } from './lib/views';

export const handler = endpoint({ query: pageQuerySchema, reply: listFormPaymentsReply }, async ({ query, params, caller }) => {
  const page = await listFormPayments(caller.orgId, params.id, query.limit, query.cursor);
  if (page.items.length === 0 && !query.cursor && !(await getForm(caller.orgId, params.id))) throw notFound('Form not found.');
  return { data: { items: page.items.map(toPaymentView), nextCursor: page.nextCursor } };
});
