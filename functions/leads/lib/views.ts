// What staff see of payments and leads.
import { currencyOf, fromMinor, type Currency } from '#shared/currency';
import type { FormPaymentRecord, SubmissionRecord } from '../../data/submissions';
import { toSubmissionView } from '#domain/forms/submissions';

/** `amount` in major units of `currency` (the spec's field), the minor units beside it. */
export type PaymentView = Omit<FormPaymentRecord, 'orgId'> & { amount: number; amountMinor: number; currency: Currency };

export function toPaymentView(p: FormPaymentRecord): PaymentView {
  const { orgId: _o, ...rest } = p;
  const currency = currencyOf(p.currency);
  return { ...rest, currency, amount: fromMinor(p.amountCents, currency), amountMinor: p.amountCents };
}

export function toLeadDetail(s: SubmissionRecord, payments: FormPaymentRecord[]) {
  return { ...toSubmissionView(s), payments: payments.map(toPaymentView) };
}
