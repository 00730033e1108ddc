// Mails to the visitor about their booking: the confirmation (with an .ics calendar file) once paid,
// and a notice when staff cancel it or when a payment arrived for a time no longer free. Each is sent
// through the outbox under an id derived from the booking: a booking is confirmed, cancelled or found
// unplaced once, so each mail exists once however many events or clicks cause it.
// Each is in the patient's language (the booking's locale: lib/i18n.ts); staff notices stay English.
import { plainName } from '#shared/plain-name';
import { patientLocale } from '#shared/i18n/locales';
import { currencyOf, formatMoney } from '#shared/currency';
import { greetingIn, patientTexts, withArgs, type PatientTranslate } from '#lib/i18n';
import { config } from '#lib/config';
import type { Mail } from '#lib/mail';
import { patientIntlTag } from '#lib/zone-region';
import type { BookingRecord } from '../../data/bookings';
import { buildIcs } from './ics';
import { paymentLines } from './payment-text';
import { whenText } from './when-text';

export { whenText };

/** An amount of a booking in its own currency (USD for bookings from before currencies), as staff read it. */
export const bookingMoney = (b: { currency?: string }, minor: number) => formatMoney(minor, currencyOf(b.currency));

/** The same amount as its patient reads it: their language in the clinic's country ('de' in Berlin: "40,00 €"). */
export const patientMoney = (b: Pick<BookingRecord, 'currency' | 'locale' | 'timeZone'>, minor: number) =>
  formatMoney(minor, currencyOf(b.currency), patientIntlTag(b.locale, b.timeZone));

/**
 * Who a booking or appointment is with, or null (clinic-wide packages, records from before
 * practitioners). Read as optional: old records have no such field.
 */
export const practitionerNameOf = (r: { id: string; practitionerName?: string | null }): string | null => r.practitionerName?.trim() || null;

/** ' with Dr Ana Ruiz' when there is a practitioner, else nothing (staff texts; patients' are in lib/i18n). */
export const withPractitioner = (r: { id: string; practitionerName?: string | null }) => {
  const name = practitionerNameOf(r);
  return name ? ` with ${name}` : '';
};

/** The 'Practitioner: ...' line of a mail's details, when there is one. */
const practitionerLine = (t: PatientTranslate, r: { id: string; practitionerName?: string | null }) => {
  const name = practitionerNameOf(r);
  return name ? [t('line.practitioner', { value: name })] : [];
};

/**
 * The clinic a booking's mail is from: its name, or its name and postal address (the calendar file's
 * LOCATION then says where to go). A bare name is what callers without the organisation at hand pass.
 */
export type ClinicRef = string | { name: string; address?: string | null };

/** The clinic of an organisation as read (its name and address), or the words for one that is gone. */
export const clinicOf = (org: { name: string; address?: string } | undefined): ClinicRef => (org ? { name: org.name, address: org.address ?? null } : 'the clinic');

const clinicName = (clinic: ClinicRef) => (typeof clinic === 'string' ? clinic : clinic.name);

/**
 * Where the visit is, for a calendar's LOCATION: 'Sunrise Physio Berlin, Hauptstr. 5, 10115 Berlin'.
 * The address is free text, often on several lines: one line, as calendars show it and map apps search
 * it (ics.ts escapes the commas).
 */
export function visitLocation(clinic: ClinicRef): string {
  if (typeof clinic === 'string') return clinic;
  const lines = (clinic.address ?? '').split(/\r\n|\r|\n|,/).map((l) => l.trim()).filter(Boolean);
  // An address that starts with the clinic's name already does not repeat it.
  const named = lines[0]?.toLowerCase() === clinic.name.trim().toLowerCase() ? lines : [clinic.name, ...lines];
  return named.join(', ');
}


/** The patient's texts and what a booking's mails say of it ('with ...', its time) in their language. */
function patientOf(b: BookingRecord) {
  const t = patientTexts(b.locale);
  return { t, when: whenText(b, b.locale), with: withArgs(practitionerNameOf(b)), locale: patientLocale(b.locale) };
}

/**
 * The outbox id of a booking's mail or notice about `what` (the confirmation's row also says when it
 * was sent). With the organisation: booking ids are unique within one.
 */
