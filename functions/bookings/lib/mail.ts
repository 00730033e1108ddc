// Mails to the visitor about their booking: the confirmation (with an .ics calendar file) once paid,
// and a notice when staff cancel it or when a payment arrived for a time no longer free. Each is sent
// through the outbox under an id derived from the booking: a booking is confirmed, cancelled or found
// unplaced once, so each mail exists once however many events or clicks cause it.
import { describeInstant } from '#shared/bookings/slots';
import { greeting, plainName } from '#shared/plain-name';
import { currencyOf, formatMoney } from '#shared/currency';
import { config } from '#lib/config';
import type { Mail } from '#lib/mail';
import type { BookingRecord } from '../../data/bookings';
import { buildIcs } from './ics';

/** An amount of a booking in its own currency (USD for bookings from before currencies). */
export const bookingMoney = (b: { currency?: string }, minor: number) => formatMoney(minor, currencyOf(b.currency));

/**
 * Who a booking or appointment is with, or null (clinic-wide packages, records from before
 * practitioners). Read as optional: old records have no such field.
 */
export const practitionerNameOf = (r: { id: string; practitionerName?: string | null }): string | null => r.practitionerName?.trim() || null;

/** ' with Dr Ana Ruiz' when there is a practitioner, else nothing (the texts stay as they were). */
export const withPractitioner = (r: { id: string; practitionerName?: string | null }) => {
  const name = practitionerNameOf(r);
  return name ? ` with ${name}` : '';
};

/** The 'Practitioner: ...' line of a mail's details, when there is one. */
const practitionerLine = (r: { id: string; practitionerName?: string | null }) => {
  const name = practitionerNameOf(r);
  return name ? [`Practitioner: ${name}`] : [];
};

/**
 * The outbox id of a booking's mail or notice about `what` (the confirmation's row also says when it
 * was sent). With the organisation: booking ids are unique within one.
 */
export const bookingRowId = (what: string, b: Pick<BookingRecord, 'orgId' | 'id'>) => `booking-${what}-${b.orgId}-${b.id}`;

/** 'Monday, March 9, 2026', '9:00 AM EDT (Eastern Daylight Time, America/New_York)' */
export function whenText(b: Pick<BookingRecord, 'startUtc' | 'timeZone'>) {
  const w = describeInstant(b.startUtc, b.timeZone);
  return { date: w.date, time: `${w.time} ${w.zoneAbbreviation} (${w.zoneLongName}, ${w.timeZone})`, short: `${w.date} at ${w.time} ${w.zoneAbbreviation}` };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'clinic-suite.local';
  } catch {
    return 'clinic-suite.local';
  }
}

/** `manage`: the text of the manage link (lib/manage-link.ts) when the mail carries one. */
export function confirmationMail(b: BookingRecord, orgName: string, manage?: string): Mail {
  const when = whenText(b);
  const paid = b.amountPaidCents ?? b.priceCents;
  const text = [
    greeting(b.firstName),
    `Your booking with ${orgName} is confirmed.`,
    [
      `Package: ${b.packageName}`,
      ...practitionerLine(b),
      `Date: ${when.date}`,
      `Time: ${when.time}`,
      `Length: ${b.durationMinutes} minutes`,
      `Price: ${bookingMoney(b, b.priceCents)} (${currencyOf(b.currency).toUpperCase()})${paid !== b.priceCents ? `, paid ${bookingMoney(b, paid)}` : ', paid'}`,
      `Reference: ${b.id}`,
    ].join('\n'),
    'The attached calendar file (booking.ics) adds the appointment to your calendar.',
    manage ?? `If you need to change or cancel, please contact ${orgName}.`,
  ].join('\n\n');
  return {
    to: b.email,
    subject: `Booking confirmed: ${b.packageName} on ${when.short}`,
    text,
    attachments: [bookingIcs(b, orgName)],
  };
}

/** The UID of a booking's event in every calendar file and feed: one for the booking's whole life. */
export const bookingUid = (b: Pick<BookingRecord, 'id'>) => `booking-${b.id}@${hostOf(config.appUrl)}`;

/** What a booking's event is called: 'Consultation with Dr Ana Ruiz (Sunny Clinic)' or 'Consultation with Sunny Clinic'. */
const eventSummary = (b: BookingRecord, orgName: string) => {
  const name = practitionerNameOf(b);
  return name ? `${b.packageName} with ${name} (${orgName})` : `${b.packageName} with ${orgName}`;
};

