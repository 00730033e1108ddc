// Staff notifications. One item per recipient, so each member reads, marks and deletes their own.
// Access patterns:
//   a member's notifications, newest first   pk ORG#<orgId>#USER#<userId>#NOTIF   sk <at>#<id>
//   a member's unread ones, newest first     gsi1pk ORG#<orgId>#USER#<userId>#NOTIF#UNREAD  gsi1sk <at>#<id>
//                                            (sparse: marking as read removes the gsi1 attributes)
//   a member's unread count (kept)           pk ORG#<orgId>#USER#<userId>   sk NOTIF#UNREAD
//   the members to notify                    Query pk ORG#<orgId>, sk begins_with MEMBER#
// A notification id carries its creation time (base-36 milliseconds, a dot, random), so the item's key
// is known from the id alone. Creating, marking and deleting move the kept count in the same
// transaction, guarded by the item's `read` flag, so marking twice never counts twice.
import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import { can } from '#shared/permissions';
import { ddb, encodeCursor, table } from './dynamo';
import { badRequest } from '#lib/errors';
import { randomId } from '#lib/passwords';
import { TransactionFailure, batchDelete, queryPage, transact } from './core';
import type { Membership } from './members';
import type { NotifyInput } from './notice';
import { aboutPartition } from './patients';
import { normaliseEmail } from '#shared/patients/normalise';

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
const unreadPk = (orgId: string, userId: string) => `ORG#${orgId}#USER#${userId}#NOTIF#UNREAD`;
export const unreadCountKey = (orgId: string, userId: string) => ({ pk: `ORG#${orgId}#USER#${userId}`, sk: 'NOTIF#UNREAD' });

/** A new notification id: its creation time in base-36 milliseconds, a dot, and 60 random bits. */
export const newNotificationId = (createdAt: string) => `${Date.parse(createdAt).toString(36)}.${randomId(8)}`;

const ID_PATTERN = /^([0-9a-z]{6,10})\.[A-Za-z0-9_-]{6,20}$/;

/** The table key of a notification from its id, or undefined for an id we never issued. */
export function notificationKey(orgId: string, userId: string, id: string): { pk: string; sk: string } | undefined {
  const match = ID_PATTERN.exec(id);
  if (!match) return undefined;
  const ms = parseInt(match[1], 36);
  if (!Number.isSafeInteger(ms) || ms > 8.64e15) return undefined;
  return { pk: notificationPk(orgId, userId), sk: `${new Date(ms).toISOString()}#${id}` };
}

function notificationItem(n: Notification, about?: string) {
  const key = { pk: notificationPk(n.orgId, n.userId), sk: `${n.createdAt}#${n.id}` };
  // Naming a patient: under their email (gsi4), so erasing them scrubs it (data/patients.ts aboutPartition).
  const email = normaliseEmail(about);
  return { ...key, ...(n.read ? {} : { gsi1pk: unreadPk(n.orgId, n.userId), gsi1sk: key.sk }), ...(email ? { gsi4pk: aboutPartition(n.orgId, email), gsi4sk: key.sk } : {}), ...n };
}

function stripNotification(item: Record<string, unknown>): Notification {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _gs, gsi4pk: _a, gsi4sk: _as, ...n } = item;
  return n as unknown as Notification;
}

const unreadCountUpdate = (orgId: string, userId: string, by: 1 | -1) => ({
  Update: {
    TableName: table(),
    Key: unreadCountKey(orgId, userId),
    UpdateExpression: 'ADD unread :by',
    ExpressionAttributeValues: { ':by': by },
  },
});


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

/** The members `input` tells: those it names or allows, who may read notifications (and its module). */
function recipientsOf(members: Membership[], input: NotifyInput): Membership[] {
  return members.filter(
    (m) =>
      m.userId !== input.exceptUserId &&
      !input.exceptUserIds?.includes(m.userId) &&
      (!input.userIds || input.userIds.includes(m.userId)) &&
      can(m, 'Notifications', 'read') &&
      (!input.module || can(m, input.module, 'read')),
  );
}

/**
 * Writes notifications, each with its member's unread count (2 items each, 100 per transaction). One
 * whose id was written before is left as it is, and not counted again.
 */
async function writeNotifications(orgId: string, notifications: Notification[], about?: string): Promise<void> {
  for (let i = 0; i < notifications.length; i += 50) {
    let batch = notifications.slice(i, i + 50);
    while (batch.length) {
      try {
        await transact(
          batch.flatMap((n) => [
            { Put: { TableName: table(), Item: notificationItem(n, about), ConditionExpression: 'attribute_not_exists(pk)' } },
            unreadCountUpdate(orgId, n.userId, 1),
          ]),
        );
        break;
      } catch (error) {
        if (!(error instanceof TransactionFailure) || !error.conditionFailed) throw error;
        batch = batch.filter((_, j) => !error.failedAt(2 * j));
      }
    }
  }
}

