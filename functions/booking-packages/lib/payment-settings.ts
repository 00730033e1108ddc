// How a package is paid, from a create or an edit (shared/bookings/payment-policy.ts): the amounts
// read in the package's currency (major units on the wire, as the price; minor units stored), merged
// with what the package had, and checked as a whole, so an edit of one field cannot leave the others
// meaningless (a deposit package without a deposit, fees on a package that holds no card).
import { amountMessage, parseAmount } from '#shared/currency';
import { modeOf, paymentSettingsProblem, type PackagePayment, type PaymentMode } from '#shared/bookings/payment-policy';
import { priceToMinor } from '#shared/bookings/schemas';
import { badRequest } from '#lib/errors';

/** The payment fields of a create or update body (amounts in major units; null clears one). */
export interface PaymentBody {
  paymentMode?: PaymentMode;
  depositPercent?: number | null;
  depositAmount?: number | null;
  noShowFee?: number | null;
  lateCancelFee?: number | null;
  cancellationWindowHours?: number | null;
}

/** Modes that charge nothing at booking: their price may be 0 (a visit billed to insurance). */
const paysLater = (mode: PaymentMode) => mode === 'at_clinic' || mode === 'card_on_file';

/** The price in minor units of `currency`: at least Stripe's minimum when it is charged online, else any amount. */
export function priceFor(mode: PaymentMode, value: unknown, currency: string): number {
  const price = paysLater(mode) ? parseAmount(value, currency, { anyAmount: true }) : undefined;
  const minor = price ? (price.problem ? amountMessage(price.problem, currency) : price.minor) : priceToMinor(value, currency);
  if (typeof minor === 'string') throw badRequest(minor, { packagePrice: minor });
  return minor;
}

function minorOf(field: string, value: number | null | undefined, currency: string): number | null | undefined {
  if (value === undefined || value === null) return value;
  const parsed = parseAmount(value, currency, { anyAmount: true });
  if (parsed.problem) {
    const message = amountMessage(parsed.problem, currency);
    throw badRequest(message, { [field]: message });
  }
  return parsed.minor;
}

/** The mode a body sets, else the package's own ('full' for a new one). */
export const modeAfter = (body: PaymentBody, existing?: PackagePayment): PaymentMode => body.paymentMode ?? modeOf(existing ?? {});

/**
 * The package's payment settings after `body` (over `existing`'s on an edit), in minor units of
 * `currency`, or a 400 naming the field. A mode that no longer uses a setting clears it (a deposit
 * left behind by a 'deposit' package turned 'full' would otherwise come back with the mode).
 */
export function paymentSettings(body: PaymentBody, priceMinor: number, currency: string, existing: PackagePayment = {}): Required<PackagePayment> {
  const pick = <K extends keyof PackagePayment>(key: K, given: PackagePayment[K] | undefined) => (given === undefined ? (existing[key] ?? null) : given);
  const mode = modeAfter(body, existing);
  const next: Required<PackagePayment> = {
    paymentMode: mode,
    depositPercent: pick('depositPercent', body.depositPercent),
    depositAmountMinor: pick('depositAmountMinor', minorOf('depositAmount', body.depositAmount, currency)),
    noShowFeeMinor: pick('noShowFeeMinor', minorOf('noShowFee', body.noShowFee, currency)),
    lateCancelFeeMinor: pick('lateCancelFeeMinor', minorOf('lateCancelFee', body.lateCancelFee, currency)),
    cancellationWindowHours: pick('cancellationWindowHours', body.cancellationWindowHours),
  };
  // Setting one form of the deposit replaces the other.
  if (body.depositPercent != null && body.depositAmount === undefined) next.depositAmountMinor = null;
  if (body.depositAmount != null && body.depositPercent === undefined) next.depositPercent = null;
  if (mode !== 'deposit') next.depositPercent = next.depositAmountMinor = null;
  // Fees need a card held; a mode that holds none drops the ones it kept, unless this very body sets them (refused below).
  if (mode !== 'card_on_file') {
    if (body.noShowFee === undefined) next.noShowFeeMinor = null;
    if (body.lateCancelFee === undefined) next.lateCancelFeeMinor = null;
  }
  const problem = paymentSettingsProblem(next, priceMinor, currency);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  return next;
}