export const bookingRowId = (what: string, b: Pick<BookingRecord, 'orgId' | 'id'>) => `booking-${what}-${b.orgId}-${b.id}`;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'clinic-suite.local';
  } catch {
    return 'clinic-suite.local';
  }
}

/** `manage`: the text of the manage link (lib/manage-link.ts) when the mail carries one. */
export function confirmationMail(b: BookingRecord, clinic: ClinicRef, manage?: string): Mail {
  const { t, when, locale } = patientOf(b);
  const orgName = clinicName(clinic);
  const paid = b.amountPaidCents ?? b.priceCents;
  const text = [
    greetingIn(t, b.firstName),
    t('confirm.intro', { clinic: orgName }),
    [
      t('line.package', { value: b.packageName }),
      ...practitionerLine(t, b),
      t('line.date', { value: when.date }),
      t('line.time', { value: when.time }),
      t('line.length', { minutes: b.durationMinutes }),
      // A deposit, a card held or a visit paid at the clinic says what is due and what may be charged (payment-text.ts).
      ...(paymentLines(t, b) ?? [paid !== b.priceCents ? t('line.pricePaidOther', { price: patientMoney(b, b.priceCents), paid: patientMoney(b, paid), currency: currencyOf(b.currency).toUpperCase() }) : t('line.pricePaid', { price: patientMoney(b, b.priceCents), currency: currencyOf(b.currency).toUpperCase() })]),
      t('line.reference', { value: b.id }),
    ].join('\n'),
    t('confirm.ics'),
    manage ?? t('confirm.contact', { clinic: orgName }),
  ].join('\n\n');
  return {
    to: b.email,
    fromClinic: true,
    locale,
    subject: t('confirm.subject', { package: b.packageName, when: when.short }),
    text,
    attachments: [bookingIcs(b, clinic)],
  };
}

/** The UID of a booking's event in every calendar file and feed: one for the booking's whole life. */
export const bookingUid = (b: Pick<BookingRecord, 'id'>) => `booking-${b.id}@${hostOf(config.appUrl)}`;

/** What a booking's event is called: 'Consultation with Dr Ana Ruiz (Sunny Clinic)' or 'Consultation with Sunny Clinic'. */
const eventSummary = (t: PatientTranslate, b: BookingRecord, orgName: string) => {
  const name = practitionerNameOf(b);
  return name ? t('ics.summaryWith', { package: b.packageName, practitioner: name, clinic: orgName }) : t('ics.summary', { package: b.packageName, clinic: orgName });
};

/**
 * The booking's calendar file. One UID for the booking's whole life and a SEQUENCE that grows with
 * each move, so a calendar that imported the confirmation updates that event instead of adding one.
 * `cancel`: METHOD:CANCEL with a SEQUENCE above the last one sent, so the calendar removes the event.
 */