/** Tells the organisation's staff that something happened. Returns the notifications written. */
export async function notifyStaff(orgId: string, input: NotifyInput): Promise<Notification[]> {
  const recipients = recipientsOf(await listMemberships(orgId), input);
  const createdAt = new Date().toISOString();
  const written = recipients.map<Notification>((m) => ({
    id: newNotificationId(createdAt), orgId, userId: m.userId, title: input.title, message: input.message, link: input.link, read: false, createdAt,
  }));
  await writeNotifications(orgId, written, input.about);
  return written;
}

/**
 * notifyStaff for a notice delivered from the outbox: each member's notification id is derived from
 * the notice's id and the member, and dated when the notice was made, so delivering it again writes
 * nothing new.
 */
export async function notifyStaffOnce(orgId: string, input: NotifyInput, notice: { id: string; createdAt: string }): Promise<Notification[]> {
  const recipients = recipientsOf(await listMemberships(orgId), input);
  const stamp = Date.parse(notice.createdAt).toString(36);
  const written = recipients.map<Notification>((m) => ({
    id: `${stamp}.${createHash('sha256').update(`${notice.id}\u0000${m.userId}`).digest('base64url').slice(0, 16)}`,
    orgId, userId: m.userId, title: input.title, message: input.message, link: input.link, read: false, createdAt: notice.createdAt,
  }));
  await writeNotifications(orgId, written, input.about);
  return written;
}

// Get one of a member's notifications by id (strongly consistent: it decides what a delete un-counts).
export async function getNotification(orgId: string, userId: string, id: string): Promise<Notification | undefined> {
  const key = notificationKey(orgId, userId, id);
  if (!key) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return out.Item ? stripNotification(out.Item) : undefined;
}

// A member's notifications, newest first, a page at a time; `unread` reads the sparse unread index.
export async function listNotificationsPage(
  orgId: string,
  userId: string,
  options: { limit: number; cursor?: string; unread?: boolean; before?: string },
): Promise<Page<Notification>> {
  if (options.before !== undefined) {
    // Keyset paging by id: the id names its own key, so 'older than this one' needs no cursor.
    const key = notificationKey(orgId, userId, options.before);
    if (!key) throw badRequest('The notification id is not valid.');
    const start = options.unread ? { gsi1pk: unreadPk(orgId, userId), gsi1sk: key.sk, ...key } : key;
    options = { ...options, cursor: encodeCursor(start) };
  }
  const page = options.unread
    ? await queryPage<Record<string, unknown>>(
        {
          TableName: table(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': unreadPk(orgId, userId) },
          ScanIndexForward: false,
        },
        { limit: options.limit, cursor: options.cursor, keys: ['gsi1pk', 'gsi1sk', 'pk', 'sk'], partitionValue: unreadPk(orgId, userId) },
      )
    : await queryPage<Record<string, unknown>>(
        {
          TableName: table(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': notificationPk(orgId, userId) },
          ScanIndexForward: false,
        },
        { limit: options.limit, cursor: options.cursor, keys: ['pk', 'sk'], partitionValue: notificationPk(orgId, userId) },
      );
  return { items: page.items.map(stripNotification), nextCursor: page.nextCursor };
}

// A member's kept unread count.
export async function getUnreadCount(orgId: string, userId: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: unreadCountKey(orgId, userId), ConsistentRead: true }));
  return Math.max(0, Number(out.Item?.unread ?? 0));
}

/** Items marking an unread notification as read, with its count; they fail (condition) if it is already read or gone. */
export function markReadItems(n: Pick<Notification, 'orgId' | 'userId' | 'id' | 'createdAt'>, now: string) {
  return [
    {
      Update: {
        TableName: table(),
        Key: { pk: notificationPk(n.orgId, n.userId), sk: `${n.createdAt}#${n.id}` },
        UpdateExpression: 'SET #read = :true, readAt = :now REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND #read = :false',
        ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':true': true, ':false': false, ':now': now },
      },
    },
    unreadCountUpdate(n.orgId, n.userId, -1),
  ];
}

/** Items deleting a notification as it was read (`n.read`); an unread one also leaves the count. */
export function deleteNotificationItems(n: Pick<Notification, 'orgId' | 'userId' | 'id' | 'createdAt' | 'read'>) {
  return [
    {
      Delete: {
        TableName: table(),
        Key: { pk: notificationPk(n.orgId, n.userId), sk: `${n.createdAt}#${n.id}` },
        // If it was marked read meanwhile, fail rather than un-count it twice.
        ConditionExpression: 'attribute_exists(pk) AND #read = :read',
        ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':read': n.read },
      },
    },
    ...(n.read ? [] : [unreadCountUpdate(n.orgId, n.userId, -1)]),
  ];
}

// Remove all of a member's notifications and their count (the member left the organisation).
export async function deleteAllNotifications(orgId: string, userId: string): Promise<void> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': notificationPk(orgId, userId) },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: cursor,
      }),
    );
    const keys = [...((out.Items ?? []) as { pk: string; sk: string }[]).map((i) => ({ pk: i.pk, sk: i.sk })), ...(cursor ? [] : [unreadCountKey(orgId, userId)])];
    await batchDelete(keys);
    cursor = out.LastEvaluatedKey;
  } while (cursor);
}
