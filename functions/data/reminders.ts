// Reminders before confirmed bookings and confirmed appointments. One reminder item per booking or
// appointment, written (Put, replacing the previous one) in the SAME transaction as the change that
// fixes its time (confirmation, move), so a moved item's old time has no reminder left. The item is
// listed in a sparse due index until it is sent or dropped; a sweep (functions/reminders/sweep.ts,
// run with the outbox's every-minute sweep) takes the due ones. Access patterns:
//   an item's reminder        pk ORG#<o>#REMINDER#<kind>#<id>   sk REMINDER
//   reminders due by a time   gsi1pk REMINDERS#DUE   gsi1sk <dueAt>#<o>#<kind>#<id>   (sparse)
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { isConditionFailure, strip, type TransactItem } from './core';
import { TTL_ATTRIBUTE } from './table';

export const REMINDERS_DUE_PARTITION = 'REMINDERS#DUE';

/** 'intake': a booking's intake form not answered yet (functions/domain/intake/mail.ts). */
export type ReminderKind = 'booking' | 'appointment' | 'intake';

export interface Reminder {
  orgId: string;
  kind: ReminderKind;
  targetId: string;
  /** The start it reminds of: sent only while the booking or appointment is still at this instant. */
  startUtc: string;
  dueAt: string;
  /** Appointments: the version it was written for (a later change writes a new reminder). */
  version?: number;
}

export const reminderKey = (orgId: string, kind: ReminderKind, targetId: string) => ({ pk: `ORG#${orgId}#REMINDER#${kind}#${targetId}`, sk: 'REMINDER' });
const dueSortKey = (r: Reminder) => `${r.dueAt}#${r.orgId}#${r.kind}#${r.targetId}`;

/**
 * The Put of the reminder `hours` before `startUtc`, for the transaction that confirms or moves the
 * item; none when reminders are off or the time to send it has already passed (a booking made at
 * the last minute gets its confirmation, not a reminder straight after).
 */
export function reminderItems(r: Omit<Reminder, 'dueAt'>, hours: number, now = new Date()): TransactItem[] {
  const dueMs = Date.parse(r.startUtc) - hours * 3_600_000;
  if (hours <= 0 || dueMs <= now.getTime()) return [];
  const reminder: Reminder = { ...r, dueAt: new Date(dueMs).toISOString() };
  return [
    {
      Put: {
        TableName: table(),
        Item: {
          ...reminderKey(r.orgId, r.kind, r.targetId),
          gsi1pk: REMINDERS_DUE_PARTITION,
          gsi1sk: dueSortKey(reminder),
          ...reminder,
          [TTL_ATTRIBUTE]: Math.floor(Date.parse(r.startUtc) / 1000) + 30 * 86400,
        },
      },
    },
  ];
}

/**
 * The Update marking a reminder sent, for the transaction that writes its messages: conditional on
 * the reminder being the one read (not replaced by a move meanwhile) and still due.
 */
export function reminderSentItem(r: Reminder, at: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: reminderKey(r.orgId, r.kind, r.targetId),
      UpdateExpression: 'SET sentAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'gsi1sk = :sk',
      ExpressionAttributeValues: { ':at': at, ':sk': dueSortKey(r) },
    },
  };
}

// Drop a reminder that must not be sent (cancelled, moved, reminders turned off), unless it was replaced meanwhile.
export async function dropReminder(r: Reminder): Promise<void> {
  try {
    await ddb.send(new DeleteCommand({ TableName: table(), Key: reminderKey(r.orgId, r.kind, r.targetId), ConditionExpression: 'gsi1sk = :sk', ExpressionAttributeValues: { ':sk': dueSortKey(r) } }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

// Reminders due by `now`, earliest first.
export async function listDueReminders(now: Date, limit: number): Promise<Reminder[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :due AND gsi1sk <= :upTo',
      ExpressionAttributeValues: { ':due': REMINDERS_DUE_PARTITION, ':upTo': `${now.toISOString()}#\uffff` },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => strip<Reminder>(i)!);
}
