// The kinds of item in a patient's record (issue 36), each in ONE entry below: how its records are read
// for the page (in batches: a page of 25 is one BatchGet), what the export carries, which files are the
// patient's, how the move of a merge re-points it, and how erasing blanks its personal data while its
// money figures stay for the books. A new kind (a visit fee, intake answers) is a name in
// shared/patients/records.ts PATIENT_ITEM_KINDS, an entry here, and a label in the console's
// web/src/features/patients/kinds.ts; whoever records it puts a pointer in the patient's record
// (data/patients.ts patientItemPut, or linkToPatient from a subscriber).
// Mails and texts are not pointers: they are outbox rows found by the patient's addresses (./timeline.ts).
import type * as z from 'zod/mini';
import type { PatientItemKind, patientItemRecord } from '#shared/patients/records';
import { appointmentKey, searchTokens, toAppointment } from '../../data/appointments';
import { bookingKey, type BookingRecord } from '../../data/bookings';
import { batchGet, batchDelete, queryAll, strip, type Item } from '../../data/core';
import { table } from '../../data/dynamo';
import { updateIfThere } from '../../data/patients';
import { paymentKey, submissionKey, type FormPaymentRecord, type SubmissionRecord } from '../../data/submissions';
import { REQUEST_RECORD_ATTRIBUTE } from '../../data/table';
import type { Appointment } from '../../data/appointments';

export type PatientItemView = z.output<typeof patientItemRecord>;

/** What an item kind knows how to do with the records its pointers name. */
export interface ItemKind {
  /** The record a pointer names (undefined: none: a note is its own record). */
  key?: (orgId: string, refId: string) => { pk: string; sk: string };
  /** The page's item, from the pointer and its record (undefined: the record is gone: left out). */
  view: (pointer: Item, record: Item | undefined) => PatientItemView | undefined;
  /** The patient's files in the record: [S3 key, label]. */
  files?: (record: Item) => [string, string][];
  /** Re-points the record at the patient it was merged into (the customer or patient id it carries). */
  repoint?: (orgId: string, refId: string, patientId: string) => Promise<void>;
  /**
   * Blanks the record's personal data, keeping its money figures (idempotent: blank stays blank).
   * `deleteFile` is given by the erase (./erase.ts), so the routes that only read or merge a record
   * carry no code, and no grant, that deletes patient documents (test/infra/uses.test.ts).
   */
  erase?: (orgId: string, refId: string, record: Item, deleteFile: (key: string) => Promise<void>) => Promise<void>;
}

const empty = { text: null, status: null, when: null, amountMinor: null, refundedMinor: null, currency: null, by: null } as const;
const base = (kind: PatientItemKind, id: string, at: string, title: string) => ({ ...empty, kind, id, at, title });

const ERASED = '';

const booking: ItemKind = {
  key: (orgId, id) => bookingKey(orgId, id),
  view(p, r) {
    if (!r) return undefined;
    const b = r as unknown as BookingRecord;
    return { ...base('booking', b.id, p.at as string, b.packageName), status: b.status, when: `${b.bookingDate} ${b.bookingTime} (${b.timeZone})${b.practitionerName ? `, ${b.practitionerName}` : ''}`, amountMinor: b.priceCents, currency: b.currency };
  },
  repoint: (orgId, id, patientId) => updateIfThere(bookingKey(orgId, id), 'SET patientId = :p', { ':p': patientId }),
  // The patient's name and contact go; the price, what was paid and refunded, and the time stay (the books, the reports).
  erase: (orgId, id) =>
    updateIfThere(bookingKey(orgId, id), 'SET firstName = :e, lastName = :e, email = :e, phoneNumber = :e, payerEmail = :n', { ':e': ERASED, ':n': null }),
};

const APPOINTMENT_PERSONAL = ['gender', 'dob', 'preferredLocation', 'reasonOfAppointment', 'primaryInsurance', 'insuranceMemberId', 'additionalNotes'] as const;

