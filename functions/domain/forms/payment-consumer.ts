// Stripe's events for form payments (metadata.kind 'form-payment'), registered in
// functions/domain/payments/consumers.ts. Every change is a conditional move of the payment's state
// (pending -> paid once; pending -> expired; paid -> refunded), carrying its staff notice and the
// payer's receipt as outbox rows with ids derived from the payment (`receipt-<paymentId>`), in the
// same transaction: one session completed under several event ids at once gives one receipt.
// A paid amount (or currency) that differs from the price is still recorded as paid (the payer was
// charged), but flagged (needsAttention), staff are told, and the audit log says so.
// An event for a payment that does not exist (yet) is handed back (PaymentTargetMissing).
import { formatMoney } from '#shared/currency';
import { patientLocale } from '#shared/i18n/locales';
import { patientIntlTag } from '#lib/zone-region';
import { countMetric, log } from '#lib/log';
import type { CheckoutSession } from '#lib/stripe';
import type { Mail } from '#lib/mail';
import { auditItem } from '../../data/audit';
import { retryOnConflict, TRY_AGAIN, type TransactItem } from '../../data/core';
import type { NotifyInput } from '../../data/notice';
import { getOrganization } from '../../data/organizations';
import { outboxMail, outboxNotice } from '../../data/outbox';
import { moneyDelta, reportDayOf, type ReportDelta } from '../../data/reports';
import { getPayment, getSubmission, movePayment, PAID_STATES, type FormPaymentRecord } from '../../data/submissions';
import { paymentEventItems, type PaymentObject } from '../../data/webhooks';
import { amountText, differenceNote, paidDifference, STRIPE_ACTOR } from '#domain/payments/amounts';
import { PaymentTargetMissing, type PaymentConsumer, type PaymentRef, type Refund } from '#domain/payments/contract';
import { formRefundFailed } from '#domain/payments/refund-failed';
import { refundKey, refundStep } from '#domain/payments/refund-order';
import { patientTexts } from '#lib/i18n';

async function paymentOf(metadata: Record<string, string> | undefined): Promise<FormPaymentRecord | undefined> {
  const orgId = metadata?.orgId;
  const paymentId = metadata?.paymentId;
  if (!orgId || !paymentId) return undefined;
  const payment = await getPayment(orgId, paymentId);
  if (payment) return payment;
  if (await getOrganization(orgId)) throw new PaymentTargetMissing(`Form payment ${paymentId} of ${orgId}`);
  log.warn('Stripe event for a payment of an organisation that is gone', { orgId, paymentId });
  return undefined;
}

/** The outbox id of a payment's mail or notice about `what` (payment ids are unique within an organisation). */
const rowId = (what: string, p: Pick<FormPaymentRecord, 'orgId' | 'id'>) => `${what}-${p.orgId}-${p.id}`;

/** The receipt's text: amount, package, form, date, reference; in the payer's language (the payment's locale). */
export function receiptText(p: FormPaymentRecord, orgName: string, timeZone: string, currency: string = p.currency): string {
  const t = patientTexts(p.locale);
  const paidAt = new Date(p.paidAt ?? Date.now());
  const date = paidAt.toLocaleString(!p.locale || p.locale === 'en' ? 'en-US' : p.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: timeZone || 'UTC' });
  return [
    t('receipt.thanks', { clinic: orgName }),
    [
      // The amount as the payments code writes it (its format is the currency work's).
      t('line.amount', { amount: amountText(p.amountPaidCents ?? p.amountCents, currency, patientIntlTag(p.locale, timeZone)), currency: currency.toUpperCase() }),
      t('line.package', { value: p.packageName }),
      t('line.form', { value: p.formName }),
      t('line.date', { value: date }),
      t('line.reference', { value: p.id }),
    ].join('\n'),
    t('receipt.keep'),
  ].join('\n\n');
}

