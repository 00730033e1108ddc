// Merging two records of one person (issue 36): everything of `from` moves to `into`, and `from` points
// there. In three idempotent steps, so a retry (a double click, a timeout) finishes what a first run
// began and never moves anything twice:
// 1. one transaction: `from` is marked merged into `into` (only if not merged yet), its email and phone
//    lookups now find `into`, `into` keeps its addresses (their mails and texts) and appointment count,
//    and the audit entry;
// 2. each item of `from`'s record is put in `into`'s (same key) and removed from `from`'s, and the
//    booking or appointment it names now carries `into`; the texts staff sent and the customer's
//    appointment links move too;
// 3. `from`'s customer row goes (the spec's customers list shows the person once).
import { conflict, notFound } from '#lib/errors';
import { auditItem } from '../../data/audit';
import { batchWrite, queryAll, transact, isConditionFailure, type Item, type TransactItem } from '../../data/core';
import { customerKey, getCustomer, type Customer } from '../../data/customers';
import { table } from '../../data/dynamo';
import { allPatientItems, deleteItem, getPatientProfile, itemsPartition, profileKey, updateIfThere } from '../../data/patients';
import { ITEM_KINDS } from './item-kinds';
import { getPatient, type Patient } from './timeline';

export const MERGE_SAME = 'A record cannot be merged into itself.';
export const MERGE_OTHER = 'This record was already merged into another patient.';

const lookupRepoint = (orgId: string, kind: 'EMAIL' | 'PHONE', value: string, from: string, into: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: { pk: `ORG#${orgId}#CUST#${kind}#${kind === 'EMAIL' ? value.toLowerCase() : value}`, sk: 'LOOKUP' },
    UpdateExpression: 'SET customerId = :into',
    ConditionExpression: 'customerId = :from',
    ExpressionAttributeValues: { ':into': into, ':from': from },
  },
});

/** Step 1: the one transaction that decides the merge. */
function markMerged(orgId: string, into: Patient, from: Customer, fromProfile: { emails?: string[]; phones?: string[] }, actorId: string): TransactItem[] {
  const emails = [from.email, ...(fromProfile.emails ?? [])].filter((e): e is string => Boolean(e));
  const phones = [from.phone, ...(fromProfile.phones ?? [])].filter((e): e is string => Boolean(e));
  return [
    {
      Put: {
        TableName: table(),
        Item: { ...profileKey(orgId, from.id), mergedInto: into.customer.id },
        ConditionExpression: 'attribute_not_exists(mergedInto) AND attribute_not_exists(erasedAt)',
      },
    },
    {
      Update: {
        TableName: table(),
        Key: profileKey(orgId, into.customer.id),
        UpdateExpression: 'SET emails = list_append(if_not_exists(emails, :none), :emails), phones = list_append(if_not_exists(phones, :none), :phones), merged = list_append(if_not_exists(merged, :none), :from)',
        ConditionExpression: 'attribute_not_exists(mergedInto) AND attribute_not_exists(erasedAt)',
        ExpressionAttributeValues: { ':none': [], ':emails': emails, ':phones': phones, ':from': [from.id] },
      },
    },
    {
      Update: {
        TableName: table(),
        Key: customerKey(orgId, into.customer.id),
        UpdateExpression: 'ADD appointmentCount :n, version :one SET updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':n': from.appointmentCount ?? 0, ':one': 1, ':now': new Date().toISOString() },
      },
    },
    ...(from.email ? [lookupRepoint(orgId, 'EMAIL', from.email, from.id, into.customer.id)] : []),
    ...(from.phone ? [lookupRepoint(orgId, 'PHONE', from.phone, from.id, into.customer.id)] : []),
    // Ids only: the names are personal data an erasure later could not find here.
    auditItem({ orgId, actorId, module: 'Customers', action: 'update', recordType: 'patient', recordId: into.customer.id, summary: `Merged patient record ${from.id} into ${into.customer.id}` }),
  ];
}

/** Step 2: the items of `from`'s record and what points at `from`, moved to `into`. */
async function moveEverything(orgId: string, fromId: string, intoId: string): Promise<void> {
  for await (const items of allPatientItems(orgId, fromId)) {
    for (const item of items) await ITEM_KINDS[item.kind as keyof typeof ITEM_KINDS]?.repoint?.(orgId, item.refId as string, intoId);
    await batchWrite(items.map((i) => ({ PutRequest: { Item: { ...i, pk: itemsPartition(orgId, intoId) } } })));
    await batchWrite(items.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })));
  }
  // The customer's appointment links (GET /customers/{id}) and the texts staff sent them.
  const links = await queryAll<Item>({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#CUST#${fromId}#APPT` } }, 100_000);
  await batchWrite(links.map((l) => ({ PutRequest: { Item: { ...l, pk: `ORG#${orgId}#CUST#${intoId}#APPT` } } })));
  await batchWrite(links.map((l) => ({ DeleteRequest: { Key: { pk: l.pk, sk: l.sk } } })));
  const texts = await queryAll<Item>({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#SMS#CUST#${fromId}` } }, 100_000);
  for (const t of texts) {
    await updateIfThere({ pk: t.pk as string, sk: t.sk as string }, 'SET customerId = :c, gsi1pk = :g', { ':c': intoId, ':g': `ORG#${orgId}#SMS#CUST#${intoId}` });
  }
}

/** Merges `fromId` into `intoId`; answers the patient as they are now. Safe to run again. */
export async function mergePatients(orgId: string, intoId: string, fromId: string, actorId: string): Promise<Patient> {
  if (intoId === fromId) throw conflict(MERGE_SAME);
  const into = await getPatient(orgId, intoId);
  if (!into) throw notFound('Patient not found.');
  const [from, fromProfile] = await Promise.all([getCustomer(orgId, fromId), getPatientProfile(orgId, fromId)]);
  if (fromProfile.mergedInto && fromProfile.mergedInto !== intoId) throw conflict(MERGE_OTHER);
  if (!fromProfile.mergedInto) {
    if (!from || fromProfile.erasedAt) throw notFound('The record to merge was not found.');
    try {
      await transact(markMerged(orgId, into, from, fromProfile, actorId));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // A merge running at the same moment decided first: go on only if it was this one.
      if ((await getPatientProfile(orgId, fromId)).mergedInto !== intoId) throw conflict(MERGE_OTHER);
    }
  }
  await moveEverything(orgId, fromId, intoId);
  await deleteItem(customerKey(orgId, fromId));
  return (await getPatient(orgId, intoId))!;
}
