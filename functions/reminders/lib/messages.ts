// What a reminder says: a mail (with the booking's calendar file, unchanged UID and SEQUENCE) and a
// short text for SMS.
import type { Mail } from '#lib/mail';
import { greeting } from '#shared/plain-name';
import type { Appointment } from '../../data/appointments';
import type { BookingRecord } from '../../data/bookings';
import type { Organization } from '../../data/organizations';
import { bookingIcs, practitionerNameOf, whenText } from '../../bookings/lib/mail';

/** A booking's reminder; `manage`: the text of its manage link. */
export function bookingReminder(b: BookingRecord, org: Organization, manage: string): { mail: Mail; sms: string } {
  const when = whenText(b);
  const practitioner = practitionerNameOf(b);
  // 'Dr Ana Ruiz (Sunny Clinic)' when the booking is with someone, else the clinic as before.
  const withWhom = practitioner ? `${practitioner} (${org.name})` : org.name;
  return {
    mail: {
      to: b.email,
      subject: `Reminder: ${b.packageName} with ${withWhom} on ${when.short}`,
      text: [
        greeting(b.firstName),
        `This is a reminder of your booking with ${org.name}.`,
        [`Package: ${b.packageName}`, ...(practitioner ? [`Practitioner: ${practitioner}`] : []), `Date: ${when.date}`, `Time: ${when.time}`, `Length: ${b.durationMinutes} minutes`, `Reference: ${b.id}`].join('\n'),
        manage,
      ].join('\n\n'),
      attachments: [bookingIcs(b, org.name)],
    },
    sms: `Reminder: ${b.packageName} with ${withWhom} on ${when.short}. Ref ${b.id}`,
  };
}

/** An appointment's reminder; `manage`: the text of its manage link; `practitioner`: who it is with, if anyone. */
export function appointmentReminder(a: Appointment, org: Organization, manage: string, practitioner: string | null = null): { mail: Mail; sms: string } {
  const when = `${a.bookingDate} at ${a.bookingTime}`;
  const withWhom = practitioner ? ` with ${practitioner}` : '';
  return {
    mail: {
      to: a.email,
      subject: `Reminder: your appointment${withWhom} at ${org.name} on ${when}`,
      text: `${greeting(a.firstName)}\n\nThis is a reminder of your appointment${withWhom} at ${org.name} on ${when} (${org.timeZone} time).\n\nReference: ${a.id}\n\n${manage}`,
    },
    sms: `Reminder: your appointment${withWhom} at ${org.name} on ${when}. Ref ${a.id}`,
  };
}
