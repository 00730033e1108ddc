// Patients (issue 36): a clinic's patient IS its customer (./customers.ts: the same id, the same unique
// email and phone lookups, the spec's /customers routes unchanged), plus a record of everything that is
// theirs. Access patterns (no Scan):
//   a patient's items, newest first       pk ORG#<o>#PAT#<id>#ITEMS   sk <at>#<kind>#<refId>
//                                         (pointers to bookings, appointments, submissions, payments; a
//                                         note carries its own text)
//   a patient's profile                   pk ORG#<o>#PAT#<id>         sk PROFILE
//                                         (the emails and phones of records merged into it; mergedInto on
//                                         a record merged away; erasedAt on an erased one)
//   mails and texts sent to an address    gsi2pk ORG#<o>#TO#<email|phone>  gsi2sk <createdAt>#<id>
//                                         (outbox rows of patient mails and texts: ./outbox.ts)
//   texts staff sent to a customer        gsi1pk ORG#<o>#SMS#CUST#<id>     (./sms.ts)
//   items about a patient's email         gsi4pk ORG#<o>#ABOUT#<email>     gsi4sk <at>#<id>
//                                         (outbox events, webhook rows, notices; notifications; bookings)
//   patients by email prefix              gsi3pk ORG#<o>#CUST#EMAIL   gsi3sk <email>#<id>  (customer rows)
//   patients by name prefix               gsi1/gsi2 of the customer rows (./customers.ts)
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { queryPage, strip, type Item, type TransactItem } from './core';

export const itemsPartition = (orgId: string, patientId: string) => `ORG#${orgId}#PAT#${patientId}#ITEMS`;
export const profileKey = (orgId: string, patientId: string) => ({ pk: `ORG#${orgId}#PAT#${patientId}`, sk: 'PROFILE' });
export const recipientPartition = (orgId: string, address: string) => `ORG#${orgId}#TO#${address}`;
export const emailIndexPartition = (orgId: string) => `ORG#${orgId}#CUST#EMAIL`;
/**
 * Items about a patient that no other key of theirs finds, by their normalised email (gsi4): outbox
 * events and webhook rows, staff notices and notifications naming them, bookings (a hold never paid is
 * in no patient's record). Erasing the patient walks it (functions/domain/patients/erase-elsewhere.ts).
 */
export const aboutPartition = (orgId: string, email: string) => `ORG#${orgId}#ABOUT#${email}`;

/** A pointer (or a note) in a patient's record. `at`: when it happened, the order of the record. */
export interface PatientItem {
  kind: string;
  refId: string;
  at: string;
  /** A note's text and author (other kinds keep their data in their own records). */
  text?: string;
  authorId?: string;
  authorName?: string;
}

export const itemSortKey = (i: Pick<PatientItem, 'at' | 'kind' | 'refId'>) => `${i.at}#${i.kind}#${i.refId}`;

/** The Put of an item of a patient's record: the same item again writes the same key (idempotent). */
export function patientItemPut(orgId: string, patientId: string, item: PatientItem): TransactItem {
  return { Put: { TableName: table(), Item: { pk: itemsPartition(orgId, patientId), sk: itemSortKey(item), ...item } } };
}

export async function putPatientItem(orgId: string, patientId: string, item: PatientItem): Promise<void> {
  await ddb.send(new PutCommand(patientItemPut(orgId, patientId, item).Put!));
}

export interface PatientProfile {
  /** Emails and phones of the records merged into this one (their mails and texts are this patient's too). */
  emails?: string[];
  phones?: string[];
  /** Ids of the records merged into this one. */
  merged?: string[];
  /** Set on a record merged away: where its patient is now. */
  mergedInto?: string;
  /** Set once the patient's personal data was erased. */
  erasedAt?: string;
}

// A patient's profile (empty when never merged or erased).
export async function getPatientProfile(orgId: string, patientId: string): Promise<PatientProfile> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: profileKey(orgId, patientId), ConsistentRead: true }));
  return strip<PatientProfile>(out.Item) ?? {};
}

// A page of a patient's items, newest first (every kind: the record's own order).
export function patientItemsPage(orgId: string, patientId: string, limit: number, cursor?: string) {
  const pk = itemsPartition(orgId, patientId);
  return queryPage<Item>(
    { TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false },
    { limit, cursor, keys: ['pk', 'sk'], partitionValue: pk },
  );
}

/** Every item of a patient's record, a page of up to 500 at a time (merge, export, erase walk them all). */
export async function* allPatientItems(orgId: string, patientId: string): AsyncGenerator<Item[]> {
  let cursor: string | undefined;
  do {
    const page = await patientItemsPage(orgId, patientId, 500, cursor);
    yield page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/** Every outbox row sent to an address (mails and texts), a page at a time. */
export async function* rowsSentTo(orgId: string, address: string): AsyncGenerator<Item[]> {
  const pk = recipientPartition(orgId, address);
  let cursor: string | undefined;
  do {
    const page = await queryPage<Item>(
      { TableName: table(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false },
      { limit: 200, cursor, keys: ['gsi2pk', 'gsi2sk', 'pk', 'sk'], partitionValue: pk },
    );
    yield page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

/**
 * An update of a record of the patient's (merge: who it belongs to; erasure: its personal data blanked)
 * that may be gone meanwhile (then nothing).
 */
export async function updateIfThere(key: { pk: string; sk: string }, expression: string, values: Record<string, unknown> = {}, names?: Record<string, string>): Promise<void> {
  await ddb
    .send(new UpdateCommand({ TableName: table(), Key: key, UpdateExpression: expression, ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: Object.keys(values).length ? values : undefined, ExpressionAttributeNames: names }))
    .catch((error: { name?: string }) => {
      if (error?.name !== 'ConditionalCheckFailedException') throw error;
    });
}

// Remove one item by key (a customer row merged away: nothing when already gone).
export async function deleteItem(key: { pk: string; sk: string }): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: table(), Key: key }));
}
