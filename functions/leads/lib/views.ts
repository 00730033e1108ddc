// What staff see of payments and leads.
import { centsToDollars } from '#shared/forms/validate';
import type { FormPaymentRecord, SubmissionRecord } from '../../data/submissions';
import { toSubmissionView } from '../../forms/lib/submissions';

export type PaymentView = Omit<FormPaymentRecord, 'orgId'> & { amount: number };

export function toPaymentView(p: FormPaymentRecord): PaymentView {
  const { orgId: _o, ...rest } = p;
  return { ...rest, amount: centsToDollars(p.amountCents) };
}

export function toLeadDetail(s: SubmissionRecord, payments: FormPaymentRecord[]) {
  return { ...toSubmissionView(s), payments: payments.map(toPaymentView) };
}
