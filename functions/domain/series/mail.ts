// The patient's mails about a series, in their language: one mail when the series is booked (every
// visit listed, the series' calendar file: calendar.ts), one when staff move or cancel some of its visits
// or the patient cancels them (each visit's own .ics, so every calendar changes exactly those). Sent through the
// outbox under ids derived from the series and the first visit cancelled: once per change.
import { plainName } from '#shared/plain-name';
import { patientLocale } from '#shared/i18n/locales';
import { currencyOf } from '#shared/currency';
import { greetingIn, patientTexts } from '#lib/i18n';
import type { Mail } from '#lib/mail';
import { bookingIcs, patientMoney, practitionerNameOf, whenText, type ClinicRef } from '#domain/bookings/mail';
import type { BookingRecord } from '../../data/bookings';
import { seriesIcs } from './calendar';

const nameOf = (clinic: ClinicRef) => (typeof clinic === 'string' ? clinic : clinic.name);

/** '1. Tuesday, March 3, 2026 at 10:00 AM EST (with Dr Ana Ruiz)', one line per visit. */
function visitLines(visits: readonly BookingRecord[]): string {
  return visits
    .map((b, i) => {
      const t = patientTexts(b.locale);
      const name = practitionerNameOf(b);
      return `${i + 1}. ${whenText(b, b.locale).short}${name ? ` (${t('ics.with', { name })})` : ''}`;
    })
    .join('\n');
}

/**
 * How a patient's series was paid (issue 37.1): the course up front ('paid'), its deposits up front
 * with the rest at each visit ('deposit'), a card saved for fees ('card'), or each visit at the clinic
 * (staff series, and packages paid at the clinic).
 */
export type CoursePayment = { kind: 'paid' | 'deposit'; paidMinor: number } | { kind: 'card' } | { kind: 'at_clinic' };

/** The mail's line about money: what was paid for the course, and what is left to pay at each visit. */
function paymentLine(first: BookingRecord, course: CoursePayment): string {
  const t = patientTexts(first.locale);
  const currency = currencyOf(first.currency).toUpperCase();
  const atVisit = first.paymentPolicy?.dueAtVisitMinor ?? first.priceCents;
  if (course.kind === 'paid') return t('series.coursePaid', { amount: patientMoney(first, course.paidMinor), currency });
  if (course.kind === 'deposit') return t('series.courseDeposit', { amount: patientMoney(first, course.paidMinor), due: patientMoney(first, atVisit), currency });
  if (course.kind === 'card') return t('series.courseCard', { price: patientMoney(first, atVisit), currency });
  return t('series.payAtClinic', { price: patientMoney(first, first.priceCents), currency });
}

type PatientTexts = ReturnType<typeof patientTexts>;

/**
 * A series mail to its patient (the first visit's), in their language: the subject, then the greeting,
 * the intro, the visits listed, the lines `after` them, and the clinic's contact line, with its attachments.
 */
function seriesMail(visits: readonly BookingRecord[], clinic: ClinicRef, parts: (t: PatientTexts, orgName: string, first: BookingRecord) => { subject: string; intro: string; after: string[]; attachments: Mail['attachments']; noContactLine?: boolean }): Mail {
  const first = visits[0];
  const t = patientTexts(first.locale);
  const orgName = nameOf(clinic);
  const { subject, intro, after, attachments, noContactLine } = parts(t, orgName, first);
  return {
    to: first.email,
    fromClinic: true,
    locale: patientLocale(first.locale),
    subject,
    text: [greetingIn(t, plainName(first.firstName)), intro, visitLines(visits), ...after, ...(noContactLine ? [] : [t('confirm.contact', { clinic: orgName })])].join('\n\n'),
    attachments,
  };
}

