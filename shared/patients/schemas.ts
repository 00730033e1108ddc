// Patients (issue 36): the clinic's customers seen as one person each, with everything that is theirs.
// Requests and replies of the /patients operations (functions/patients/).
import * as z from 'zod/mini';
import { pageOf, pageQueryShape, pure, requiredString } from '../common/schemas';
import { customerView } from '../customers/schemas';
import { patientItemRecord } from './records';

/** GET /patients: a page of patients, or those whose name or email begins with `search`. */
export const listPatientsQuery = z.object({
  ...pageQueryShape,
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
});

/** GET /patients/{id}/items: a page of the patient's record. */
export const patientItemsQuery = z.object(pageQueryShape);

export const NOTE_MAX = 5000;
/** POST /patients/{id}/notes. */
export const addNoteSchema = z.object({
  text: requiredString('Please write the note', z.maxLength(NOTE_MAX, `A note must be at most ${NOTE_MAX} characters`)),
});

/** POST /patients/{id}/merge: the record merged into this one (it is emptied and points here). */
export const mergePatientsSchema = z.object({
  fromId: requiredString('Please choose the record to merge into this one', z.maxLength(64, 'Please choose the record to merge into this one')),
});

// Replies

/** A patient: the customer's fields, and the other emails and phones their merged records brought. */
export const patientView = /* @__PURE__ */ pure(() => z.extend(customerView, {
  otherEmails: z.array(z.string()),
  otherPhones: z.array(z.string()),
}));

/** `data` of GET /patients. */
export const listPatientsReply = /* @__PURE__ */ pure(() => pageOf(patientView));

/** `data` of GET /patients/{id}. */
export const getPatientReply = patientView;

/** `data` of GET /patients/{id}/items. */
export const patientItemsReply = /* @__PURE__ */ pure(() => pageOf(patientItemRecord));

/** `data` of POST /patients/{id}/notes: the note as the record lists it. */
export const addNoteReply = patientItemRecord;

/** `data` of POST /patients/{id}/merge: the patient as they are now. */
export const mergePatientsReply = patientView;

/** A file the patient sent (a lead's upload, an appointment's attachment): a signed link, valid `expiresInSeconds`. */
export const exportFileRecord = /* @__PURE__ */ pure(() => z.object({
  from: z.string(),
  label: z.string(),
  url: z.string(),
}));

/**
 * `data` of GET /patients/{id}/export (GDPR articles 15 and 20): the patient, every item of their record
 * with the full record behind it, and signed links to their files.
 */
export const exportPatientReply = /* @__PURE__ */ pure(() => z.object({
  exportedAt: z.string(),
  patient: patientView,
  items: z.array(z.object({ kind: patientItemRecord.shape.kind, id: z.string(), at: z.string(), record: z.unknown() })),
  files: z.array(exportFileRecord),
  expiresInSeconds: z.number(),
}));