const appointment: ItemKind = {
  key: (orgId, id) => appointmentKey(orgId, id),
  view(p, r) {
    if (!r) return undefined;
    const a = r as unknown as Appointment;
    return { ...base('appointment', a.id, p.at as string, a.appointmentType ?? ''), status: a.status, when: `${a.bookingDate} ${a.bookingTime}${a.practitionerName ? `, ${a.practitionerName}` : ''}`, text: a.reasonOfAppointment ?? null };
  },
  files: (r) => Object.entries((r.attachments ?? {}) as Record<string, string | undefined>).flatMap(([field, key]) => (key ? [[key, field] as [string, string]] : [])),
  repoint: (orgId, id, patientId) => updateIfThere(appointmentKey(orgId, id), 'SET customerId = :p', { ':p': patientId }),
  async erase(orgId, id, record, deleteFile) {
    const a = toAppointment(record)!;
    for (const key of Object.values(a.attachments ?? {})) if (key) await deleteFile(key);
    // Its search entries spell the name, email and phone: gone with them.
    if (a.firstName || a.email || a.phone) await batchDelete(searchTokens(a).map((token) => ({ pk: `ORG#${orgId}#APPTQ`, sk: `${token}#${a.id}` })));
    await updateIfThere(
      appointmentKey(orgId, id),
      `SET firstName = :e, lastName = :e, email = :e, phone = :e, attachments = :none, gsi3sk = :name ADD version :one REMOVE ${APPOINTMENT_PERSONAL.join(', ')}`,
      { ':e': ERASED, ':none': {}, ':name': `#${a.id}`, ':one': 1 },
    );
    // Its log names a public request's patient as its author.
    const log = await queryAll<{ pk: string; sk: string; actorId?: string }>({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#APPT#${a.id}#LOG` } });
    for (const entry of log.filter((e) => !e.actorId)) await updateIfThere({ pk: entry.pk, sk: entry.sk }, 'SET actorName = :n', { ':n': 'Patient (erased)' });
  },
};

const answersText = (s: SubmissionRecord) =>
  s.answers.map((a) => `${a.label}: ${a.type === 'file' ? '(file)' : Array.isArray(a.value) ? a.value.join(', ') : a.value}`).join('\n') || null;

const submission: ItemKind = {
  key: (orgId, id) => submissionKey(orgId, id),
  view(p, r) {
    if (!r) return undefined;
    const s = r as unknown as SubmissionRecord;
    return { ...base('submission', s.id, p.at as string, s.formName), text: answersText(s), status: s.paymentStatus === 'none' ? null : s.paymentStatus };
  },
  files: (r) => (r as unknown as SubmissionRecord).answers.flatMap((a) => (a.type === 'file' && typeof a.value === 'string' && a.value ? [[a.value, a.label] as [string, string]] : [])),
  async erase(orgId, id, record, deleteFile) {
    for (const [key] of submission.files!(record)) await deleteFile(key);
    // The request record a lead carries (data/idempotency.ts recordOn) holds a hash of the answers: it goes too.
    await updateIfThere(submissionKey(orgId, id), 'SET answers = :none, email = :n, #name = :n REMOVE #record', { ':none': [], ':n': null }, { '#name': 'name', '#record': REQUEST_RECORD_ATTRIBUTE });
  },
};

/** A payment's pointer names `booking:<id>` (a booking's Checkout) or `form:<id>` (a lead's payment). */
const paymentRef = (refId: string) => {
  const [source, id] = refId.split(':') as ['booking' | 'form', string];
  return { source, id };
};

const payment: ItemKind = {
  key: (orgId, refId) => (paymentRef(refId).source === 'booking' ? bookingKey(orgId, paymentRef(refId).id) : paymentKey(orgId, paymentRef(refId).id)),
  view(p, r) {
    if (!r) return undefined;
    if (paymentRef(p.refId as string).source === 'booking') {
      const b = r as unknown as BookingRecord;
      return { ...base('payment', b.id, p.at as string, b.packageName), status: b.paymentStatus, amountMinor: b.amountPaidCents, refundedMinor: b.refundedCents, currency: b.currency };
    }
    const f = r as unknown as FormPaymentRecord;
    return { ...base('payment', f.submissionId, p.at as string, `${f.formName}: ${f.packageName}`), status: f.status, amountMinor: f.amountPaidCents ?? f.amountCents, refundedMinor: f.refundedCents, currency: f.currency ?? 'usd' };
  },
  // A booking's payment is erased with its booking; a lead's payment keeps its amounts, not who paid.
  erase: async (orgId, refId) => {
    const { source, id } = paymentRef(refId);
    if (source === 'form') await updateIfThere(paymentKey(orgId, id), 'SET payerEmail = :n, payerName = :n', { ':n': null });
  },
};

const note: ItemKind = {
  view: (p) => ({ ...base('note', p.refId as string, p.at as string, ''), text: (p.text as string) ?? '', by: (p.authorName as string) ?? null }),
};

export const ITEM_KINDS: Record<Exclude<PatientItemKind, 'mail' | 'sms'>, ItemKind> = { booking, appointment, submission, payment, note };

export const kindOf = (pointer: Item) => ITEM_KINDS[pointer.kind as keyof typeof ITEM_KINDS];

/** The records a chunk of pointers name, read in one batch (in order; undefined: none or gone). */
export async function recordsOf(orgId: string, pointers: Item[]): Promise<Array<Item | undefined>> {
  const keys = pointers.map((p) => kindOf(p)?.key?.(orgId, p.refId as string));
  const wanted = keys.filter((k): k is { pk: string; sk: string } => Boolean(k));
  const found = wanted.length ? await batchGet(wanted) : [];
  let next = 0;
  return keys.map((k) => (k ? found[next++] : undefined));
}

/** The page's items of a chunk of pointers (unknown kinds and gone records left out). */
export async function viewsOf(orgId: string, pointers: Item[]): Promise<Array<PatientItemView | undefined>> {
  const records = await recordsOf(orgId, pointers);
  return pointers.map((p, i) => kindOf(p)?.view(p, records[i]));
}

// ---- Mails and texts: outbox rows (data/outbox.ts), and texts staff sent (data/sms.ts) ---------------

/** A mail or text as the page lists it. */
export function messageView(row: Item): PatientItemView | undefined {
  const payload = row.payload as { kind?: string; mail?: { subject: string; text: string }; sms?: { message: string } } | undefined;
  if (payload?.kind === 'mail' && payload.mail) {
    return { ...base('mail', row.id as string, row.createdAt as string, payload.mail.subject), text: payload.mail.text.slice(0, 2000), status: row.status as string };
  }
  if (payload?.kind === 'sms' && payload.sms) return { ...base('sms', row.id as string, row.createdAt as string, ''), text: payload.sms.message, status: row.status as string };
  // A text staff sent from the SMS page.
  if (typeof row.message === 'string' && typeof row.at === 'string') return { ...base('sms', row.id as string, row.at, ''), text: row.message, status: row.status as string, by: (row.sentByName as string) ?? null };
  return undefined;
}

/** Blanks a mail's or text's recipient and content and takes it off its address's list; its status stays. */
export async function eraseMessage(row: Item): Promise<void> {
  const key = { pk: row.pk as string, sk: row.sk as string };
  if (row.payload) {
    const payload = row.payload as { kind: string };
    const blank = payload.kind === 'mail' ? { ...payload, mail: { ...(row.payload as { mail: object }).mail, to: ERASED, subject: ERASED, text: ERASED, html: undefined, attachments: undefined } } : { ...payload, sms: { ...(row.payload as { sms: object }).sms, to: ERASED, message: ERASED } };
    // Through JSON: the undefined fields go, as DynamoDB takes no undefined.
    const stored: unknown = JSON.parse(JSON.stringify(blank));
    await updateIfThere(key, 'SET payload = :p REMOVE gsi2pk, gsi2sk', { ':p': stored });
  } else {
    await updateIfThere(key, 'SET #to = :e, message = :e, customerName = :e REMOVE gsi1pk, gsi1sk', { ':e': ERASED }, { '#to': 'to' });
  }
}

export const stripRecord = (item: Item | undefined) => strip<Item>(item);
