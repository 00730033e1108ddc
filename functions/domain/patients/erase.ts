// Erasing one patient (GDPR article 17): their personal data removed everywhere it is stored (bookings,
// appointments and their search entries and files, leads and their files, payers of lead payments, the
// mails and texts sent to them, notes, their customer row and its email and phone lookups; and through
// ./erase-elsewhere.ts the audit summaries naming them, the outbox's events and webhook rows about them,
// their bookings' intake answers and series, waitlist entries, hold claims and Stripe Customer), the money
// figures kept, anonymised, for the books (prices, amounts paid and refunded, report figures), and one
// audit entry that names no one. First of all, each of their addresses is marked erased (a hash and the
// time, data/erasures.ts): an event about them from before the erase that a worker delivers after it
// (a row it held, a fan-out it had not done) then writes nothing of them again. Idempotent: each step blanks what may already be blank, and the last
// one (the customer row gone, `erasedAt` on the profile, the audit entry) runs once, conditionally.
import { auditItem } from '../../data/audit';
import { batchDelete, isConditionFailure, queryAll, transact, type Item } from '../../data/core';
import { customerKey } from '../../data/customers';
import { markErased } from '../../data/erasures';
import { table } from '../../data/dynamo';
import { allPatientItems, profileKey, rowsSentTo } from '../../data/patients';
import { getSubmission, listSubmissionPayments } from '../../data/submissions';
import { deletePatientDocument } from '#lib/storage';
import { eraseAroundBooking, eraseAuditOf, eraseHoldClaims, eraseAllAbout, eraseStripeCustomer, eraseWaitlistOf, type Personal } from './erase-elsewhere';
import { ITEM_KINDS, eraseMessage, kindOf, recordsOf } from './item-kinds';
import { addressesOf, type Patient } from './timeline';

const lookupDelete = (orgId: string, kind: 'EMAIL' | 'PHONE', value: string, id: string) => ({
  Delete: { TableName: table(), Key: { pk: `ORG#${orgId}#CUST#${kind}#${kind === 'EMAIL' ? value.toLowerCase() : value}`, sk: 'LOOKUP' }, ConditionExpression: 'attribute_not_exists(pk) OR customerId = :id', ExpressionAttributeValues: { ':id': id } },
});

/** The patient's names as a text may spell them (first, last, both). */
const namesOf = (r: Item | { firstName?: unknown; lastName?: unknown }) => {
  const first = typeof r.firstName === 'string' ? r.firstName.trim() : '';
  const last = typeof r.lastName === 'string' ? r.lastName.trim() : '';
  return [first, last, `${first} ${last}`.trim()].filter(Boolean);
};

/** The audit entries of each kind of record name it under this type. */
const AUDIT_TYPES: Record<string, string> = { booking: 'booking', appointment: 'appointment', submission: 'lead' };

/** What a record brings along (its audit entries; a booking's intake answers and series), erased before the record itself. */
async function eraseAround(orgId: string, pointer: Item, record: Item, p: Personal): Promise<void> {
  // The record's own spelling of the name (a booking made under another first name) is scrubbed too.
  p.names.push(...namesOf(record));
  const id = pointer.refId as string;
  if (pointer.kind === 'booking') await eraseAroundBooking(orgId, record, p, (subId, sub) => ITEM_KINDS.submission.erase!(orgId, subId, sub, deletePatientDocument));
  else if (AUDIT_TYPES[pointer.kind as string]) await eraseAuditOf(orgId, AUDIT_TYPES[pointer.kind as string], id, p);
}

/**
 * Blanks every record of the patient's record and removes its items (notes included). A page's pointers
 * go only once their records are blanked: a run that fails midway finds the rest again.
 */
async function eraseItems(orgId: string, patientId: string, p: Personal): Promise<void> {
  for await (const pointers of allPatientItems(orgId, patientId)) {
    const records = await recordsOf(orgId, pointers);
    for (const [i, pointer] of pointers.entries()) {
      const record = records[i];
      if (record) await eraseAround(orgId, pointer, record, p);
      if (record) await kindOf(pointer)?.erase?.(orgId, pointer.refId as string, record, deletePatientDocument);
      else if (pointer.kind === 'payment') await kindOf(pointer)?.erase?.(orgId, pointer.refId as string, {}, deletePatientDocument);
    }
    await batchDelete(pointers.map((p) => ({ pk: p.pk, sk: p.sk })));
  }
}

