// POST /leads/payments/session (public): a Stripe Checkout link for a submitted form's package.
// The server decides the price: the package's price, or for a custom-amount package the visitor's
// amount but never below the package price nor $0.50. Return addresses stay on this site.
// The payment is recorded (pending) before Checkout opens; Stripe's events move it on
// (forms/lib/payment-consumer.ts).
import { parseCustomAmount, messages } from '#shared/forms/validate';
import { MIN_AMOUNT_CENTS } from '#shared/forms/types';
import { paymentSessionSchema } from '#shared/schemas/forms';
import { badRequest, conflict, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { randomId } from '#lib/passwords';
import { createCheckoutSession } from '#lib/stripe';
import { getSubmission, movePayment, setPaymentSession, startPayment, type FormPaymentRecord } from '../data/submissions';
import { findPublicForm } from '../forms/lib/views';
import { publicFormUrl, sameSiteUrl } from './lib/return-url';

const ALREADY_PAID = 'This submission is paid already.';
const OFF_SITE = 'The return address must be on this site.';

export const handler = endpoint({ body: paymentSessionSchema }, async ({ body }) => {
  const { orgId, form, packages } = await findPublicForm(body.apiKey, body.formId);
  if (body.currency !== 'usd') throw badRequest('Only USD payments are supported.', { currency: 'Only USD payments are supported.' });
  const pkg = packages.find((p) => p.id === body.packageId);
  if (!pkg) throw badRequest(messages.unknownPackage, { packageId: messages.unknownPackage });
  if (!pkg.isPayable) throw badRequest('This package cannot be paid online.', { packageId: 'This package cannot be paid online.' });

  const given = body.amount !== undefined && body.amount !== null && body.amount !== '';
  let amountCents: number;
  if (pkg.customAmountEnabled) {
    const parsed = parseCustomAmount(body.amount, pkg.priceCents);
    if (parsed.error !== undefined) throw badRequest(parsed.error, { amount: parsed.error });
    amountCents = parsed.cents;
  } else {
    if (given) throw badRequest('This package has a fixed price; no amount may be sent.', { amount: 'This package has a fixed price; no amount may be sent.' });
    amountCents = pkg.priceCents;
    if (amountCents < MIN_AMOUNT_CENTS) throw badRequest('This package cannot be paid online.', { packageId: 'This package cannot be paid online.' });
  }

  const submission = await getSubmission(orgId, body.submissionId);
  if (!submission || submission.formId !== form.id) throw notFound('This submission is not available.');
  if (submission.packageId && submission.packageId !== pkg.id) {
    throw badRequest('The package differs from the one chosen in the form.', { packageId: 'The package differs from the one chosen in the form.' });
  }
  if (submission.paymentStatus === 'paid' || submission.paymentStatus === 'partially_refunded') throw conflict(ALREADY_PAID);

  const successUrl = sameSiteUrl(body.successUrl || publicFormUrl(form.id, body.apiKey, 'success'));
  const cancelUrl = sameSiteUrl(body.cancelUrl || publicFormUrl(form.id, body.apiKey, 'cancelled'));
  if (!successUrl) throw badRequest(OFF_SITE, { successUrl: OFF_SITE });
  if (!cancelUrl) throw badRequest(OFF_SITE, { cancelUrl: OFF_SITE });

  const now = new Date().toISOString();
  const payment: FormPaymentRecord = {
    id: randomId(10), orgId, formId: form.id, formName: form.name, submissionId: submission.id, packageId: pkg.id, packageName: pkg.name,
    amountCents, currency: 'usd', customAmount: pkg.customAmountEnabled, status: 'pending', stripeSessionId: null, paymentIntentId: null,
    payerEmail: submission.email, payerName: submission.name, amountPaidCents: null, refundedCents: null, paidAt: null, createdAt: now, updatedAt: now,
  };
  if (!(await startPayment(payment))) throw conflict(ALREADY_PAID);

  let session;
  try {
    session = await createCheckoutSession({
      amountCents,
      currency: 'usd',
      productName: `${pkg.name} (${form.name})`.slice(0, 250),
      successUrl,
      cancelUrl,
      customerEmail: submission.email ?? undefined,
      metadata: { kind: 'form-payment', orgId, paymentId: payment.id, formId: form.id, submissionId: submission.id },
      idempotencyKey: `form-payment-${payment.id}`,
    });
  } catch (error) {
    await movePayment(payment, ['pending'], 'failed', {}, { onlyIfCurrent: true }).catch(() => undefined);
    throw error;
  }
  await setPaymentSession(orgId, payment.id, session.id);
  return {
    status: 201,
    message: 'Redirecting to payment page...',
    data: { url: session.url, sessionId: session.id, paymentId: payment.id, amount: amountCents / 100, amountCents, currency: 'usd' },
  };
});
