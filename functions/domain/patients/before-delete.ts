// What DELETE /customers/{id} (the spec's customers) asks of the patient record behind a customer: a
// customer whose record holds bookings, form answers or payments, or records merged into it, is kept
// (as one with appointments is): deleting the row would leave those items pointing at no one, still
// naming the person. Their personal data goes by erasing the patient instead (./erase.ts). A record
// of staff notes only goes with the customer: its notes and profile are removed after the row.
import { batchDelete } from '../../data/core';
import { allPatientItems, deleteItem, getPatientProfile, profileKey } from '../../data/patients';

/** Whether the customer's patient record holds more than staff notes (or absorbed other records). */
export async function recordKeepsCustomer(orgId: string, patientId: string): Promise<boolean> {
  const profile = await getPatientProfile(orgId, patientId);
  if (profile.merged?.length) return true;
  for await (const items of allPatientItems(orgId, patientId)) if (items.some((i) => i.kind !== 'note')) return true;
  return false;
}

/** Removes the notes and profile of a deleted customer's record (idempotent: a second run finds none). */
export async function removeRecordOfDeleted(orgId: string, patientId: string): Promise<void> {
  for await (const items of allPatientItems(orgId, patientId)) {
    const notes = items.filter((i) => i.kind === 'note');
    if (notes.length) await batchDelete(notes.map((n) => ({ pk: n.pk as string, sk: n.sk as string })));
  }
  await deleteItem(profileKey(orgId, patientId));
}
