// POST /leads/payments/session (public): a Stripe Checkout link for a submitted form's package.
// The server decides the price: the package's price, or for a custom-amount package the visitor's
// amount (in the package's currency) but never below the package price nor Stripe's minimum for the
// currency ($0.50, ¥50, ...). Return addresses stay on this site.
// The payment is recorded (pending) before Checkout opens; Stripe's events move it on
// (domain/forms/payment-consumer.ts). Idempotent: the payment's id comes from the Idempotency-Key, so a
// retry that takes over an unfinished attempt finds the pending payment and continues with it (Stripe's
// own idempotency key is the payment's: the same session), never a second payment.
import { parseCustomAmount, messages } from '#shared/forms/validate';
import { currencyOf, minimumOf } from '#shared/currency';
import { paymentSessionSchema, createPaymentSessionReply } from '#shared/forms/schemas';
import { badRequest, conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { withReply } from '#lib/request-scope';
import { createCheckoutSession } from '#lib/stripe';
import { getPayment, getSubmission, movePayment, setPaymentSession, startPayment, type FormPaymentRecord } from '../data/submissions';
import { findPublicForm } from '#domain/forms/views';
import { publicFormUrl, sameSiteUrl } from './lib/return-url';
import { stripeLocaleOf } from '#shared/i18n/locales';

const ALREADY_PAID = 'This submission is paid already.';
const OFF_SITE = 'The return address must be on this site.';
/** A key's tries at most: a try whose checkout failed stays as it is, and the next one is a new payment. */
const MAX_TRIES = 5;
/**
 * The Checkout session's end, fixed from the payment's creation so a resumed request sends Stripe the
 * same parameters; a minute over Stripe's 30-minute minimum, so a retry soon after still meets it.
 */
const CHECKOUT_SECONDS = 31 * 60;

export const handler = endpoint({ body: paymentSessionSchema, reply: createPaymentSessionReply }, async ({ body, newId }) => {
  const { orgId, form, packages } = await findPublicForm(body.apiKey, body.formId);
  const pkg = packages.find((p) => p.id === body.packageId);
  if (!pkg) throw badRequest(messages.unknownPackage, { packageId: messages.unknownPackage });
  // The package's currency decides; a page that names another (an old page said 'usd') is out of date.
  const currency = currencyOf(pkg.currency);
  if (body.currency && body.currency !== currency) {
    const wrong = `This package is priced in ${currency.toUpperCase()}. Please reload the page.`;
    throw badRequest(wrong, { currency: wrong });
  }
  if (!pkg.isPayable) throw badRequest('This package cannot be paid online.', { packageId: 'This package cannot be paid online.' });

  const given = body.amount !== undefined && body.amount !== null && body.amount !== '';
  let amountCents: number;
  if (pkg.customAmountEnabled) {
    const parsed = parseCustomAmount(body.amount, pkg.priceCents, currency);
    if (parsed.error !== undefined) throw badRequest(parsed.error, { amount: parsed.error });
    amountCents = parsed.cents;
  } else {
    if (given) throw badRequest('This package has a fixed price; no amount may be sent.', { amount: 'This package has a fixed price; no amount may be sent.' });
    amountCents = pkg.priceCents;
    if (amountCents < minimumOf(currency)) throw badRequest('This package cannot be paid online.', { packageId: 'This package cannot be paid online.' });
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

  // The visitor's language: the lead's, else the page's; Checkout and the receipt use it.
  const locale = submission.locale ?? body.locale;
  let payment: FormPaymentRecord | undefined;
  for (let tries = 0; !payment; tries++) {
    if (tries === MAX_TRIES) throw conflict('This payment was tried too many times. Please reload the page and try again.');
    const id = newId(tries ? `payment-${tries}` : 'payment');
    const existing = await getPayment(orgId, id);
    if (existing?.status === 'pending') payment = existing;
    else if (existing && existing.status !== 'failed' && existing.status !== 'expired') throw conflict(ALREADY_PAID);
    else if (!existing) {
      const now = new Date().toISOString();
      const fresh: FormPaymentRecord = {
        id, orgId, formId: form.id, formName: form.name, submissionId: submission.id, packageId: pkg.id, packageName: pkg.name,
        amountCents, currency, customAmount: pkg.customAmountEnabled, status: 'pending', stripeSessionId: null, paymentIntentId: null,
        payerEmail: submission.email, payerName: submission.name, amountPaidCents: null, refundedCents: null, paidAt: null, createdAt: now, updatedAt: now,
        ...(locale ? { locale } : {}),
      };
      if (!(await startPayment(fresh))) throw conflict(ALREADY_PAID);
      payment = fresh;
    }
  }

  let session;
  try {
    session = await createCheckoutSession({
      amountCents: payment.amountCents,
      currency: currencyOf(payment.currency),
      productName: `${pkg.name} (${form.name})`.slice(0, 250),
      successUrl,
      cancelUrl,
      customerEmail: submission.email ?? undefined,
      metadata: { kind: 'form-payment', orgId, paymentId: payment.id, formId: form.id, submissionId: submission.id },
      expiresAt: Math.floor(Date.parse(payment.createdAt) / 1000) + CHECKOUT_SECONDS,
      idempotencyKey: `form-payment-${payment.id}`,
      locale: stripeLocaleOf(payment.locale),
    });
  } catch (error) {
    await movePayment(payment, ['pending'], 'failed', {}, { onlyIfCurrent: true }).catch(() => undefined);
    throw error;
  }
  const reply = {
    status: 201,
    message: 'Redirecting to payment page...',
    data: { url: session.url, sessionId: session.id, paymentId: payment.id, amountMinor: payment.amountCents, currency: currencyOf(payment.currency) },
  };
  await withReply(reply, () => setPaymentSession(orgId, payment.id, session.id));
  return reply;
});
