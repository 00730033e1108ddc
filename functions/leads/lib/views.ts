// What staff see of payments and leads.
import { currencyOf, fromMinor, type Currency } from '#shared/currency';
import type { FormPaymentRecord, SubmissionRecord } from '../../data/submissions';
import { toSubmissionView } from '#domain/forms/submissions';

/** `amount` in major units of `currency` (the spec's field), the minor units beside it. */
export type PaymentView = Omit<FormPaymentRecord, 'orgId' | 'refundAt' | 'refundsFailed'> & { amount: number; amountMinor: number; currency: Currency };

export function toPaymentView(p: FormPaymentRecord): PaymentView {
  // Without what it keeps of Stripe's refund events (domain/payments/refund-order.ts).
  const { orgId: _o, refundAt: _at, refundsFailed: _failed, ...rest } = p;
  const currency = currencyOf(p.currency);
  return { ...rest, currency, amount: fromMinor(p.amountCents, currency), amountMinor: p.amountCents };
}

export function toLeadDetail(s: SubmissionRecord, payments: FormPaymentRecord[]) {
  return { ...toSubmissionView(s), payments: payments.map(toPaymentView) };
}
