// Stripe's events for form payments (metadata.kind 'form-payment'), registered in
// functions/payments/lib/consumers.ts. Every change is a conditional move of the payment's state
// (pending -> paid once; pending -> expired; paid -> refunded), so a replay or a late event changes
// nothing. Paid: staff are told and the payer gets a receipt (mailed once, retried with the event
// if the mail fails).
import { formatDollars } from '#shared/forms/validate';
import type { CheckoutSession, StripeEvent } from '#lib/stripe';
import { sendMail } from '#lib/mail';
import { notifyStaff } from '../../data/notifications';
import { getOrganization } from '../../data/organizations';
import { getPayment, markReceiptSent, movePayment, type FormPaymentRecord } from '../../data/submissions';
import type { PaymentConsumer, PaymentRef } from '../../payments/lib/consumers';

function log(level: 'warn' | 'error', message: string, extra: Record<string, unknown> = {}) {
  console[level](JSON.stringify({ level, where: 'form-payment', message, ...extra }));
}

async function paymentOf(metadata: Record<string, string> | undefined): Promise<FormPaymentRecord | undefined> {
  const orgId = metadata?.orgId;
  const paymentId = metadata?.paymentId;
  if (!orgId || !paymentId) return undefined;
  const payment = await getPayment(orgId, paymentId);
  if (!payment) log('warn', 'Stripe event for an unknown form payment', { orgId, paymentId });
  return payment;
}

/** The receipt's text: amount, package, form, date, reference. */
export function receiptText(p: FormPaymentRecord, orgName: string, timeZone: string): string {
  const paidAt = new Date(p.paidAt ?? Date.now());
  const date = paidAt.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: timeZone || 'UTC' });
  return [
    `Thank you for your payment to ${orgName}.`,
    [
      `Amount: ${formatDollars(p.amountPaidCents ?? p.amountCents)} (USD)`,
      `Package: ${p.packageName}`,
      `Form: ${p.formName}`,
      `Date: ${date}`,
      `Reference: ${p.id}`,
    ].join('\n'),
    'Keep this email as your receipt.',
  ].join('\n\n');
}

async function mailReceipt(payment: FormPaymentRecord) {
  if (payment.status !== 'paid' || payment.receiptSentAt || !payment.payerEmail) return;
  const org = await getOrganization(payment.orgId);
  const orgName = org?.name ?? 'the clinic';
  await sendMail({ to: payment.payerEmail, subject: `Payment receipt from ${orgName}`, text: receiptText(payment, orgName, org?.timeZone ?? 'UTC') });
  await markReceiptSent(payment.orgId, payment.id);
}

export const formPaymentConsumer: PaymentConsumer = {
  async completed(session: CheckoutSession, _event: StripeEvent) {
    const payment = await paymentOf(session.metadata);
    if (!payment) return;
    if (session.amount_total !== payment.amountCents || session.currency !== payment.currency) {
      log('error', 'Paid amount differs from the recorded one', { paymentId: payment.id, expected: payment.amountCents, paid: session.amount_total, currency: session.currency });
    }
    const payerEmail = session.customer_details?.email ?? session.customer_email ?? payment.payerEmail;
    const moved = await movePayment(payment, ['pending', 'failed', 'expired'], 'paid', {
      stripeSessionId: session.id,
      paymentIntentId: session.payment_intent,
      amountPaidCents: session.amount_total,
      payerEmail,
      payerName: session.customer_details?.name ?? payment.payerName,
      paidAt: new Date().toISOString(),
    });
    const current = (await getPayment(payment.orgId, payment.id))!;
    if (moved) {
      await notifyStaff(payment.orgId, {
        title: 'Payment received',
        message: `${formatDollars(session.amount_total)} paid for "${payment.packageName}" on "${payment.formName}"${payerEmail ? ` by ${payerEmail}` : ''}.`,
        link: `/forms/leads/${payment.submissionId}`,
        module: 'FORMS',
      }).catch((error) => log('error', 'Could not notify staff of a payment', { paymentId: payment.id, error: (error as Error).message }));
    }
    // Also on a redelivery: a receipt whose mail failed before is sent now.
    if (current.stripeSessionId === session.id) await mailReceipt(current);
  },

  async expired(session: CheckoutSession) {
    const payment = await paymentOf(session.metadata);
    if (!payment) return;
    await movePayment(payment, ['pending'], 'expired', { stripeSessionId: session.id }, { onlyIfCurrent: true });
  },

  async refunded(ref: PaymentRef, refund: { paymentIntentId: string; amount: number; amountRefunded: number }) {
    const payment = await paymentOf({ ...ref.metadata, orgId: ref.orgId });
    if (!payment) return;
    const full = refund.amountRefunded >= refund.amount;
    const moved = await movePayment(payment, ['paid', 'partially_refunded'], full ? 'refunded' : 'partially_refunded', {
      refundedCents: refund.amountRefunded,
    });
    if (moved) {
      await notifyStaff(payment.orgId, {
        title: full ? 'Payment refunded' : 'Payment partly refunded',
        message: `${formatDollars(refund.amountRefunded)} of ${formatDollars(refund.amount)} refunded for "${payment.packageName}" on "${payment.formName}".`,
        link: `/forms/leads/${payment.submissionId}`,
        module: 'FORMS',
      }).catch((error) => log('error', 'Could not notify staff of a refund', { paymentId: payment.id, error: (error as Error).message }));
    }
  },
};
