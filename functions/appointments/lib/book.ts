// Booking one appointment, for the public request page and the console's Book Appointment alike:
// the date is checked in the clinic's time zone, both files are checked before either is stored, and
// the appointment, its search entries, its log, the customer, the kept counter (and, for staff, the
// audit entry) are written in one transaction, with the person's mail and the staff notice as outbox
// rows in it (sent once, if and only if the appointment is stored). A refusal after an upload deletes
// what was uploaded, so nothing is half-stored.
import { todayIn } from '#shared/bookings/time';
import { patientLocale, type Locale } from '#shared/i18n/locales';
import { greetingIn, patientTexts, type PatientTranslate } from '#lib/i18n';
import { ATTACHMENT_FIELDS, ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, type AttachmentField, type StaffBooking } from '#shared/appointments/schemas';
import type { Caller } from '#http/authorise';
import { HttpError, badRequest, conflict } from '#lib/errors';
import { PRACTITIONER_MESSAGES } from '#shared/bookings/practitioner-messages';
import { DEFAULT_APPOINTMENT_MINUTES, PRACTITIONER_BUSY, appointmentTimeItems } from '../../data/appointment-time';
import { getPractitioner, type PractitionerRecord } from '../../data/practitioners';
import type { UploadedFile } from '#http/http';
import { log } from '#lib/log';
import type { Mail } from '#lib/mail';
import { randomId } from '#lib/passwords';
import { deleteUpload, storeUpload } from '#lib/storage';
import { logPut, putAppointment, searchTokenPuts, type Appointment } from '../../data/appointments';
import { auditItem } from '../../data/audit';
import { TransactionFailure, TRY_AGAIN, retryOnConflict, transact, type TransactItem } from '../../data/core';
import { customerForBooking } from '../../data/customers';
import { effectItems } from '../../data/effects';
import type { NotifyInput } from '../../data/notice';
import { counterUpdate, orgCurrency, type Organization } from '../../data/organizations';
import { findServiceByName, type Service } from '../../data/services';
import { formatMoney } from '#shared/currency';
import { serviceView } from '#domain/services/common';
import { appointmentReportDeltas, reportItems } from '../../data/reports';
import { when } from '#domain/appointments/views';
import { appointmentWhen } from '#domain/appointments/patient-mails';
import { appointmentManageLink } from '#domain/bookings/manage-link';
import { appointmentReminderItems, appointmentStartUtc } from '#domain/appointments/when';
import { appointmentEventItems } from './events';

const FIELD_LABELS: Record<AttachmentField, string> = {
  insuranceCardImage: 'Insurance card image',
  debtorReferralDocument: 'Debtor referral document',
};

const ALLOWED = Object.values(ATTACHMENT_TYPES).join(', ');

export interface Booking {
  org: Organization;
  input: StaffBooking;
  files: Record<string, UploadedFile | undefined>;
  /** The member booking from the console; absent for a visitor's public request. */
  staff?: { caller: Caller; name: string };
  /**
   * The appointment's id (random when absent). A public request derives it from its Idempotency-Key,
   * so a retry that takes over builds the same appointment and stores its files under the same keys.
   */
  id?: string;
  /** The patient's language (a public request's page; staff bookings: the clinic's default). */
  locale?: Locale;
}

/** Refuses a date before today (in the clinic's time zone) or more than two years ahead. */
export function checkBookingDate(bookingDate: string, timeZone: string) {
  const today = todayIn(timeZone || 'UTC');
  if (bookingDate < today) throw badRequest('Booking date cannot be in the past', { bookingDate: 'Booking date cannot be in the past' });
  // ISO dates compare as strings; two years on is the same month and day (29 February included).
  const latest = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
  if (bookingDate > latest) throw badRequest('Booking date must be within the next two years', { bookingDate: 'Booking date must be within the next two years' });
}

async function practitionerOf(org: Organization, id: string): Promise<PractitionerRecord> {
  const p = await getPractitioner(org.id, id);
  if (!p || p.deletedAt || !p.isActive) throw badRequest(PRACTITIONER_MESSAGES.unknownPractitioner, { practitionerId: PRACTITIONER_MESSAGES.unknownPractitioner });
  return p;
}

