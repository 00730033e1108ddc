// Domain: intake (issue 36). A booking package may ask one of the clinic's forms before the visit: on the
// booking page before paying (create-booking carries the answers), or by mail once the booking is
// confirmed (./mail.ts: a link, and a reminder). Here: which form a package asks, the answers checked
// with the forms' own rules (shared/forms/validate.ts, files as the forms' upload endpoint stores them),
// stored as the form's submission linked to the booking and the patient's email (data/intake.ts), the
// intake.completed webhook in the same transaction, and the answers read back per booking
// (intakeAnswersForBooking: the booking view, the calendar, the patient record).
import type { IntakeTiming } from '#shared/bookings/schemas';
import { validateSubmission } from '#shared/forms/validate';
import type { IntakeEventObject } from '#shared/webhooks/schemas';
import { badRequest } from '#lib/errors';
import type { BookingPackageRecord } from '../../data/booking-packages';
import type { BookingRecord } from '../../data/bookings';
import type { FormRecord } from '../../data/forms';
import { intakeFormOf } from './package-form';
import { intakeIdOf, putIntake } from '../../data/intake';
import { getSubmission, leadObject, type SubmissionAnswer, type SubmissionRecord } from '../../data/submissions';
import { webhookEventItems } from '../../data/webhooks';
import { isFormFileKey, toAnswers } from '#domain/forms/submissions';

export const INTAKE_MESSAGES = {
  /** The booking page sent no answers for a package that asks them first. */
  missing: 'Please answer the intake questions before you continue.',
  done: 'This intake form was already answered. Thank you.',
  unavailable: 'This intake link is not valid any more. Please contact the clinic.',
} as const;

export { intakeFormOf };

/**
 * The answers to `form`, checked as a public form's submission is (required fields, types, options,
 * the form's own uploaded files only), in the form's order; a refusal is a 400 with each field's
 * message under `intake.<fieldId>` and the first one as the message.
 */
export function checkIntakeAnswers(orgId: string, form: FormRecord, items: { fieldId: string; value: string }[] | undefined): SubmissionAnswer[] {
  if (!items) throw badRequest(INTAKE_MESSAGES.missing, { intake: INTAKE_MESSAGES.missing });
  const isFileKey = isFormFileKey(orgId, form.id);
  const result = validateSubmission({ fields: form.fields, packages: [] }, { items }, { isFileValue: (v) => isFileKey(v) });
  if (result.issues.length) {
    throw badRequest(result.issues[0].message, Object.fromEntries(result.issues.map((i) => [`intake.${i.key}`, i.message])));
  }
  return toAnswers(form.fields, result.values);
}

/** The intake.completed object: the answers as lead.created gives them (files only said to be sent), with the booking. */
function intakeObject(sub: SubmissionRecord & { bookingId: string }, timing: IntakeTiming): IntakeEventObject {
  const { object: _lead, packageId: _p, packageName: _n, ...rest } = leadObject(sub);
  return { ...rest, object: 'intake', bookingId: sub.bookingId, timing };
}

/**
 * Stores the answers as the booking's intake (one per booking: its id is the booking's) and links them,
 * while the booking is in one of `statuses`. False when it has one already or is no longer in them.
 * The patient is the booking's: their email and name, whatever the form asked.
 */
export async function saveIntake(
  booking: Pick<BookingRecord, 'orgId' | 'id' | 'email' | 'firstName' | 'lastName' | 'locale' | 'packageId' | 'packageName'>,
  form: FormRecord,
  answers: SubmissionAnswer[],
  timing: IntakeTiming,
  statuses: readonly string[],
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  const sub: SubmissionRecord & { bookingId: string } = {
    id: intakeIdOf(booking.id),
    orgId: booking.orgId,
    formId: form.id,
    formName: form.name,
    answers,
    packageId: null,
    packageName: null,
    email: booking.email,
    name: `${booking.firstName} ${booking.lastName}`.trim().slice(0, 200),
    ...(booking.locale ? { locale: booking.locale } : {}),
    paymentStatus: 'none',
    paymentId: null,
    bookingId: booking.id,
    createdAt: at,
    updatedAt: at,
  };
  const event = await webhookEventItems({ orgId: booking.orgId, type: 'intake.completed', changeKey: `intake-completed-${booking.id}`, objectKey: `booking:${booking.id}`, object: intakeObject(sub, timing), at });
  return putIntake(sub, statuses, event);
}

/** A booking's intake answers as staff and the patient record see them. */
export interface IntakeAnswers {
  submissionId: string;
  formId: string;
  formName: string;
  answers: SubmissionAnswer[];
  /** When they were given. */
  createdAt: string;
}

/**
 * The intake answers of a booking (for the booking view, the calendar's detail and the patient's record),
 * or null when none were given. File answers are the stored keys: staff open them through
 * GET /leads/{submissionId}/files/{fieldId}.
 */
export async function intakeAnswersForBooking(orgId: string, booking: Pick<BookingRecord, 'id' | 'intakeSubmissionId'>): Promise<IntakeAnswers | null> {
  if (!booking.intakeSubmissionId) return null;
  const sub = await getSubmission(orgId, booking.intakeSubmissionId);
  if (!sub || sub.bookingId !== booking.id) return null;
  return { submissionId: sub.id, formId: sub.formId, formName: sub.formName, answers: sub.answers, createdAt: sub.createdAt };
}

/**
 * The booking page's answers (POST /bookings/create-booking), checked before any time is held: for a
 * package that asks its form before booking, the answers, else undefined (answers sent for a package
 * that asks none, or asks by mail, are not kept).
 */
export async function bookingPageIntake(pkg: BookingPackageRecord, items: { fieldId: string; value: string }[] | undefined): Promise<{ form: FormRecord; answers: SubmissionAnswer[] } | undefined> {
  const intake = await intakeFormOf(pkg);
  if (!intake || intake.timing !== 'before_booking') return undefined;
  return { form: intake.form, answers: checkIntakeAnswers(pkg.orgId, intake.form, items) };
}