/**
 * The booking's calendar file. One UID for the booking's whole life and a SEQUENCE that grows with
 * each move, so a calendar that imported the confirmation updates that event instead of adding one.
 * `cancel`: METHOD:CANCEL with a SEQUENCE above the last one sent, so the calendar removes the event.
 */
export function bookingIcs(b: BookingRecord, orgName: string, method: 'REQUEST' | 'CANCEL' = 'REQUEST') {
  const when = whenText(b);
  const name = practitionerNameOf(b);
  const content = buildIcs({
    method,
    uid: bookingUid(b),
    sequence: (b.sequence ?? 0) + (method === 'CANCEL' ? 1 : 0),
    start: b.startUtc,
    end: b.endUtc,
    summary: eventSummary(b, orgName),
    description: [b.packageName, ...(name ? [`With ${name}`] : []), `${when.date}, ${when.time}`, `Reference: ${b.id}`].join('\n'),
    location: orgName,
    organizer: { name: orgName, email: config.mailFrom },
    attendee: { name: `${plainName(b.firstName)} ${plainName(b.lastName)}`.trim(), email: b.email },
  });
  return { filename: method === 'CANCEL' ? 'cancel.ics' : 'booking.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}

/** The visitor's mail when staff move their booking: the new time, and the calendar file updated. */
export function movedMail(b: BookingRecord, previous: Pick<BookingRecord, 'startUtc' | 'timeZone'>, orgName: string, manage?: string, by = orgName): Mail {
  const when = whenText(b);
  const before = whenText(previous);
  return {
    to: b.email,
    subject: `Booking moved: ${b.packageName} is now on ${when.short}`,
    text: [
      greeting(b.firstName),
      by === orgName ? `${orgName} moved your booking for ${b.packageName}${withPractitioner(b)}.` : `Your booking for ${b.packageName}${withPractitioner(b)} with ${orgName} is moved.`,
      [...practitionerLine(b), `New date: ${when.date}`, `New time: ${when.time}`, `Length: ${b.durationMinutes} minutes`, `Was: ${before.date} at ${before.time}`, `Reference: ${b.id}`].join('\n'),
      'The attached calendar file (booking.ics) updates the appointment in your calendar.',
      manage ?? `If the new time does not suit you, please contact ${orgName}.`,
    ].join('\n\n'),
    attachments: [bookingIcs(b, orgName)],
  };
}

/** The attachment a cancellation mail ends with: the text saying so, and the METHOD:CANCEL file. */
export const CANCEL_ICS_TEXT = 'The attached calendar file (cancel.ics) removes the appointment from your calendar.';

/** Staff cancelled a confirmed booking. */
export function cancellationMail(b: BookingRecord, orgName: string): Mail {
  const when = whenText(b);
  return {
    to: b.email,
    subject: `Booking cancelled: ${b.packageName} on ${when.short}`,
    text: [
      greeting(b.firstName),
      `Your booking with ${orgName} for ${b.packageName}${withPractitioner(b)} on ${when.date} at ${when.time} has been cancelled.`,
      b.paymentStatus === 'paid' ? `${orgName} will arrange the refund of your payment.` : 'No payment was taken.',
      `Reference: ${b.id}`,
      CANCEL_ICS_TEXT,
    ].join('\n\n'),
    attachments: [bookingIcs(b, orgName, 'CANCEL')],
  };
}

/** A full refund (made in Stripe) cancelled a confirmed booking that had not started. */
export function refundCancellationMail(b: BookingRecord, orgName: string, refundedCents: number): Mail {
  const when = whenText(b);
  return {
    to: b.email,
    subject: `Booking cancelled: ${b.packageName} on ${when.short}`,
    text: [
      greeting(b.firstName),
      `${orgName} refunded your payment for ${b.packageName}${withPractitioner(b)} on ${when.date} at ${when.time}, so the booking is cancelled.`,
      `${bookingMoney(b, refundedCents)} is refunded to your card; it shows on your statement within 5 to 10 days.`,
      `Reference: ${b.id}`,
      CANCEL_ICS_TEXT,
    ].join('\n\n'),
    attachments: [bookingIcs(b, orgName, 'CANCEL')],
  };
}

export function unplacedPaymentMail(b: BookingRecord, orgName: string): Mail {
  const when = whenText(b);
  return {
    to: b.email,
    subject: `About your booking with ${orgName}`,
    text: [
      greeting(b.firstName),
      `We received your payment for ${b.packageName}${withPractitioner(b)}, but the time you chose (${when.date} at ${when.time}) was no longer available when it arrived.`,
      `${orgName} has been told and will contact you to offer another time or refund you.`,
      `Reference: ${b.id}`,
    ].join('\n\n'),
  };
}
