// What a reminder says: a mail (with the booking's calendar file, unchanged UID and SEQUENCE) and a
// short text for SMS. In the patient's language (the booking's or appointment's locale, else the
// clinic's default language).
import type { Mail } from '#lib/mail';
import { greetingIn, patientTexts, withArgs } from '#lib/i18n';
import { appointmentWhen } from '#domain/appointments/patient-mails';
import { patientLocale } from '#shared/i18n/locales';
import type { Appointment } from '../../data/appointments';
import type { BookingRecord } from '../../data/bookings';
import type { Organization } from '../../data/organizations';
import { bookingIcs, clinicOf, practitionerNameOf, whenText } from '#domain/bookings/mail';

/** A booking's reminder; `manage`: the text of its manage link. */
export function bookingReminder(b: BookingRecord, org: Organization, manage: string): { mail: Mail; sms: string } {
  const locale = patientLocale(b.locale ?? org.defaultLanguage);
  const t = patientTexts(locale);
  const when = whenText(b, locale);
  const practitioner = practitionerNameOf(b);
  // 'Dr Ana Ruiz (Sunny Clinic)' when the booking is with someone, else the clinic as before.
  const withWhom = practitioner ? `${practitioner} (${org.name})` : org.name;
  return {
    mail: {
      to: b.email,
      fromClinic: true,
      locale,
      subject: t('reminder.subject', { package: b.packageName, who: withWhom, when: when.short }),
      text: [
        greetingIn(t, b.firstName),
        t('reminder.intro', { clinic: org.name }),
        [
          t('line.package', { value: b.packageName }),
          ...(practitioner ? [t('line.practitioner', { value: practitioner })] : []),
          t('line.date', { value: when.date }),
          t('line.time', { value: when.time }),
          t('line.length', { minutes: b.durationMinutes }),
          t('line.reference', { value: b.id }),
        ].join('\n'),
        manage,
      ].join('\n\n'),
      attachments: [bookingIcs(b, clinicOf(org))],
    },
    sms: t('reminder.sms', { package: b.packageName, who: withWhom, when: when.short, reference: b.id }),
  };
}

/** An appointment's reminder; `manage`: the text of its manage link; `practitioner`: who it is with, if anyone. */
export function appointmentReminder(a: Appointment, org: Organization, manage: string, practitioner: string | null = null): { mail: Mail; sms: string } {
  const locale = patientLocale(a.locale ?? org.defaultLanguage);
  const t = patientTexts(locale);
  // The clinic's local date and time as entered, in the patient's words and language.
  const when = appointmentWhen(t, a, locale);
  const values = { clinic: org.name, when, ...withArgs(practitioner) };
  return {
    mail: {
      to: a.email,
      fromClinic: true,
      locale,
      subject: t('appointmentReminder.subject', values),
      text: `${greetingIn(t, a.firstName)}\n\n${t('appointmentReminder.intro', { ...values, zone: org.timeZone })}\n\n${t('line.reference', { value: a.id })}\n\n${manage}`,
    },
    sms: t('appointmentReminder.sms', { ...values, reference: a.id }),
  };
}
