// One patient's data handed over (GDPR articles 15 and 20, HIPAA's right of access): a JSON document with
// the patient, every item of their record with the full record behind it (bookings, appointments, leads
// and their answers, payments and refunds, notes, the mails and texts sent to them), and their files as
// signed links valid one hour (not a zip: a Lambda answer is limited to 6 MB, files are up to 10 MB each).
import { signedDownloadUrl } from '#lib/signed-download';
import { recordAudit } from '../../data/audit';
import { allPatientItems, rowsSentTo } from '../../data/patients';
import type { PatientItemKind } from '#shared/patients/records';
import { queryAll, strip, type Item } from '../../data/core';
import { table } from '../../data/dynamo';
import { kindOf, messageView, recordsOf } from './item-kinds';
import { addressesOf, type Patient } from './timeline';

export const EXPORT_LINK_SECONDS = 3600;

const fileUrl = (key: string, label: string) => signedDownloadUrl(key, `${label}.${key.split('.').pop()}`, { as: 'attachment', seconds: EXPORT_LINK_SECONDS });

/** The outbox row as the export shows it: what was sent, to whom, when, and how it went. */
const sentRow = (row: Item) => {
  const { payload, status, createdAt, sentAt, id } = row as { payload: Record<string, unknown>; status: string; createdAt: string; sentAt?: string; id: string };
  const message = (payload.mail ?? payload.sms) as Record<string, unknown>;
  return { id, status, createdAt, sentAt: sentAt ?? null, to: message.to, subject: message.subject ?? null, text: message.text ?? message.message };
};

export async function exportPatient(orgId: string, p: Patient, actorId: string) {
  const items: { kind: PatientItemKind; id: string; at: string; record: unknown }[] = [];
  const files: { from: string; label: string; url: string }[] = [];
  for await (const pointers of allPatientItems(orgId, p.customer.id)) {
    const records = await recordsOf(orgId, pointers);
    for (const [i, pointer] of pointers.entries()) {
      const record = records[i];
      const kind = kindOf(pointer);
      if (!kind) continue;
      const { pk: _pk, sk: _sk, ...note } = pointer;
      items.push({ kind: pointer.kind as PatientItemKind, id: pointer.refId as string, at: pointer.at as string, record: record ? strip<Item>(record) : note });
      for (const [key, label] of record ? kind.files?.(record) ?? [] : []) files.push({ from: `${pointer.kind as string}:${pointer.refId as string}`, label, url: await fileUrl(key, label) });
    }
  }
  const { emails, phones } = addressesOf(p);
  for (const address of [...emails, ...phones]) {
    for await (const rows of rowsSentTo(orgId, address)) for (const row of rows) items.push({ kind: messageView(row)!.kind, id: row.id as string, at: row.createdAt as string, record: sentRow(row) });
  }
  const texts = await queryAll<Item>({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#SMS#CUST#${p.customer.id}` } }, 100_000);
  for (const t of texts) items.push({ kind: 'sms' as const, id: t.id as string, at: t.at as string, record: strip<Item>(t) });
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  await recordAudit({ orgId, actorId, module: 'Customers', action: 'update', recordType: 'patient', recordId: p.customer.id, summary: 'Exported a patient\'s data (GDPR art. 15/20)' });
  return { items, files, expiresInSeconds: EXPORT_LINK_SECONDS };
}
