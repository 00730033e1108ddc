// What a patient's record shows (issue 36): one list of items of every kind, newest first. A kind is
// one name here and one entry in functions/domain/patients/item-kinds.ts (how its records are found,
// shown, exported and erased); the console gives it a label and an icon (web/src/features/patients/kinds.ts).
// Fees (visitfees) and intake answers (intake) become kinds the same way.
import * as z from 'zod/mini';
import { pure } from '../common/schemas';

export const PATIENT_ITEM_KINDS = ['booking', 'appointment', 'submission', 'payment', 'note', 'mail', 'sms'] as const;
export type PatientItemKind = (typeof PATIENT_ITEM_KINDS)[number];

/** One item of a patient's record, as the patient page lists it (the same fields for every kind). */
export const patientItemRecord = /* @__PURE__ */ pure(() => z.object({
  kind: z.enum(PATIENT_ITEM_KINDS),
  /** The id of the thing itself (a booking's, a lead's...), for its own page; a note's or a mail's own id. */
  id: z.string(),
  /** When it happened (ISO 8601, UTC): the record's order. */
  at: z.string(),
  /** What it is: the package, the form, the mail's subject; empty for a note or a text message. */
  title: z.string(),
  /** Its text: a note, a text message, a mail's body (the first 2,000 characters), a lead's answers. */
  text: z.nullable(z.string()),
  /** Its state as its own list says it ('confirmed', 'paid', 'sent'...). */
  status: z.nullable(z.string()),
  /** A visit's local date and time ('2026-03-09 09:00'), with its time zone when it has one. */
  when: z.nullable(z.string()),
  /** Money in minor units of `currency`: what was paid (or the price while unpaid), and what was refunded. */
  amountMinor: z.nullable(z.number()),
  refundedMinor: z.nullable(z.number()),
  currency: z.nullable(z.string()),
  /** Who wrote it (a note's author). */
  by: z.nullable(z.string()),
}));
