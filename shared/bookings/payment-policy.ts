// How a booking package is paid (issue 36): in full now (the default, and every package saved before
// the choice existed), a deposit now with the rest at the visit, nothing now with a card held for fees
// (Stripe Checkout in setup mode), or nothing online at all (paid at the clinic). The policy a patient
// agrees to is worked out here from the package, shown on the booking page before they commit, and
// stored with the booking (`paymentPolicy`) as it was when they booked. Amounts are minor units of the
// package's currency (shared/currency.ts): a deposit of 20 % of ¥5,000 is 1000 'jpy'.
import * as z from 'zod/mini';
import { pure } from '../common/schemas';
import { currencyRules, formatMoney, minimumOf } from '../currency';

export const PAYMENT_MODES = ['full', 'deposit', 'card_on_file', 'at_clinic'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** A package's payment settings as stored (every field absent on packages from before: 'full'). */
export interface PackagePayment {
  paymentMode?: PaymentMode;
  depositPercent?: number | null;
  depositAmountMinor?: number | null;
  noShowFeeMinor?: number | null;
  lateCancelFeeMinor?: number | null;
  cancellationWindowHours?: number | null;
}

/** What the patient agreed to when they booked (stored with the booking; the fees are charged later on its saved card). */
export const paymentPolicyRecord = /* @__PURE__ */ pure(() => z.object({
  mode: z.enum(PAYMENT_MODES),
  /** Charged when booking: the price, the deposit, or 0. */
  dueNowMinor: z.number(),
  /** Paid at the clinic: the rest of the price after the deposit, the whole price, or 0. */
  dueAtVisitMinor: z.number(),
  /** What a no-show may be charged on the saved card (null: nothing). */
  noShowFeeMinor: z.nullable(z.number()),
  /** What a cancellation inside the window may be charged (null: nothing). */
  lateCancelFeeMinor: z.nullable(z.number()),
  /** Cancelling less than this many hours before the visit is late (null: no window). */
  cancellationWindowHours: z.nullable(z.number()),
}));
export type PaymentPolicy = z.output<typeof paymentPolicyRecord>;

/** The card held for a 'card_on_file' booking (Stripe's Customer of this patient at this clinic). */
export const savedCardRecord = /* @__PURE__ */ pure(() => z.object({ customerId: z.string(), paymentMethodId: z.string(), brand: z.string(), last4: z.string() }));
export type SavedCard = z.output<typeof savedCardRecord>;

export const modeOf = (p: PackagePayment): PaymentMode => p.paymentMode ?? 'full';

/**
 * The deposit of a price: its fixed amount, or the percentage rounded to the nearest amount the
 * currency can charge (its step: whole yen, KWD ending in 0), never below Stripe's minimum nor above the price.
 */
export function depositOf(priceMinor: number, currency: string, p: Pick<PackagePayment, 'depositPercent' | 'depositAmountMinor'>): number {
  if (p.depositAmountMinor != null) return p.depositAmountMinor;
  const { step } = currencyRules(currency);
  const raw = Math.round((priceMinor * (p.depositPercent ?? 0)) / 100 / step) * step;
  return Math.min(priceMinor, Math.max(minimumOf(currency), raw));
}

/** The policy a booking of this package agrees to. */
export function paymentPolicyOf(pkg: PackagePayment & { packagePriceCents: number; currency?: string }): PaymentPolicy {
  const mode = modeOf(pkg);
  const price = pkg.packagePriceCents;
  const dueNow = mode === 'full' ? price : mode === 'deposit' ? depositOf(price, pkg.currency ?? 'usd', pkg) : 0;
  return {
    mode,
    dueNowMinor: dueNow,
    dueAtVisitMinor: price - dueNow,
    noShowFeeMinor: pkg.noShowFeeMinor ?? null,
    lateCancelFeeMinor: pkg.lateCancelFeeMinor ?? null,
    cancellationWindowHours: pkg.cancellationWindowHours ?? null,
  };
}

/** The policy of a booking stored before the choice existed: everything paid at booking. */
export const fullPolicy = (priceMinor: number): PaymentPolicy => ({ mode: 'full', dueNowMinor: priceMinor, dueAtVisitMinor: 0, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: null });

export const PAYMENT_MESSAGES = {
  mode: `paymentMode must be one of ${PAYMENT_MODES.join(', ')}`,
  depositMissing: 'A deposit package needs a deposit: a percentage or an amount.',
  depositBoth: 'Give the deposit as a percentage or as an amount, not both.',
  depositPercent: 'The deposit is a whole percentage from 1 to 99.',
  depositBelowPrice: 'The deposit must be less than the price.',
  feeNeedsCard: 'Fees are charged on a card held at booking: choose "Card held for fees" to set them.',
  cardNeedsFee: 'A package that holds a card needs a no-show fee or a late-cancellation fee.',
  lateFeeNeedsWindow: 'A late-cancellation fee needs a cancellation window: how many hours before the visit a cancellation is late.',
  window: 'The cancellation window is a whole number of hours from 0 to 720.',
  price: (currency: string) => `A booking package paid online needs a price of at least ${formatMoney(minimumOf(currency), currency)}.`,
} as const;

/**
 * What is wrong with a package's payment settings as they would be saved (the price, in minor units
 * of `currency`), as the field and its message; undefined when they hold together. Checked on the
 * whole package after an edit, so a change of one field cannot leave the others meaningless.
 */
export function paymentSettingsProblem(p: PackagePayment, priceMinor: number, currency: string): { field: string; message: string } | undefined {
  const mode = modeOf(p);
  const rules = currencyRules(currency);
  const fees = p.noShowFeeMinor != null || p.lateCancelFeeMinor != null;
  if ((mode === 'full' || mode === 'deposit') && priceMinor < rules.minMinor) return { field: 'packagePrice', message: PAYMENT_MESSAGES.price(currency) };
  if (mode === 'deposit') {
    if (p.depositPercent == null && p.depositAmountMinor == null) return { field: 'depositPercent', message: PAYMENT_MESSAGES.depositMissing };
    if (p.depositPercent != null && p.depositAmountMinor != null) return { field: 'depositAmount', message: PAYMENT_MESSAGES.depositBoth };
    if (depositOf(priceMinor, currency, p) >= priceMinor) return { field: p.depositAmountMinor != null ? 'depositAmount' : 'depositPercent', message: PAYMENT_MESSAGES.depositBelowPrice };
  }
  if (fees && mode !== 'card_on_file') return { field: p.noShowFeeMinor != null ? 'noShowFee' : 'lateCancelFee', message: PAYMENT_MESSAGES.feeNeedsCard };
  if (mode === 'card_on_file' && !fees) return { field: 'noShowFee', message: PAYMENT_MESSAGES.cardNeedsFee };
  if (p.lateCancelFeeMinor != null && p.cancellationWindowHours == null) return { field: 'cancellationWindowHours', message: PAYMENT_MESSAGES.lateFeeNeedsWindow };
  for (const [field, minor] of [['noShowFee', p.noShowFeeMinor], ['lateCancelFee', p.lateCancelFeeMinor], ['depositAmount', p.depositAmountMinor]] as const) {
    // The amounts' decimals and steps were checked as they were read (parseAmount); a charge has Stripe's minimum.
    if (minor != null && minor < rules.minMinor) return { field, message: `Minimum ${formatMoney(rules.minMinor, currency)}` };
  }
  return undefined;
}
