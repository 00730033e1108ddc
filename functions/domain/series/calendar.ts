// A series in the patient's calendar (Google, Apple, Outlook): ONE VEVENT PER VISIT, each with the UID
// its visit has as a single booking (domain/bookings/mail.ts bookingUid), rather than one VEVENT with
// an RRULE. Why:
//   - A series is not always a rule: a conflict's alternative (Wednesday instead of Tuesday that week),
//     a different practitioner per visit with "anyone", a visit left out. An RRULE would need RDATEs,
//     EXDATEs and RECURRENCE-ID overrides from the first mail on, and Outlook applies overrides sent in
//     one file unreliably (it imports the master and drops or duplicates the exceptions).
//   - Each visit is a booking of its own, moved, cancelled and reminded on its own by the mails that
//     already exist (METHOD:REQUEST or CANCEL with its UID and a higher SEQUENCE): with one event per
//     visit those mails update exactly that visit in every calendar, with no special case for series.
// The file is METHOD:PUBLISH: iTIP (RFC 5546) wants one UID per REQUEST, so several visits in one
// REQUEST would be read as one event by strict clients; PUBLISH imports every event, and the later
// per-visit REQUEST/CANCEL mails match them by UID. The visits name their series in DESCRIPTION and in
// RELATED-TO (the series' own UID), so a calendar that groups related events can.
import { plainName } from '#shared/plain-name';
import { config } from '#lib/config';
import { escapeText, foldLine, icsTime, paramValue } from '#domain/bookings/ics';
import { bookingUid, practitionerNameOf, visitLocation, whenText, type ClinicRef } from '#domain/bookings/mail';
import { patientTexts } from '#lib/i18n';
import { bareAddress } from '#lib/mail-address';
import type { BookingRecord } from '../../data/bookings';

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname || 'clinic-suite.local';
  } catch {
    return 'clinic-suite.local';
  }
};

/** The UID a series is named by in its visits' RELATED-TO. */
export const seriesUid = (seriesId: string) => `series-${seriesId}@${hostOf(config.appUrl)}`;

/** The calendar file of a series' visits (confirmed ones), in the patient's language. */
export function seriesIcs(visits: readonly BookingRecord[], clinic: ClinicRef, stamp = new Date().toISOString()) {
  const first = visits[0];
  const t = patientTexts(first.locale);
  const orgName = typeof clinic === 'string' ? clinic : clinic.name;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Clinic Suite//Series//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...visits.flatMap((b, i) => {
      const name = practitionerNameOf(b);
      const when = whenText(b, b.locale);
      return [
        'BEGIN:VEVENT',
        `UID:${bookingUid(b)}`,
        `DTSTAMP:${icsTime(stamp)}`,
        `DTSTART:${icsTime(b.startUtc)}`,
        `DTEND:${icsTime(b.endUtc)}`,
        `SEQUENCE:${b.sequence ?? 0}`,
        `SUMMARY:${escapeText(name ? t('ics.summaryWith', { package: b.packageName, practitioner: name, clinic: orgName }) : t('ics.summary', { package: b.packageName, clinic: orgName }))}`,
        `DESCRIPTION:${escapeText([b.packageName, ...(name ? [t('ics.with', { name })] : []), `${when.date}, ${when.time}`, t('series.visitOf', { number: i + 1, count: visits.length }), t('line.reference', { value: b.id })].join('\n'))}`,
        `LOCATION:${escapeText(visitLocation(clinic))}`,
        ...(b.seriesId ? [`RELATED-TO;RELTYPE=PARENT:${seriesUid(b.seriesId)}`] : []),
        `ORGANIZER;CN=${paramValue(orgName)}:mailto:${bareAddress(config.mailFrom)}`,
        `ATTENDEE;CN=${paramValue(`${plainName(b.firstName)} ${plainName(b.lastName)}`.trim())};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${bareAddress(b.email)}`,
        'STATUS:CONFIRMED',
        'TRANSP:OPAQUE',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'DESCRIPTION:Reminder',
        'TRIGGER:-PT1H',
        'END:VALARM',
        'END:VEVENT',
      ];
    }),
    'END:VCALENDAR',
  ];
  return { filename: 'series.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: `${lines.map(foldLine).join('\r\n')}\r\n` };
}