/** What is kept by the patient's addresses: items about them (outbox rows and the leads their events name, notifications, bookings never paid), waitlist entries, hold claims, the Stripe Customer. */
async function eraseByAddress(orgId: string, emails: string[], phones: string[], p: Personal): Promise<void> {
  const at = new Date().toISOString();
  const booking = async (record: Item) => {
    await eraseAround(orgId, { kind: 'booking', refId: record.id }, record, p);
    await ITEM_KINDS.booking.erase!(orgId, record.id as string, record, deletePatientDocument);
  };
  // A lead with its payments' payers, as the record's pointers would erase them.
  const lead = async (id: string) => {
    const sub = await getSubmission(orgId, id);
    if (!sub) return;
    await eraseAround(orgId, { kind: 'submission', refId: id }, sub as unknown as Item, p);
    await ITEM_KINDS.submission.erase!(orgId, id, sub as unknown as Item, deletePatientDocument);
    for (const pay of await listSubmissionPayments(orgId, id)) await ITEM_KINDS.payment.erase!(orgId, `form:${pay.id}`, pay as unknown as Item, deletePatientDocument);
  };
  for (const email of emails) {
    await eraseAllAbout(orgId, email, p, { booking, lead });
    await eraseWaitlistOf(orgId, email, at);
    await eraseStripeCustomer(orgId, email);
  }
  await eraseHoldClaims(orgId, emails, phones);
}

export async function erasePatient(orgId: string, p: Patient, actorId: string): Promise<void> {
  const id = p.customer.id;
  const { emails, phones } = addressesOf(p);
  // Everything that finds the patient's rows (their customer row, its addresses) goes last, so a run
  // that fails midway leaves what the next one needs to finish.
  const personal: Personal = { names: namesOf(p.customer), emails, phones: [...phones, ...(p.customer.phone ? [p.customer.phone] : [])] };
  // Before anything is blanked: a subscriber that checks the mark after this writes nothing of them.
  await markErased(orgId, personal, new Date().toISOString());
  await eraseItems(orgId, id, personal);
  await eraseByAddress(orgId, emails, phones, personal);
  for (const address of [...emails, ...phones]) for await (const rows of rowsSentTo(orgId, address)) for (const row of rows) await eraseMessage(row);
  const texts = await queryAll<Item>({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#SMS#CUST#${id}` } }, 100_000);
  for (const t of texts) {
    await eraseAuditOf(orgId, 'sms', t.id as string, personal);
    await eraseMessage(t);
  }
  await eraseAuditOf(orgId, 'customer', id, personal);
  await eraseAuditOf(orgId, 'patient', id, personal);
  // The customer's appointment links carry dates and ids only; they go with the customer.
  const links = await queryAll<Item>({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#CUST#${id}#APPT` } }, 100_000);
  await batchDelete(links.map((l) => ({ pk: l.pk, sk: l.sk })));
  const now = new Date().toISOString();
  try {
    await transact([
      { Delete: { TableName: table(), Key: customerKey(orgId, id), ConditionExpression: 'attribute_exists(pk)' } },
      ...emails.map((e) => lookupDelete(orgId, 'EMAIL', e, id)),
      ...phones.map((ph) => lookupDelete(orgId, 'PHONE', ph, id)),
      // The profile keeps no address: only that this record was erased, and when.
      { Put: { TableName: table(), Item: { ...profileKey(orgId, id), erasedAt: now } } },
      auditItem({ orgId, actorId, module: 'Customers', action: 'delete', recordType: 'patient', recordId: id, summary: 'Erased a patient\'s personal data (GDPR art. 17); amounts kept anonymised' }),
    ]);
  } catch (error) {
    // Erased by a run at the same moment: done.
    if (!isConditionFailure(error)) throw error;
  }
}
