// The patient's mails about a series, in their language: one mail when the series is booked (every
// visit listed, the series' calendar file: calendar.ts) and one when staff cancel some of its visits
// (each cancelled visit's own cancel.ics, so every calendar removes exactly those). Sent through the
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

/** The series is booked: its visits, what each costs (paid at the clinic), and the calendar file. */
export function seriesBookedMail(visits: readonly BookingRecord[], clinic: ClinicRef, seriesId: string): Mail {
  const first = visits[0]!;
  const t = patientTexts(first.locale);
  const orgName = nameOf(clinic);
  return {
    to: first.email,
    fromClinic: true,
    locale: patientLocale(first.locale),
    subject: t('series.subject', { package: first.packageName, count: visits.length }),
    text: [
      greetingIn(t, plainName(first.firstName)),
      t('series.intro', { clinic: orgName, package: first.packageName, count: visits.length }),
      visitLines(visits),
      t('series.payAtClinic', { price: patientMoney(first, first.priceCents), currency: currencyOf(first.currency).toUpperCase() }),
      t('line.reference', { value: seriesId }),
      t('series.ics'),
      t('confirm.contact', { clinic: orgName }),
    ].join('\n\n'),
    attachments: [seriesIcs(visits, clinic)],
  };
}

/** Staff cancelled some visits of a series: which, and a calendar file per visit removing it. */
export function seriesCancelledMail(cancelled: readonly BookingRecord[], clinic: ClinicRef): Mail {
  const first = cancelled[0]!;
  const t = patientTexts(first.locale);
  const orgName = nameOf(clinic);
  return {
    to: first.email,
    fromClinic: true,
    locale: patientLocale(first.locale),
    subject: t('series.cancelledSubject', { package: first.packageName, count: cancelled.length }),
    text: [
      greetingIn(t, plainName(first.firstName)),
      t('series.cancelledIntro', { clinic: orgName, package: first.packageName, count: cancelled.length }),
      visitLines(cancelled),
      t('series.cancelledIcs'),
      t('confirm.contact', { clinic: orgName }),
    ].join('\n\n'),
    attachments: cancelled.map((b) => ({ ...bookingIcs(b, clinic, 'CANCEL'), filename: `cancel-${b.bookingDate}.ics` })),
  };
}

/** Staff moved some visits of a series: their new times, and each visit's own event updated (same UID, higher SEQUENCE). */
export function seriesMovedMail(moved: readonly BookingRecord[], clinic: ClinicRef): Mail {
  const first = moved[0]!;
  const t = patientTexts(first.locale);
  const orgName = nameOf(clinic);
  return {
    to: first.email,
    fromClinic: true,
    locale: patientLocale(first.locale),
    subject: t('series.movedSubject', { package: first.packageName, count: moved.length }),
    text: [
      greetingIn(t, plainName(first.firstName)),
      t('series.movedIntro', { clinic: orgName, package: first.packageName, count: moved.length }),
      visitLines(moved),
      t('series.movedIcs'),
      t('confirm.contact', { clinic: orgName }),
    ].join('\n\n'),
    attachments: moved.map((b) => ({ ...bookingIcs(b, clinic, 'REQUEST'), filename: `visit-${b.bookingDate}.ics` })),
  };
}

/** The patient cancelled visits of their series with their manage link: which, the refund if any, a calendar file per visit removing it. */
export function seriesPatientCancelledMail(cancelled: readonly BookingRecord[], clinic: ClinicRef, refundCents: number): Mail {
  const first = cancelled[0]!;
  const t = patientTexts(first.locale);
  const orgName = nameOf(clinic);
  return {
    to: first.email,
    fromClinic: true,
    locale: patientLocale(first.locale),
    subject: t('series.cancelledSubject', { package: first.packageName, count: cancelled.length }),
    text: [
      greetingIn(t, plainName(first.firstName)),
      t('series.patientCancelledIntro', { clinic: orgName, package: first.packageName, count: cancelled.length }),
      visitLines(cancelled),
      ...(refundCents > 0 ? [t('refund.toCard', { amount: patientMoney(first, refundCents) })] : []),
      t('series.cancelledIcs'),
      t('confirm.contact', { clinic: orgName }),
    ].join('\n\n'),
    attachments: cancelled.map((b) => ({ ...bookingIcs(b, clinic, 'CANCEL'), filename: `cancel-${b.bookingDate}.ics` })),
  };
}
