// What a session's payment says against the price it was opened for. The server prices every session,
// so a difference means something went wrong (or someone tampered with Stripe): the payment is still
// recorded as paid, because the payer was charged, but it is flagged for staff, who are told.
import { currencyOf, formatMoney, isCurrency } from '#shared/currency';
import type { AuditActor } from '#shared/organization/schemas';
import type { CheckoutSession } from '#lib/stripe';

/**
 * '$40.00' for 4000 'usd', '¥5,000' for 5000 'jpy' (Stripe's minor units), as `intlTag` writes them
 * ('de-DE': '40,00 €'); the amount and the code for a currency we do not charge in.
 */
export function amountText(minor: number, currency: string, intlTag = 'en-US'): string {
  const code = currency.toLowerCase();
  return isCurrency(code) ? formatMoney(minor, code, intlTag) : `${minor} ${currency.toUpperCase()} (minor units)`;
}

export interface PaidDifference {
  paid: string;
  price: string;
}

/** How the paid amount differs from the price, or undefined when it does not. */
export function paidDifference(price: { cents: number; currency?: string }, session: Pick<CheckoutSession, 'amount_total' | 'currency'>): PaidDifference | undefined {
  const currency = (session.currency ?? '').toLowerCase();
  // A price stored before currencies is in USD.
  const priced = currencyOf(price.currency);
  if (session.amount_total === price.cents && currency === priced) return undefined;
  return { paid: amountText(session.amount_total ?? 0, currency || '?'), price: amountText(price.cents, priced) };
}

/** The note staff see on the flagged payment or booking. */
export const differenceNote = (d: PaidDifference) =>
  `Paid ${d.paid}, but the price is ${d.price}. The payment is recorded as paid: check it in Stripe, then refund or collect the difference.`;

/** Who the audit log names for changes Stripe's events make. */
export const STRIPE_ACTOR = 'stripe' satisfies AuditActor;
