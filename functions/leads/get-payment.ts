// GET /payment/submission/{id}: one payment's state (pending, paid, expired, failed, refunded).
import { getPaymentReply } from '#shared/forms/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getPayment } from '../data/submissions';
import { toPaymentView } from './lib/views';

export const handler = endpoint({ reply: getPaymentReply }, async ({ params, caller }) => {
  const payment = await getPayment(caller.orgId, params.id);
  if (!payment) throw notFound('Payment not found.');
  return { data: toPaymentView(payment) };
});