export function receiptMail(p: FormPaymentRecord, to: string, org: { name?: string; timeZone?: string } | undefined, currency: string): Mail {
  const t = patientTexts(p.locale);
  const orgName = org?.name ?? t('clinic.fallback');
  return { to, fromClinic: true, locale: patientLocale(p.locale), subject: t('receipt.subject', { clinic: orgName }), text: receiptText(p, orgName, org?.timeZone ?? 'UTC', currency) };
}

/** A staff notice about a payment, as an outbox row under `id`. */
const notice = (p: FormPaymentRecord, id: string, title: string, message: string): TransactItem =>
  outboxNotice(id, p.orgId, { title, message, link: `/forms/leads/${p.submissionId}`, module: 'FORMS', ...(p.payerEmail ? { about: p.payerEmail } : {}) } satisfies NotifyInput);

/** The webhook object of a form payment (functions/data/webhooks.ts). */
const paymentObject = (p: FormPaymentRecord, id: string, status: PaymentObject['status'], amountCents: number, refundedCents: number): PaymentObject => ({
  object: 'payment',
  id,
  for: { type: 'form_submission', id: p.submissionId },
  status,
  amountCents,
  refundedCents,
  currency: p.currency,
});

export const formPaymentConsumer: PaymentConsumer = {
  async completed(session: CheckoutSession) {
    const payment = await paymentOf(session.metadata);
    if (!payment) return;
    const org = await getOrganization(payment.orgId);
    const at = new Date().toISOString();
    const difference = paidDifference({ cents: payment.amountCents, currency: payment.currency }, session);
    const payerEmail = session.customer_details?.email ?? session.customer_email ?? payment.payerEmail;
    const fields: Partial<FormPaymentRecord> = {
      stripeSessionId: session.id,
      paymentIntentId: session.payment_intent,
      amountPaidCents: session.amount_total,
      payerEmail,
      payerName: session.customer_details?.name ?? payment.payerName,
      paidAt: at,
      needsAttention: difference ? differenceNote(difference) : null,
    };
    const paid: FormPaymentRecord = { ...payment, ...fields, status: 'paid' };
    const paidText = amountText(session.amount_total, session.currency);
    const rows: TransactItem[] = [
      notice(paid, rowId('payment-received', payment), 'Payment received', `${paidText} paid for "${payment.packageName}" on "${payment.formName}"${payerEmail ? ` by ${payerEmail}` : ''}.`),
      ...(payerEmail ? [outboxMail(rowId('receipt', payment), receiptMail(paid, payerEmail, org, session.currency), payment.orgId)] : []),
      ...(await paymentEventItems(
        payment.orgId,
        'payment.succeeded',
        { ...paymentObject(payment, session.payment_intent ?? session.id, 'succeeded', session.amount_total, 0), currency: session.currency },
        `payment-succeeded-${session.payment_intent ?? session.id}`,
        at,
      )),
    ];
    if (difference) {
      rows.push(
        notice(paid, rowId('payment-amount', payment), 'Payment needs attention', `${difference.paid} was paid for "${payment.packageName}" on "${payment.formName}", but the price is ${difference.price}. Please check the payment.`),
        auditItem({
          orgId: payment.orgId, actorId: STRIPE_ACTOR, module: 'FORMS', action: 'update', recordType: 'form-payment', recordId: payment.id, at,
          summary: `Payment of ${difference.paid} for "${payment.packageName}" on "${payment.formName}" differs from the price ${difference.price}: recorded as paid and flagged for staff`,
        }),
      );
    }
    /** Counts the payment once this delivery recorded it. */
    const countPaid = () => {
      countMetric('PaymentsSucceeded', 1, { kind: 'form', orgId: payment.orgId });
      if (difference) countMetric('PaymentsNeedingAttention', 1, { kind: 'form', orgId: payment.orgId });
    };
    // Report figures: the money on the day it came in; the lead as paid on its own day, only with its
    // first payment (the submission must still be unpaid when this move commits).
    const received = moneyDelta('paid', reportDayOf(at, org?.timeZone), session.currency, session.amount_total);
    const lead = await getSubmission(payment.orgId, payment.submissionId);
    if (lead?.reportDay && !PAID_STATES.includes(lead.paymentStatus as FormPaymentRecord['status'])) {
      const leadPaid: ReportDelta = { day: lead.reportDay, figure: 'leads:paid', by: 1 };
      if (await movePayment(payment, ['pending', 'failed', 'expired'], 'paid', fields, { also: rows, report: [...received, leadPaid], submissionUnpaid: true })) return countPaid();
      // Paid already (a replay: the move below changes nothing either), or the lead was paid by another of its payments.
    }
    // False when it is paid already (the same session under another event id): nothing more to do.
    if (await movePayment(payment, ['pending', 'failed', 'expired'], 'paid', fields, { also: rows, report: received })) countPaid();
  },

  async expired(session: CheckoutSession) {
    const payment = await paymentOf(session.metadata);
    if (!payment) return;
    await movePayment(payment, ['pending'], 'expired', { stripeSessionId: session.id }, { onlyIfCurrent: true });
  },

  // A refund that failed after it was made: corrected once (domain/payments/refund-failed.ts).
  refundFailed: (ref, refund) => formRefundFailed(ref.orgId, ref.metadata.paymentId, refund),

  async refunded(ref: PaymentRef, refund: Refund) {
    const org = await getOrganization(ref.orgId);
    // Read, decide and move; when another refund was recorded meanwhile, read again (3 tries, then left as it is).
    return retryOnConflict<void>(async () => {
      const payment = await paymentOf({ ...ref.metadata, orgId: ref.orgId });
      if (!payment) return;
      // Refunded before its payment was recorded (events come in any order): deliver it again later.
      if (payment.status === 'pending') throw new PaymentTargetMissing(`The payment of form payment ${payment.id}`);
      // Stripe's running total as of the event's time, less refunds failed since (domain/payments/refund-order.ts).
      const step = refundStep(payment.refundedCents ?? 0, payment, refund);
      if (step === 'later') throw new PaymentTargetMissing(`The failed refund that lowered the refunds of form payment ${payment.id}`);
      if (step === 'recorded') return; // this refund (or a later one) is recorded, or a failed one's older count
      const total = step.take;
      const full = total >= refund.amount;
      const key = refundKey(total, payment);
      // What this refund adds to the refunds recorded (Stripe sends the running total), on today's figures.
      const refunded = moneyDelta('refunded', reportDayOf(new Date(), org?.timeZone), payment.currency, total - (payment.refundedCents ?? 0));
      const moved = await movePayment(payment, ['paid', 'partially_refunded'], full ? 'refunded' : 'partially_refunded', { refundedCents: total, refundAt: refund.at }, {
        refundedBelow: total,
        refundedWas: payment.refundedCents ?? null,
        failuresWas: payment.refundsFailed?.length ?? 0,
        report: refunded,
        also: [
          ...(await paymentEventItems(
            payment.orgId,
            'payment.refunded',
            paymentObject(payment, refund.paymentIntentId, full ? 'refunded' : 'partially_refunded', refund.amount, total),
            `payment-refunded-${refund.paymentIntentId}-${key}`,
            new Date().toISOString(),
          )),
          notice(
            payment,
            rowId(`payment-refunded-${key}`, payment),
            full ? 'Payment refunded' : 'Payment partly refunded',
            `${formatMoney(total, payment.currency)} of ${formatMoney(refund.amount, payment.currency)} refunded for "${payment.packageName}" on "${payment.formName}".`,
          ),
        ],
      });
      if (moved) return countMetric('PaymentsRefunded', 1, { kind: 'form', orgId: payment.orgId });
      if (!['paid', 'partially_refunded'].includes(payment.status)) return;
      return TRY_AGAIN; // another refund was recorded meanwhile: read again
    }, { attempts: 3, exhaustedResult: () => undefined });
  },
};
