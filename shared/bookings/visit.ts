// After the visit (issue 36, point 3): what staff record of a booking once its time has come (attended,
// no-show, late cancellation), the fee charged off-session on the card the patient saved, the balance
// paid at the clinic, and the one payment state every booking shows. The stored shapes, the requests'
// schemas and the state's rule live here so the handlers, the console and the webhooks read one copy.
import * as z from 'zod/mini';
import { CURRENCIES, currencyOf, formatMoney } from '../currency';
import { parseMoney, moneyMessage } from '../money-text';
import { pure } from '../common/schemas';
import { goesAhead } from './goes-ahead';

export const ATTENDANCES = ['attended', 'no_show', 'late_cancellation'] as const;
export type Attendance = (typeof ATTENDANCES)[number];

/** The attendances that may carry a fee, by the policy's field that prices it. */
export const FEE_KINDS = ['no_show', 'late_cancellation'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

/**
 * A fee's life: 'pending' from the moment it is written (before Stripe is asked) until Stripe's answer
 * is recorded; then 'charged', 'declined' (the card refused it; staff may try again) or
 * 'requires_action' (the bank wants the patient to authenticate: they were mailed a link).
 */
export const FEE_STATUSES = ['pending', 'charged', 'declined', 'requires_action'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

// The policy the patient agreed to and their saved card: shared/bookings/payment-policy.ts.
export { paymentPolicyRecord, savedCardRecord } from './payment-policy';

/** The fee of a no-show or a late cancellation, as stored with the booking (`fee`). */
export const bookingFeeRecord = /* @__PURE__ */ pure(() => z.object({
  kind: z.enum(FEE_KINDS),
  amountMinor: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(FEE_STATUSES),
  /** Which try this is (1, then +1 after a decline): part of the Stripe idempotency key. */
  attempt: z.number(),
  paymentIntentId: z.nullable(z.string()),
  /** Why Stripe refused it, as its message says (a declined card). */
  declineMessage: z.nullable(z.string()),
  /** While 'requires_action': the page the patient was mailed, where they authenticate and pay. */
  authenticationUrl: z.nullable(z.string()),
  refundedMinor: z.number(),
  requestedAt: z.string(),
  requestedBy: z.string(),
  chargedAt: z.nullable(z.string()),
}));
export type BookingFee = z.output<typeof bookingFeeRecord>;

export const CLINIC_PAYMENT_METHODS = ['cash', 'card_terminal'] as const;

/** The balance paid at the clinic, as staff recorded it (`clinicPayment`). */
export const clinicPaymentRecord = /* @__PURE__ */ pure(() => z.object({
  amountMinor: z.number(),
  currency: z.enum(CURRENCIES),
  method: z.enum(CLINIC_PAYMENT_METHODS),
  recordedAt: z.string(),
  recordedBy: z.string(),
}));
export type ClinicPayment = z.output<typeof clinicPaymentRecord>;

export const PAYMENT_STATES = [
  'awaiting_payment',
  'unpaid',
  'paid_in_full',
  'deposit_paid_balance_due',
  'card_held',
  'due_at_clinic',
  'paid_at_clinic',
  'fee_pending',
  'fee_charged',
  'fee_declined',
  'fee_awaiting_authentication',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What staff read of each state (the console's badge). */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  awaiting_payment: 'Awaiting payment',
  unpaid: 'Unpaid',
  paid_in_full: 'Paid in full',
  deposit_paid_balance_due: 'Deposit paid, balance due',
  card_held: 'Card held',
  due_at_clinic: 'To pay at the clinic',
  paid_at_clinic: 'Paid at the clinic',
  fee_pending: 'Fee being charged',
  fee_charged: 'Fee charged',
  fee_declined: 'Fee declined',
  fee_awaiting_authentication: 'Fee awaiting authentication',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

/** The fields the state is read from (a stored booking or its view). */
export interface PaymentStateInput {
  status: string;
  paymentStatus: string;
  priceCents: number;
  amountPaidCents: number | null;
  refundedCents: number | null;
  paymentPolicy?: { mode: string } | null;
  savedCard?: unknown;
  fee?: Pick<BookingFee, 'status' | 'refundedMinor' | 'amountMinor'> | null;
  clinicPayment?: unknown;
  attendance?: string | null;
}

/**
 * The one payment state a booking shows, most recent money first: a fee (charged, refused, waiting for
 * the patient), a refund, the balance paid at the clinic, then what was agreed when booking. A booking
 * that no longer goes ahead (cancelled, expired, the patient marked absent: goes-ahead.ts) is not 'to
 * pay at the clinic': nothing paid reads 'unpaid'.
 */
export function paymentStateOf(b: PaymentStateInput): PaymentState {
  if (b.fee) {
    if (b.fee.status === 'charged') return b.fee.refundedMinor >= b.fee.amountMinor ? 'refunded' : b.fee.refundedMinor > 0 ? 'partially_refunded' : 'fee_charged';
    if (b.fee.status === 'declined') return 'fee_declined';
    if (b.fee.status === 'requires_action') return 'fee_awaiting_authentication';
    return 'fee_pending';
  }
  if (b.paymentStatus === 'refunded') return 'refunded';
  if (b.paymentStatus === 'partially_refunded') return 'partially_refunded';
  if (b.clinicPayment) return 'paid_at_clinic';
  const mode = b.paymentPolicy?.mode ?? 'full';
  if (b.status === 'held' || b.paymentStatus === 'pending') return 'awaiting_payment';
  const due = goesAhead(b) ? 'due_at_clinic' : 'unpaid';
  if (mode === 'card_on_file') return b.savedCard ? 'card_held' : due;
  if (mode === 'at_clinic') return due;
  if (b.paymentStatus !== 'paid') return 'unpaid';
  if (mode === 'deposit' || (b.amountPaidCents ?? 0) < b.priceCents) return 'deposit_paid_balance_due';
  return 'paid_in_full';
}

/** What is left to pay at the visit: the price less what was paid online and at the clinic (never below 0). */
export function balanceDueMinor(b: { priceCents: number; amountPaidCents: number | null; clinicPayment?: { amountMinor: number } | null; paymentPolicy?: { mode: string } | null }): number {
  return Math.max(0, b.priceCents - (b.amountPaidCents ?? 0) - (b.clinicPayment?.amountMinor ?? 0));
}

export const VISIT_MESSAGES = {
  attendance: 'Choose attended, no-show or late cancellation',
  method: 'Choose cash or card terminal',
  refundWhat: 'Choose the deposit or the fee',
} as const;

/** POST /bookings/booking/{id}/attendance. */
export const attendanceSchema = z.object({ attendance: z.enum(ATTENDANCES, VISIT_MESSAGES.attendance) });

/**
 * An amount as staff type it in the clinic's currency ('45,50' or '45.50', as the price field reads
 * it): the API reads the text with the clinic's currency (the handler knows it), so the body is text
 * or a number in major units.
 */
const amountText = z.union([z.string('Amount is required'), z.number('Amount is required')], 'Amount is required');

/** POST /bookings/booking/{id}/clinic-payment. */
export const clinicPaymentSchema = z.object({
  amount: amountText,
  method: z.enum(CLINIC_PAYMENT_METHODS, VISIT_MESSAGES.method),
  /** The typing person's language, to read '1.234,56' as they meant it (the console sends navigator.language). */
  locale: z.optional(z.string().check(z.maxLength(35))),
});

/** POST /bookings/booking/{id}/refund: what to refund and how much (at most what was paid and not refunded). */
export const visitRefundSchema = z.object({
  what: z.enum(['deposit', 'fee'], VISIT_MESSAGES.refundWhat),
  amount: amountText,
  locale: z.optional(z.string().check(z.maxLength(35))),
});

/** A typed amount to minor units of `currency`, or the message to show (the price field's rules). */
export function typedAmountToMinor(value: string | number, currency: string, locale?: string): { minor: number } | { message: string } {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text === '') return { message: 'Amount is required' };
  // Any amount above nothing: cash and refunds are not bound by Stripe's minimum charge.
  const parsed = parseMoney(text, currencyOf(currency), { locale, anyAmount: true });
  if (parsed.problem) return { message: moneyMessage(parsed.problem, currencyOf(currency), { locale, typed: text }) };
  if (parsed.minor <= 0) return { message: 'Amount must be more than 0' };
  return { minor: parsed.minor };
}

/** "Refund at most $12.00" */
export const refundCapMessage = (capMinor: number, currency: string) =>
  capMinor > 0 ? `Refund at most ${formatMoney(capMinor, currency)}: what was paid and not refunded yet.` : 'Nothing is left to refund.';
