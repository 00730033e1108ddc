// Domain: booking packages. What the API shows of a package (view): booking-packages/ and the booking
// page (availability/).
//
// What the API shows of a booking package: the price in major and minor units with its currency, never
// table keys.
import { currencyOf, fromMinor } from '#shared/currency';
import type { BookingPackageView } from '#shared/bookings/types';
import type { BookingPackageRecord } from '../../data/booking-packages';
import { modeOf, paymentPolicyOf } from '#shared/bookings/payment-policy';
import { patientSeriesOffered, seriesMaxOf, seriesPaymentOf } from '#shared/bookings/series-policy';

/** A package's payment settings as stored, with the defaults of a package saved before them (paid in full). */
export function packagePayment(p: BookingPackageRecord) {
  return {
    paymentMode: modeOf(p),
    depositPercent: p.depositPercent ?? null,
    depositAmountMinor: p.depositAmountMinor ?? null,
    noShowFeeMinor: p.noShowFeeMinor ?? null,
    lateCancelFeeMinor: p.lateCancelFeeMinor ?? null,
    cancellationWindowHours: p.cancellationWindowHours ?? null,
  };
}

/** A package's timing fields as stored, with the defaults of a package saved before they existed. */
export function packageTiming(p: BookingPackageRecord) {
  return {
    durationMinutes: p.durationMinutes ?? null,
    bufferBeforeMinutes: p.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: p.bufferAfterMinutes ?? 0,
    slotGridMinutes: p.slotGridMinutes ?? null,
    minNoticeMinutes: p.minNoticeMinutes ?? null,
    maxDaysAhead: p.maxDaysAhead ?? null,
    practitionerIds: p.practitionerIds ?? [],
  };
}

/** The package's intake form and when it is asked (a form without a timing is asked before booking). */
export function packageIntake(p: Pick<BookingPackageRecord, 'intakeFormId' | 'intakeTiming'>) {
  const intakeFormId = p.intakeFormId ?? null;
  return { intakeFormId, intakeTiming: intakeFormId ? (p.intakeTiming ?? 'before_booking') : null };
}

/** A package's series settings with the defaults of a package saved before them (no series for patients, 12 visits at most). */
export function packageSeries(p: BookingPackageRecord) {
  return { allowSeries: Boolean(p.allowSeries), seriesPayment: seriesPaymentOf(p), seriesMaxVisits: seriesMaxOf(p) };
}

/** The price in the spec's field (major units), in minor units, and its currency. */
export function priceOf(p: Pick<BookingPackageRecord, 'packagePriceCents' | 'currency'>) {
  const currency = currencyOf(p.currency);
  return { packagePrice: fromMinor(p.packagePriceCents, currency), packagePriceCents: p.packagePriceCents, packagePriceMinor: p.packagePriceCents, currency };
}

export function toBookingPackageView(p: BookingPackageRecord): BookingPackageView {
  return {
    id: p.id,
    packageName: p.packageName,
    ...priceOf(p),
    packageDescription: p.packageDescription,
    redirectionUrl: p.redirectionUrl,
    isActive: p.isActive,
    ...packageTiming(p),
    ...packagePayment(p),
    ...packageIntake(p),
    ...packageSeries(p),
    deletedAt: p.deletedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** What the public booking page needs of a package. */
export function toPublicPackageView(p: BookingPackageRecord) {
  return {
    id: p.id,
    packageName: p.packageName,
    ...priceOf(p),
    packageDescription: p.packageDescription,
    isActive: p.isActive,
    paymentPolicy: paymentPolicyOf(p),
    ...packageIntake(p),
    // The page offers a series only when the settings hold together (series-policy.ts).
    ...packageSeries(p),
    allowSeries: patientSeriesOffered(p),
  };
}

export const PACKAGE_NOT_FOUND = 'Booking package not found.';
