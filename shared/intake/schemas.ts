// Intake before the visit (issue 36): the patient's by-mail page (public, /intake#<token>; its calls take
// the token in the body, never in a URL) and the answers staff read per booking.
import * as z from 'zod/mini';
import { pure, requiredString } from '../common/schemas';
import { publicBrandRecord } from '../common/records';
import { LOCALES } from '../i18n/locales';
import { formFieldRecord, submissionAnswerRecord } from '../forms/records';
import { INTAKE_PAGE_MESSAGES } from './messages';

export { INTAKE_PAGE_MESSAGES };

const token = requiredString(INTAKE_PAGE_MESSAGES.unknown, z.maxLength(128, INTAKE_PAGE_MESSAGES.unknown));

/** POST /public/intake/form. */
export const intakeTokenSchema = z.object({ token });

/** POST /public/intake/submit: the answers as a public form's submission sends them. */
export const intakeSubmitSchema = z.object({
  token,
  items: z.array(z.object({ fieldId: z.string('Each answer needs a fieldId'), value: z.string('Each answer needs a string value') }), 'items is required').check(z.maxLength(300, 'The submission has too many answers.')),
});

/** POST /public/intake/files (multipart): the token and the file. */
export const intakeFileSchema = z.object({ token });

/** `data` of POST /public/intake/form: the form to answer, for which visit, and whether it was answered. */
export const getIntakeFormReply = /* @__PURE__ */ pure(() => z.object({
  clinicName: z.string(),
  /** The patient's language (theirs when they booked, else the clinic's default). */
  clinicLanguage: z.nullable(z.enum(LOCALES)),
  clinicBrand: publicBrandRecord,
  bookingId: z.string(),
  packageName: z.string(),
  firstName: z.string(),
  /** 'Monday, March 9, 2026 at 9:00 AM EDT' (the page shows it in the patient's language from `startUtc`). */
  startUtc: z.string(),
  timeZone: z.string(),
  formName: z.string(),
  formDescription: z.string(),
  fields: z.array(formFieldRecord),
  /** True once answered: the page thanks instead of asking again. */
  answered: z.boolean(),
}));

/** `data` of POST /public/intake/files. */
export const uploadIntakeFileReply = /* @__PURE__ */ pure(() => z.object({ key: z.string() }));

/** A booking's intake answers as staff see them (functions/domain/intake/intake.ts IntakeAnswers). */
export const intakeAnswersRecord = /* @__PURE__ */ pure(() => z.object({
  submissionId: z.string(),
  formId: z.string(),
  formName: z.string(),
  answers: z.array(submissionAnswerRecord),
  createdAt: z.string(),
}));

/** `data` of GET /bookings/booking/{id}/intake: the answers, or null while none were given. */
export const bookingIntakeReply = /* @__PURE__ */ pure(() => z.object({
  /** What the package asks (null: no form; the answers may still be there from before a change). */
  intakeTiming: z.nullable(z.enum(['before_booking', 'by_mail'])),
  intake: z.nullable(intakeAnswersRecord),
}));
