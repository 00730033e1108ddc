// Calendar feeds: a private subscription URL per practitioner (or the clinic's) that calendar apps
// poll. The URL carries an unguessable token (32 random bytes, base64url, as manage links); only its
// SHA-256 is stored, so the URL is shown once, at creation. Revoking deletes the feed and its token
// item in one transaction: the next poll is a 404. Access patterns:
//   an organisation's feeds      pk ORG#<orgId>#CALFEEDS   sk <feedId>      (at most MAX_CALENDAR_FEEDS)
//   a feed by its token's hash   pk CALFEED#<sha256 hex>   sk TOKEN         (orgId on the item: deleted with the tenant)
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CalendarFeedView } from '#shared/calendar/feed-schemas';
import { MAX_CALENDAR_FEEDS } from '#shared/calendar/feed-schemas';
import { ddb, table } from './dynamo';
import { randomId } from '#lib/passwords';
import { auditItem } from './audit';
import { queryAll, strip, transact, tryTransact, type Item } from './core';

export interface CalendarFeedRecord extends CalendarFeedView {
  orgId: string;
  /** SHA-256 (hex) of the URL's token: what finds the token item to delete with the feed. */
  tokenHash: string;
}

/** What a token opens. */
export interface CalendarFeedToken {
  orgId: string;
  feedId: string;
  practitionerId: string | null;
  includesAppointments: boolean;
  name: string;
}

const feedsPk = (orgId: string) => `ORG#${orgId}#CALFEEDS`;
const feedKey = (orgId: string, id: string) => ({ pk: feedsPk(orgId), sk: id });
const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const tokenKey = (hash: string) => ({ pk: `CALFEED#${hash}`, sk: 'TOKEN' });

export const toFeedView = (r: CalendarFeedRecord): CalendarFeedView => ({
  id: r.id,
  practitionerId: r.practitionerId,
  name: r.name,
  includesAppointments: r.includesAppointments,
  createdAt: r.createdAt,
  createdBy: r.createdBy,
});

// The organisation's feeds, oldest first (a few: one Query).
export async function listCalendarFeeds(orgId: string): Promise<CalendarFeedRecord[]> {
  const items = await queryAll<Item>({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': feedsPk(orgId) }, ConsistentRead: true }, MAX_CALENDAR_FEEDS * 2);
  return items.map((i) => strip<CalendarFeedRecord>(i)!).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

// One feed of the organisation.
export async function getCalendarFeed(orgId: string, id: string): Promise<CalendarFeedRecord | undefined> {
  if (!/^cf_[A-Za-z0-9_-]{1,40}$/.test(id)) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: feedKey(orgId, id), ConsistentRead: true }));
  return strip<CalendarFeedRecord>(out.Item);
}

// Make a feed with its token item and audit entry in one transaction; answers the token (shown once).
export async function createCalendarFeed(
  orgId: string,
  fields: Pick<CalendarFeedView, 'practitionerId' | 'name' | 'includesAppointments'>,
  actorId: string,
  now = new Date().toISOString(),
): Promise<{ feed: CalendarFeedRecord; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const feed: CalendarFeedRecord = { id: `cf_${randomId(12)}`, orgId, ...fields, createdAt: now, createdBy: actorId, tokenHash: hashOf(token) };
  const opened: CalendarFeedToken = { orgId, feedId: feed.id, practitionerId: feed.practitionerId, includesAppointments: feed.includesAppointments, name: feed.name };
  await transact([
    { Put: { TableName: table(), Item: { ...feedKey(orgId, feed.id), ...feed }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...tokenKey(feed.tokenHash), ...opened }, ConditionExpression: 'attribute_not_exists(pk)' } },
    auditItem({ orgId, actorId, module: 'BOOKING_PACKAGES', action: 'create', recordType: 'calendar-feed', recordId: feed.id, summary: `Created the calendar feed "${feed.name}"`, at: now }),
  ]);
  return { feed, token };
}

// Revoke a feed: it and its token item go in one transaction with the audit entry; false when it was gone already.
export function revokeCalendarFeed(feed: CalendarFeedRecord, actorId: string, now = new Date().toISOString()): Promise<boolean> {
  return tryTransact([
    { Delete: { TableName: table(), Key: feedKey(feed.orgId, feed.id), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table(), Key: tokenKey(feed.tokenHash) } },
    auditItem({ orgId: feed.orgId, actorId, module: 'BOOKING_PACKAGES', action: 'delete', recordType: 'calendar-feed', recordId: feed.id, summary: `Revoked the calendar feed "${feed.name}"`, at: now }),
  ]);
}

// The feed a token opens, unless it is malformed, unknown or revoked.
export async function findCalendarFeedToken(token: string): Promise<CalendarFeedToken | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: tokenKey(hashOf(token)) }));
  // A token written before a field existed lacks it: a feed of all practitioners, without appointments.
  const found = out.Item as (Omit<CalendarFeedToken, 'practitionerId' | 'includesAppointments'> & Partial<CalendarFeedToken>) | undefined;
  if (!found) return undefined;
  return { orgId: found.orgId, feedId: found.feedId, practitionerId: found.practitionerId ?? null, includesAppointments: Boolean(found.includesAppointments), name: found.name };
}
