// The transactional outbox: a side effect (a mail, a staff notice) is written as a row in the SAME
// transaction as the state change that causes it, under a deterministic id (for example
// `receipt-<paymentId>`), so it happens if and only if the change commits, and a second writer of the
// same change finds the row there already (its transaction is cancelled: the change was made).
// A worker on the table's stream (functions/outbox/, DynamoDB Streams in AWS, the local stream of
// DynamoDB Local on `npm start`) delivers each row once; failed deliveries are retried with backoff
// by a periodic sweep over the due index. Access patterns:
//   a row by id                  pk OUTBOX#<id>   sk MESSAGE
//   rows due for (re)delivery    gsi1pk OUTBOX#DUE   gsi1sk <nextAttemptAt>#<id>   (sparse: pending rows only)
import type { Mail } from '#lib/mail';
import { table } from '#lib/dynamo';
import type { TransactItem } from './core';
import type { NotifyInput } from './notifications';

export const OUTBOX_PREFIX = 'OUTBOX#';
export const OUTBOX_DUE_PARTITION = 'OUTBOX#DUE';

export const outboxKey = (id: string) => ({ pk: `${OUTBOX_PREFIX}${id}`, sk: 'MESSAGE' });

export type OutboxPayload =
  | { kind: 'mail'; mail: Mail }
  /** In-app notifications to the organisation's staff, fanned out to the members when delivered. */
  | { kind: 'staff-notice'; notice: NotifyInput };

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxRow {
  id: string;
  orgId?: string;
  payload: OutboxPayload;
  status: OutboxStatus;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  lastError?: string;
  sentAt?: string;
}

/**
 * The Put of a new outbox row, for the transaction of the change that causes it. It fails its
 * condition when a row with this id exists: the change it belongs to was made already.
 */
export function outboxItem(id: string, payload: OutboxPayload, orgId?: string, now = new Date()): TransactItem {
  const at = now.toISOString();
  const row: OutboxRow = { id, ...(orgId ? { orgId } : {}), payload, status: 'pending', attempts: 0, createdAt: at, nextAttemptAt: at };
  return {
    Put: {
      TableName: table(),
      Item: { ...outboxKey(id), gsi1pk: OUTBOX_DUE_PARTITION, gsi1sk: `${at}#${id}`, ...row },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A mail to send once the change commits. */
export const outboxMail = (id: string, mail: Mail, orgId?: string) => outboxItem(id, { kind: 'mail', mail }, orgId);

/** Staff notifications to write once the change commits (recipients are chosen when delivered). */
export const outboxNotice = (id: string, orgId: string, notice: NotifyInput) => outboxItem(id, { kind: 'staff-notice', notice }, orgId);