/** The series is booked: its visits, what was paid and what each visit costs, and the calendar file. */
export const seriesBookedMail = (visits: readonly BookingRecord[], clinic: ClinicRef, seriesId: string, course?: CoursePayment): Mail =>
  seriesMail(visits, clinic, (t, orgName, first) => ({
    subject: t('series.subject', { package: first.packageName, count: visits.length }),
    // A course (the patient booked it on the booking page) says so; staff's series says the clinic booked it.
    intro: t(course ? 'series.patientIntro' : 'series.intro', { clinic: orgName, package: first.packageName, count: visits.length }),
    after: [paymentLine(first, course ?? { kind: 'at_clinic' }), t('line.reference', { value: seriesId }), t('series.ics')],
    attachments: [seriesIcs(visits, clinic)],
  }));

/** Staff cancelled some visits of a series: which, the refund of their share of a course paid up front if any, and a calendar file per visit removing it. */
export const seriesCancelledMail = (cancelled: readonly BookingRecord[], clinic: ClinicRef, refundCents = 0): Mail =>
  seriesMail(cancelled, clinic, (t, orgName, first) => ({
    subject: t('series.cancelledSubject', { package: first.packageName, count: cancelled.length }),
    intro: t('series.cancelledIntro', { clinic: orgName, package: first.packageName, count: cancelled.length }),
    after: [...(refundCents > 0 ? [t('refund.toCard', { amount: patientMoney(first, refundCents) })] : []), t('series.cancelledIcs')],
    attachments: cancelled.map((b) => ({ ...bookingIcs(b, clinic, 'CANCEL'), filename: `cancel-${b.bookingDate}.ics` })),
  }));

/** Staff moved some visits of a series: their new times, and each visit's own event updated (same UID, higher SEQUENCE). */
export const seriesMovedMail = (moved: readonly BookingRecord[], clinic: ClinicRef): Mail =>
  seriesMail(moved, clinic, (t, orgName, first) => ({
    subject: t('series.movedSubject', { package: first.packageName, count: moved.length }),
    intro: t('series.movedIntro', { clinic: orgName, package: first.packageName, count: moved.length }),
    after: [t('series.movedIcs')],
    attachments: moved.map((b) => ({ ...bookingIcs(b, clinic, 'REQUEST'), filename: `visit-${b.bookingDate}.ics` })),
  }));

/** The patient cancelled visits of their series with their manage link: which, the refund if any, a calendar file per visit removing it. */
export const seriesPatientCancelledMail = (cancelled: readonly BookingRecord[], clinic: ClinicRef, refundCents: number): Mail =>
  seriesMail(cancelled, clinic, (t, orgName, first) => ({
    subject: t('series.cancelledSubject', { package: first.packageName, count: cancelled.length }),
    intro: t('series.patientCancelledIntro', { clinic: orgName, package: first.packageName, count: cancelled.length }),
    after: [...(refundCents > 0 ? [t('refund.toCard', { amount: patientMoney(first, refundCents) })] : []), t('series.cancelledIcs')],
    attachments: cancelled.map((b) => ({ ...bookingIcs(b, clinic, 'CANCEL'), filename: `cancel-${b.bookingDate}.ics` })),
  }));

/**
 * A course paid after its Checkout expired whose visits' times were taken meanwhile (some or all): which
 * visits could not be kept, what of the payment is theirs, and that the clinic will offer other times or
 * refund, as a single booking paid late is told (bookings/mail.ts unplacedPaymentMail). The visits kept
 * come in the series' own confirmation.
 */
export const seriesUnplacedMail = (unplaced: readonly BookingRecord[], clinic: ClinicRef, seriesId: string, othersBooked: boolean): Mail =>
  seriesMail(unplaced, clinic, (t, orgName, first) => ({
    subject: t('series.unplacedSubject', { clinic: orgName }),
    intro: t('series.unplacedIntro', { package: first.packageName, count: unplaced.length }),
    after: [
      t('series.unplacedMoney', {
        amount: patientMoney(first, unplaced.reduce((sum, b) => sum + (b.amountPaidCents ?? 0), 0)),
        currency: currencyOf(first.currency).toUpperCase(),
        count: unplaced.length,
        clinic: orgName,
      }),
      ...(othersBooked ? [t('series.unplacedOthers')] : []),
      t('line.reference', { value: seriesId }),
    ],
    attachments: [],
    // The clinic contacts them (said above): not the booked mails' "to change or cancel, contact the clinic".
    noContactLine: true,
  }));
