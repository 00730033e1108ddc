// The mails a patient gets when their appointment changes (confirmed, cancelled by the clinic or by
// themselves, moved), in their language (the appointment's locale, else the clinic's default language).
// The dates are the clinic's local date and time as entered, written out in the patient's language as
// booking mails write theirs ('Tuesday, January 15, 2030 at 9:30 AM'), as in reminders.
import type { PatientMail } from '#lib/mail';
import { greetingIn, patientTexts, withArgs, type PatientTranslate } from '#lib/i18n';
import { isoDatePart, timePart } from '#shared/appointments/form';
import { describeInZone } from '#shared/bookings/zone';
import { intlLocale, patientLocale } from '#shared/i18n/locales';
import type { Appointment } from '../../data/appointments';

/**
 * An appointment's date and time on the clinic's clock as entered, in the patient's words and
 * language ('Tuesday, January 15, 2030 at 9:30 AM'; not '2030-01-15 at 09:30'). The wall-clock time is
 * written out as it is, so no time zone is involved (the texts that need one name the clinic's).
 */
export function appointmentWhen(t: PatientTranslate, a: Pick<Appointment, 'bookingDate' | 'bookingTime'>, locale: string | null | undefined): string {
  const day = isoDatePart(a.bookingDate ?? '');
  const clock = timePart(a.bookingTime ?? '');
  // Not a real date or time (stored before validation was strict): as stored, rather than a wrong day.
  if (!day || !clock) return t('when.short', { date: a.bookingDate ?? '', time: a.bookingTime ?? '', zone: '' }).trim();
  const { date, time } = describeInZone(Date.parse(`${day}T${clock}:00Z`), 'UTC', intlLocale(locale));
  return t('when.short', { date, time, zone: '' }).trim();
}

type Clinic = { name: string; defaultLanguage?: string | null };

function patientOf(a: Appointment, clinic: Clinic) {
  const locale = patientLocale(a.locale ?? clinic.defaultLanguage);
  const t = patientTexts(locale);
  return { locale, t, at: (x: Pick<Appointment, 'bookingDate' | 'bookingTime'>) => appointmentWhen(t, x, locale) };
}

const mail = (a: Appointment, locale: PatientMail['locale'], subject: string, paragraphs: string[]): PatientMail => ({
  to: a.email,
  fromClinic: true,
  locale,
  subject,
  text: paragraphs.join('\n\n'),
});

/** Staff confirmed or cancelled the appointment (other statuses send nothing). */
export function appointmentStatusMail(a: Appointment, clinic: Clinic): PatientMail | undefined {
  const { locale, t, at } = patientOf(a, clinic);
  const values = { clinic: clinic.name, when: at(a) };
  const reference = t('line.reference', { value: a.id });
  if (a.status === 'confirmed') return mail(a, locale, t('appointment.confirmedSubject', values), [greetingIn(t, a.firstName), t('appointment.confirmed', values), reference]);
  if (a.status === 'cancelled') return mail(a, locale, t('appointment.cancelledSubject', values), [greetingIn(t, a.firstName), t('appointment.cancelledByClinic', values), reference]);
  return undefined;
}

/** Staff moved the appointment; `zone`: the clinic's time zone the times are in. */
export function appointmentMovedMail(before: Appointment, after: Appointment, clinic: Clinic, zone: string): PatientMail {
  const { locale, t, at } = patientOf(before, clinic);
  const values = { clinic: clinic.name, from: at(before), to: at(after), when: at(after), zone };
  return mail(before, locale, t('appointment.movedSubject', values), [
    greetingIn(t, before.firstName),
    t('appointment.moved', values),
    t('appointment.movedContact', values),
    t('line.reference', { value: before.id }),
  ]);
}

/** The patient cancelled with their manage link. */
export function appointmentCancelledByPatientMail(a: Appointment, clinic: Clinic, practitionerName: string | null): PatientMail {
  const { locale, t, at } = patientOf(a, clinic);
  const values = { clinic: clinic.name, when: at(a), ...withArgs(practitionerName) };
  return mail(a, locale, t('appointment.cancelledSubject', values), [greetingIn(t, a.firstName), t('appointment.cancelledByPatient', values), t('line.reference', { value: a.id })]);
}
