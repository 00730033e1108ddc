// Staff notifications. One item per recipient, so each member reads, marks and deletes their own.
// Access patterns:
//   a member's notifications, newest first   pk ORG#<orgId>#USER#<userId>#NOTIF   sk <at>#<id>
//   the members to notify                    Query pk ORG#<orgId>, sk begins_with MEMBER#
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { can, type Module } from '#shared/permissions';
import { ddb, table } from '#lib/dynamo';
import { randomId } from '#lib/passwords';
import type { Membership } from './members';

export interface Notification {
  id: string;
  orgId: string;
  userId: string;
  title: string;
  message: string;
  /** Console path the notification leads to, e.g. /appointments/abc. */
  link?: string;
  read: boolean;
  createdAt: string;
}

export const notificationPk = (orgId: string, userId: string) => `ORG#${orgId}#USER#${userId}#NOTIF`;

export interface NotifyInput {
  title: string;
  message: string;
  link?: string;
  /** Only members who may read this module are told (besides Notifications read). */
  module?: Module;
  /** Exactly these members (still only those who may read notifications). */
  userIds?: string[];
  /** Who caused it: not told about their own action. */
  exceptUserId?: string;
}

// All memberships of an organisation (paged Query; organisations have tens of members, not thousands).
export async function listMemberships(orgId: string): Promise<Membership[]> {
  const members: Membership[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
        ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':member': 'MEMBER#' },
        ExclusiveStartKey: cursor,
      }),
    );
    members.push(...((out.Items ?? []) as Membership[]));
    cursor = out.LastEvaluatedKey;
  } while (cursor);
  return members;
}

/** Tells the organisation's staff that something happened. Returns the notifications written. */
export async function notifyStaff(orgId: string, input: NotifyInput): Promise<Notification[]> {
  const members = await listMemberships(orgId);
  const recipients = members.filter(
    (m) =>
      m.userId !== input.exceptUserId &&
      (!input.userIds || input.userIds.includes(m.userId)) &&
      can(m, 'Notifications', 'read') &&
      (!input.module || can(m, input.module, 'read')),
  );
  const createdAt = new Date().toISOString();
  const written = recipients.map<Notification>((m) => ({
    id: randomId(10), orgId, userId: m.userId, title: input.title, message: input.message, link: input.link, read: false, createdAt,
  }));
  for (let i = 0; i < written.length; i += 25) {
    const batch = written.slice(i, i + 25);
    let requests: Record<string, any[]> | undefined = {
      [table()]: batch.map((n) => ({ PutRequest: { Item: { pk: notificationPk(orgId, n.userId), sk: `${n.createdAt}#${n.id}`, ...n } } })),
    };
    // Retry what DynamoDB leaves unprocessed under load.
    for (let attempt = 0; requests && Object.keys(requests).length && attempt < 5; attempt++) {
      const out: { UnprocessedItems?: Record<string, unknown[]> } = await ddb.send(new BatchWriteCommand({ RequestItems: requests }));
      requests = out.UnprocessedItems && Object.keys(out.UnprocessedItems).length ? (out.UnprocessedItems as Record<string, any[]>) : undefined;
      if (requests) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
  return written;
}