/** What an appointment with a practitioner stores: who, how long, and its start instant (its blocks are computed from it). */
function practitionerFields(p: PractitionerRecord, input: StaffBooking, org: Organization) {
  const startUtc = appointmentStartUtc(input, org.timeZone);
  return { practitionerId: p.id, practitionerName: p.name, durationMinutes: input.durationMinutes ?? DEFAULT_APPOINTMENT_MINUTES, startUtc };
}

async function storeAttachments(orgId: string, appointmentId: string, files: Booking['files']) {
  const present = ATTACHMENT_FIELDS.filter((f) => files[f]);
  // Sizes first: a too-large second file must not leave the first one stored.
  for (const field of present) {
    if (files[field]!.content.length > ATTACHMENT_MAX_BYTES) {
      const message = `${FIELD_LABELS[field]} is too large (at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB).`;
      throw new HttpError(413, message, { [field]: message });
    }
  }
  const stored: Partial<Record<AttachmentField, string>> = {};
  try {
    for (const field of present) {
      try {
        stored[field] = await storeUpload(files[field], { types: ATTACHMENT_TYPES, maxBytes: ATTACHMENT_MAX_BYTES, prefix: `org/${orgId}/appointments/${appointmentId}`, visibility: 'private', name: field });
      } catch (error) {
        if (error instanceof HttpError && error.status < 500) {
          const message = error.status === 415 ? `${FIELD_LABELS[field]}: this file type is not allowed. Allowed: ${ALLOWED}.` : `${FIELD_LABELS[field]}: ${error.message}`;
          throw new HttpError(error.status, message, { [field]: message });
        }
        throw error;
      }
    }
  } catch (error) {
    await removeAttachments(stored);
    throw error;
  }
  return stored;
}

async function removeAttachments(stored: Partial<Record<AttachmentField, string>>) {
  await Promise.all(Object.values(stored).map((key) => deleteUpload(key).catch((error: unknown) => log.error('Could not delete an upload', error, { key }))));
}

export async function bookAppointment(b: Booking): Promise<Appointment> {
  const { org, input } = b;
  checkBookingDate(input.bookingDate, org.timeZone);
  const id = b.id ?? randomId();
  const practitioner = b.staff && input.practitionerId ? await practitionerOf(org, input.practitionerId) : undefined;
  const attachments = await storeAttachments(org.id, id, b.files);
  const now = new Date().toISOString();
  const base: Appointment = {
    id,
    orgId: org.id,
    ...(b.locale ?? org.defaultLanguage ? { locale: b.locale ?? org.defaultLanguage } : {}),
    firstName: input.firstName,
    lastName: input.lastName,
    gender: input.gender,
    email: input.email,
    phone: input.phone,
    dob: input.dob,
    bookingDate: input.bookingDate,
    bookingTime: input.bookingTime,
    preferredLocation: input.preferredLocation,
    reasonOfAppointment: input.reasonOfAppointment,
    primaryInsurance: input.primaryInsurance,
    insuranceMemberId: input.insuranceMemberId,
    additionalNotes: input.additionalNotes,
    appointmentType: input.appointmentType,
    attachments,
    // A visitor asks; a member booking from the console books it.
    status: b.staff ? 'confirmed' : 'requested',
    source: b.staff ? 'staff' : 'public',
    createdBy: b.staff?.caller.userId,
    ...(practitioner ? practitionerFields(practitioner, input, org) : {}),
    createdAt: now,
    updatedAt: now,
    version: 1,
    inReports: true,
    inPractitionerReports: true,
  };

  // A visitor's request tells the clinic's webhook endpoints (a booking staff make is theirs already).
  // The service the type names, for its price in the mail (a free-text type names none): both read at once.
  const [event, service] = await Promise.all([
    b.staff ? [] : appointmentEventItems('appointment.requested', base, `appointment-requested-${id}`, now),
    input.appointmentType ? findServiceByName(org.id, input.appointmentType) : undefined,
  ]);
  // The same new person booked at the same instant: their customer exists now, so look again (3 tries,
  // then the last refusal goes up as it is).
  let lostRace: TransactionFailure | undefined;
  try {
    return await retryOnConflict(async () => {
      const customer = await customerForBooking(org.id, input, base, now);
      const appointment: Appointment = { ...base, customerId: customer.customerId };
      // The patient's link to cancel it themselves (a new token per attempt: only the committed one is mailed).
      const manage = appointmentManageLink(appointment, appointmentStartUtc(appointment, org.timeZone), org);
      const time = appointmentTimeItems(undefined, appointment);
      const items: TransactItem[] = [
        ...time,
        putAppointment(appointment),
        ...searchTokenPuts(appointment),
        logPut(org.id, {
          appointmentId: id,
          at: now,
          actorId: b.staff?.caller.userId,
          actorName: b.staff?.name ?? `${input.firstName} ${input.lastName} (public request)`,
          action: 'created',
          to: appointment.status,
          summary: b.staff ? `Booked for ${when(appointment)}` : `Requested for ${when(appointment)} on the public page`,
        }),
        counterUpdate(org.id, 'appointments', 1),
        ...reportItems(org.id, appointmentReportDeltas(undefined, appointment)),
        ...(b.staff
          ? [auditItem({ orgId: org.id, actorId: b.staff.caller.userId, module: 'Appointment', action: 'create', recordType: 'appointment', recordId: id, summary: `Booked an appointment for ${input.firstName} ${input.lastName} on ${when(appointment)}` })]
          : []),
        manage.item,
        ...effectItems(`appointment-${org.id}-${id}`, org.id, { mail: appointmentMail(b, appointment, manage.text, service), typedRecipient: !b.staff, notice: noticeOf(b, appointment) }),
        ...appointmentReminderItems(appointment, org),
        ...event,
      ];
      const customerAt = items.length;
      items.push(...(customer.items as TransactItem[]));
      try {
        await transact(items);
        return appointment;
      } catch (error) {
        if (error instanceof TransactionFailure && error.codes.slice(0, time.length).includes('ConditionalCheckFailed')) throw conflict(PRACTITIONER_BUSY);
        const customerRace = error instanceof TransactionFailure && error.codes.some((code, i) => code === 'ConditionalCheckFailed' && i >= customerAt);
        if (!customerRace) throw error;
        lostRace = error;
        return TRY_AGAIN;
      }
    }, { attempts: 3, exhausted: () => lostRace! });
  } catch (error) {
    // Only when nothing can refer to the files: a refused transaction wrote nothing. After a timeout the
    // write may still land, and a retry with the same Idempotency-Key stores its files under these keys.
    if (error instanceof TransactionFailure) await removeAttachments(attachments);
    throw error;
  }
}

