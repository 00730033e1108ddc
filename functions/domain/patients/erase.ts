// Erasing one patient (GDPR article 17): their personal data removed everywhere it is stored (bookings,
// appointments and their search entries and files, leads and their files, payers of lead payments, the
// mails and texts sent to them, notes, their customer row and its email and phone lookups), the money
// figures kept, anonymised, for the books (prices, amounts paid and refunded, report figures), and one
// audit entry that names no one. Idempotent: each step blanks what may already be blank, and the last
// one (the customer row gone, `erasedAt` on the profile, the audit entry) runs once, conditionally.
import { auditItem } from '../../data/audit';
import { batchDelete, isConditionFailure, queryAll, transact, type Item } from '../../data/core';
import { customerKey } from '../../data/customers';
import { table } from '../../data/dynamo';
import { allPatientItems, profileKey, rowsSentTo } from '../../data/patients';
import { deletePatientDocument } from '#lib/storage';
import { eraseMessage, kindOf, recordsOf } from './item-kinds';
import { addressesOf, type Patient } from './timeline';

const lookupDelete = (orgId: string, kind: 'EMAIL' | 'PHONE', value: string, id: string) => ({
  Delete: { TableName: table(), Key: { pk: `ORG#${orgId}#CUST#${kind}#${kind === 'EMAIL' ? value.toLowerCase() : value}`, sk: 'LOOKUP' }, ConditionExpression: 'attribute_not_exists(pk) OR customerId = :id', ExpressionAttributeValues: { ':id': id } },
});

/** Blanks every record of the patient's record and removes its items (notes included). */
async function eraseItems(orgId: string, patientId: string): Promise<void> {
  for await (const pointers of allPatientItems(orgId, patientId)) {
    const records = await recordsOf(orgId, pointers);
    for (const [i, pointer] of pointers.entries()) {
      const record = records[i];
      if (record) await kindOf(pointer)?.erase?.(orgId, pointer.refId as string, record, deletePatientDocument);
      else if (pointer.kind === 'payment') await kindOf(pointer)?.erase?.(orgId, pointer.refId as string, {}, deletePatientDocument);
    }
    await batchDelete(pointers.map((p) => ({ pk: p.pk, sk: p.sk })));
  }
}

export async function erasePatient(orgId: string, p: Patient, actorId: string): Promise<void> {
  const id = p.customer.id;
  await eraseItems(orgId, id);
  const { emails, phones } = addressesOf(p);
  for (const address of [...emails, ...phones]) for await (const rows of rowsSentTo(orgId, address)) for (const row of rows) await eraseMessage(row);
  const texts = await queryAll<Item>({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#SMS#CUST#${id}` } }, 100_000);
  for (const t of texts) await eraseMessage(t);
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
