// Whether patients may book a series of a package on its booking page, and how they pay it (issue 37).
// `allowSeries` lets them; `seriesPayment` says how: 'course' pays the whole course up front by the
// package's mode (N × the price or the deposit in one Checkout, a card saved once, or nothing online),
// 'per_visit' leaves each visit to the package's mode on its own, which the booking page can only offer
// when nothing is due online per visit (a card held, or paid at the clinic): a 'full' or 'deposit'
// package booked per visit would need N payments, which no patient would sit through. That combination
// is refused when the package is saved, so no page ever promises it.
import type { PackagePayment } from './payment-policy';
import { modeOf } from './payment-policy';

export const SERIES_PAYMENTS = ['per_visit', 'course'] as const;
export type SeriesPayment = (typeof SERIES_PAYMENTS)[number];

/** The most visits a patient may book in one series when the clinic sets no limit, and the most a clinic may set. */
export const DEFAULT_PATIENT_SERIES_VISITS = 12;
export const MAX_PATIENT_SERIES_VISITS = 52;
/** A patient repeats every 1 to 4 weeks (staff may choose up to 12). */
export const MAX_PATIENT_EVERY_WEEKS = 4;

/** A package's series settings as stored (absent on packages from before: no series for patients). */
export interface PackageSeries {
  allowSeries?: boolean;
  seriesPayment?: SeriesPayment;
  seriesMaxVisits?: number | null;
}

export const SERIES_SETTING_MESSAGES = {
  payment: "seriesPayment must be 'per_visit' or 'course'",
  maxVisits: `Patients may book 2 to ${MAX_PATIENT_SERIES_VISITS} visits in a series`,
  perVisitOnline: 'Patients booking a series of a package paid online pay the course up front: choose "The whole course up front", or a payment at the clinic or a card held.',
} as const;

export const seriesPaymentOf = (p: PackageSeries): SeriesPayment => p.seriesPayment ?? 'per_visit';
export const seriesMaxOf = (p: PackageSeries): number => p.seriesMaxVisits ?? DEFAULT_PATIENT_SERIES_VISITS;

/** Per visit, nothing is due online (a card held, or paid at the clinic): the only modes a per-visit series can be offered in. */
const nothingOnline = (p: PackagePayment) => modeOf(p) === 'card_on_file' || modeOf(p) === 'at_clinic';

/** The first setting that does not fit the others, with its field; undefined when they hold together. */
export function seriesSettingsProblem(p: PackageSeries & PackagePayment): { field: 'seriesPayment'; message: string } | undefined {
  if (p.allowSeries && seriesPaymentOf(p) === 'per_visit' && !nothingOnline(p)) return { field: 'seriesPayment', message: SERIES_SETTING_MESSAGES.perVisitOnline };
  return undefined;
}

/** Whether the booking page offers "Repeat this visit" for this package. */
export const patientSeriesOffered = (p: PackageSeries & PackagePayment): boolean => Boolean(p.allowSeries) && !seriesSettingsProblem(p);