function noticeOf(b: Booking, a: Appointment): NotifyInput {
  const name = `${a.firstName} ${a.lastName}`;
  return {
    title: b.staff ? 'Appointment booked' : 'New appointment request',
    message: b.staff ? `${b.staff.name} booked ${name} for ${when(a)}.` : `${name} asked for an appointment on ${when(a)}.`,
    link: `/appointments/${a.id}`,
    module: 'Appointment',
    exceptUserId: b.staff?.caller.userId,
    about: a.email,
  };
}

/** The service's line: its name and, when it has one, its price in its currency, in the patient's words. */
function serviceLine(t: PatientTranslate, s: Service, org: Organization, locale: string | undefined): string {
  const { priceMinor, currency } = serviceView(s, orgCurrency(org));
  if (!priceMinor) return t('line.service', { value: s.name });
  return t('line.servicePrice', { value: s.name, price: formatMoney(priceMinor, currency, locale ?? 'en'), currency: currency.toUpperCase() });
}

/** The patient's mail, in their language (the appointment's locale). */
export function appointmentMail(b: Booking, a: Appointment, manage: string, service?: Service): Mail {
  const t = patientTexts(a.locale);
  const locale = patientLocale(a.locale);
  const clinic = b.org.name;
  // The clinic's local date and time as entered, in the patient's words and language.
  const at = appointmentWhen(t, a, locale);
  const reference = [...(service ? [serviceLine(t, service, b.org, a.locale)] : []), t('line.reference', { value: a.id })].join('\n');
  return b.staff
    ? {
        to: a.email,
        fromClinic: true,
        locale,
        subject: t('appointment.bookedSubject', { clinic }),
        text: [
          greetingIn(t, a.firstName),
          t('appointment.booked', { clinic, when: at }),
          reference,
          b.org.phoneNumber ? t('appointment.cannotComePhone', { clinic, phone: b.org.phoneNumber }) : t('appointment.cannotCome', { clinic }),
          manage,
        ].join('\n\n'),
      }
    : {
        to: a.email,
        fromClinic: true,
        locale,
        subject: t('appointment.requestedSubject', { clinic }),
        text: [greetingIn(t, a.firstName), t('appointment.requested', { clinic, when: at }), reference, manage, t('appointment.ignore')].join('\n\n'),
      };
}