export function bookingIcs(b: BookingRecord, clinic: ClinicRef, method: 'REQUEST' | 'CANCEL' = 'REQUEST') {
  const { t, when } = patientOf(b);
  const orgName = clinicName(clinic);
  const name = practitionerNameOf(b);
  const content = buildIcs({
    method,
    uid: bookingUid(b),
    sequence: (b.sequence ?? 0) + (method === 'CANCEL' ? 1 : 0),
    start: b.startUtc,
    end: b.endUtc,
    summary: eventSummary(t, b, orgName),
    description: [b.packageName, ...(name ? [t('ics.with', { name })] : []), `${when.date}, ${when.time}`, t('line.reference', { value: b.id })].join('\n'),
    location: visitLocation(clinic),
    organizer: { name: orgName, email: config.mailFrom },
    attendee: { name: `${plainName(b.firstName)} ${plainName(b.lastName)}`.trim(), email: b.email },
  });
  return { filename: method === 'CANCEL' ? 'cancel.ics' : 'booking.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}

/** The visitor's mail when staff move their booking: the new time, and the calendar file updated. */
export function movedMail(b: BookingRecord, previous: Pick<BookingRecord, 'startUtc' | 'timeZone'>, clinic: ClinicRef, manage?: string, by = clinicName(clinic)): Mail {
  const { t, when, with: w, locale } = patientOf(b);
  const orgName = clinicName(clinic);
  const before = whenText(previous, b.locale);
  return {
    to: b.email,
    fromClinic: true,
    locale,
    subject: t('moved.subject', { package: b.packageName, when: when.short }),
    text: [
      greetingIn(t, b.firstName),
      by === orgName ? t('moved.byClinic', { clinic: orgName, package: b.packageName, when: when.short, ...w }) : t('moved.byPatient', { clinic: orgName, package: b.packageName, when: when.short, ...w }),
      [
        ...practitionerLine(t, b),
        t('line.newDate', { value: when.date }),
        t('line.newTime', { value: when.time }),
        t('line.length', { minutes: b.durationMinutes }),
        t('line.was', { date: before.date, time: before.time }),
        t('line.reference', { value: b.id }),
      ].join('\n'),
      t('moved.ics'),
      manage ?? t('moved.contact', { clinic: orgName }),
    ].join('\n\n'),
    attachments: [bookingIcs(b, clinic)],
  };
}

/** The attachment a cancellation mail ends with: the text saying so (English here), and the METHOD:CANCEL file. */
export const CANCEL_ICS_TEXT = 'The attached calendar file (cancel.ics) removes the appointment from your calendar.';

/**
 * A cancelled booking's mail: who cancelled it (`byKey`: the clinic, a refund or the patient), what
 * happens to the money, and the calendar file removing it.
 */
function cancelledMail(b: BookingRecord, clinic: ClinicRef, byKey: 'cancelled.byClinic' | 'cancelled.byRefund' | 'cancelled.byPatient', money: (t: PatientTranslate) => string): Mail {
  const { t, when, with: w, locale } = patientOf(b);
  const orgName = clinicName(clinic);
  return {
    to: b.email,
    fromClinic: true,
    locale,
    subject: t('cancelled.subject', { package: b.packageName, when: when.short }),
    text: [
      greetingIn(t, b.firstName),
      t(byKey, { clinic: orgName, package: b.packageName, date: when.date, time: when.time, ...w }),
      money(t),
      t('line.reference', { value: b.id }),
      t('cancelled.ics'),
    ].join('\n\n'),
    attachments: [bookingIcs(b, clinic, 'CANCEL')],
  };
}

/** Staff cancelled a confirmed booking (`refundCents`: refunded now, a visit's share of a course paid up front). */
export const cancellationMail = (b: BookingRecord, clinic: ClinicRef, refundCents = 0): Mail =>
  cancelledMail(b, clinic, 'cancelled.byClinic', (t) => (refundCents > 0 ? t('refund.toCard', { amount: patientMoney(b, refundCents) }) : b.paymentStatus === 'paid' ? t('cancelled.clinicRefunds', { clinic: clinicName(clinic) }) : t('cancelled.noPayment')));

/** A full refund (made in Stripe) cancelled a confirmed booking that had not started. */
export const refundCancellationMail = (b: BookingRecord, clinic: ClinicRef, refundedCents: number): Mail =>
  cancelledMail(b, clinic, 'cancelled.byRefund', (t) => t('refund.toCard', { amount: patientMoney(b, refundedCents) }));

/** The patient cancelled with their manage link: the refund due by the clinic's policy, if any. */
export const patientCancelledMail = (b: BookingRecord, org: { name: string; address?: string }, refundCents: number): Mail =>
  cancelledMail(b, clinicOf(org), 'cancelled.byPatient', (t) =>
    refundCents > 0 ? t('refund.toCard', { amount: patientMoney(b, refundCents) }) : b.amountPaidCents ? t('cancelled.noRefund') : t('cancelled.noPayment'),
  );

export function unplacedPaymentMail(b: BookingRecord, orgName: string): Mail {
  const { t, when, with: w, locale } = patientOf(b);
  return {
    to: b.email,
    fromClinic: true,
    locale,
    subject: t('unplaced.subject', { clinic: orgName }),
    text: [
      greetingIn(t, b.firstName),
      t('unplaced.intro', { package: b.packageName, date: when.date, time: when.time, ...w }),
      t('unplaced.next', { clinic: orgName }),
      t('line.reference', { value: b.id }),
    ].join('\n\n'),
  };
}
