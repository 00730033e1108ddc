// The owner's audit log: every write of staff data appends one entry in the same transaction.
// Access patterns:
//   an organisation's log, newest first   pk ORG#<orgId>#LOG           sk <at>#<id>
//   by module                             gsi1pk ORG#<orgId>#LOG#<module>  gsi1sk <at>#<id>
//   by member                             gsi2pk ORG#<orgId>#LOG#USER#<userId>  gsi2sk <at>#<id>
//   by record (erasing a patient rewrites  gsi3pk ORG#<orgId>#LOG#RECORD#<recordType>#<recordId>  gsi3sk <at>#<id>
//   the summaries that name them)
//   any of these within dates            sk (or gsiNsk) BETWEEN <from> AND <to>#~
import type { Page } from '#shared/api';
import type { AuditModule } from '#shared/organization/schemas';
import { randomId } from '#lib/passwords';
import { table } from './dynamo';
import { queryPage, strip, transact, type TransactItem } from './core';

/** The modules an entry names: the log's list (AUDIT_MODULES), so each has its label in the console. */
export type { AuditModule };

export interface AuditEntry {
  id: string;
  orgId: string;
  actorId: string;
  module: AuditModule;
  action: 'create' | 'update' | 'delete';
  recordType: string;
  recordId: string;
  summary: string;
  at: string;
}

export type AuditInput = Omit<AuditEntry, 'id' | 'at'> & { at?: string };

export const auditRecordPartition = (orgId: string, recordType: string, recordId: string) => `ORG#${orgId}#LOG#RECORD#${recordType}#${recordId}`;

/** The Put item of one audit entry, to add to the transaction of the write it records. */
export function auditItem(input: AuditInput): TransactItem {
  const entry: AuditEntry = { ...input, id: randomId(8), at: input.at ?? new Date().toISOString() };
  const sort = `${entry.at}#${entry.id}`;
  return {
    Put: {
      TableName: table(),
      Item: {
        pk: `ORG#${entry.orgId}#LOG`,
        sk: sort,
        gsi1pk: `ORG#${entry.orgId}#LOG#${entry.module}`,
        gsi1sk: sort,
        gsi2pk: `ORG#${entry.orgId}#LOG#USER#${entry.actorId}`,
        gsi2sk: sort,
        gsi3pk: auditRecordPartition(entry.orgId, entry.recordType, entry.recordId),
        gsi3sk: sort,
        ...entry,
      },
    },
  };
}

// Record an action that changes nothing (opening a patient's file), so the owner can see who looked.
export async function recordAudit(input: AuditInput): Promise<void> {
  await transact([auditItem(input)]);
}

export interface AuditQuery {
  limit: number;
  cursor?: string;
  module?: string;
  /** The member who acted. */
  userId?: string;
  /** ISO date-times, both inclusive. */
  from?: string;
  to?: string;
}

// An organisation's log, newest first, a page at a time: by member (gsi2, filtered by module when both
// are asked), by module (gsi1), or all (table); dates narrow the sort key.
export async function listAuditPage(orgId: string, q: AuditQuery): Promise<Page<AuditEntry>> {
  const [index, partition, keys] = q.userId
    ? (['gsi2', `ORG#${orgId}#LOG#USER#${q.userId}`, ['gsi2pk', 'gsi2sk', 'pk', 'sk']] as const)
    : q.module
      ? (['gsi1', `ORG#${orgId}#LOG#${q.module}`, ['gsi1pk', 'gsi1sk', 'pk', 'sk']] as const)
      : ([undefined, `ORG#${orgId}#LOG`, ['pk', 'sk']] as const);
  const [pkName, skName] = keys;
  const page = await queryPage<Record<string, unknown>>(
    {
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :from AND :to`,
      // '~' sorts after every character of an entry id, so `to` includes entries made at that instant.
      ExpressionAttributeValues: { ':pk': partition, ':from': q.from ?? '0000', ':to': `${q.to ?? '9999'}#~` },
      ScanIndexForward: false,
    },
    {
      limit: q.limit,
      cursor: q.cursor,
      keys,
      partitionValue: partition,
      match: q.userId && q.module ? (item) => item.module === q.module : undefined,
    },
  );
  return { items: page.items.map((item) => strip<AuditEntry>(item)!), nextCursor: page.nextCursor };
}
