// Sessions: one per sign-in (device, address, times), named by the access token's `sid`, and the
// organisation's security settings (idle limit, two-factor requirement). Every authenticated request
// reads the membership, its session and the settings in ONE BatchGet, so ending a session, replacing
// the membership's session generation, removing the member or going idle refuses the token at once.
// Access patterns:
//   a session                   pk ORG#<orgId>  sk SESSION#<userId>#<sessionId>
//   a member's sessions         Query pk ORG#<orgId>, sk begins_with SESSION#<userId>#
//   security settings           pk ORG#<orgId>  sk SECURITY
// A session is open while: it exists, its stamp is the membership's current one (`sessionStamp`: the
// membership's createdAt, so a removed and re-added member's old sessions stay dead, and its session
// generation, replaced to end every session but the one re-stamped with it), it is not past its
// absolute end (the access token's lifetime) and it was active within the idle limit.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import type * as z from 'zod/mini';
import type { securitySettingsRecord } from '#shared/account/records';
import { ddb, table } from './dynamo';
import { log } from '#lib/log';
import { randomId } from '#lib/passwords';
import { auditItem } from './audit';
import { batchGet, isConditionFailure, queryPage, strip, tryTransact, type Item, type TransactItem } from './core';
import { memberKey, type Membership } from './members';
import { TTL_ATTRIBUTE } from './table';

export interface Session {
  id: string;
  orgId: string;
  userId: string;
  /** A short description of the browser and system ("Chrome on Windows"). */
  device: string;
  /** The client address it began from. */
  address: string;
  createdAt: string;
  lastSeenAt: string;
  /** Its absolute end: the access token's expiry. */
  expiresAt: string;
  /** Signed in with a second factor (or turned two-factor on in this session). */
  twoFactor: boolean;
  stamp: string;
}

export type SecuritySettings = z.output<typeof securitySettingsRecord>;

export const DEFAULT_SECURITY: SecuritySettings = { idleTimeoutMinutes: 30, requireTwoFactor: false };

/** lastSeenAt is rewritten at most this often (one write a minute per active session, not one per request). */
export const TOUCH_INTERVAL_MS = 60_000;

export const sessionKey = (orgId: string, userId: string, sessionId: string) => ({ pk: `ORG#${orgId}`, sk: `SESSION#${userId}#${sessionId}` });
const securityKey = (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'SECURITY' });

/** The value a session must carry to be open under this membership. */
export const sessionStamp = (m: Pick<Membership, 'createdAt' | 'sessionGeneration'>) => `${m.createdAt}#${m.sessionGeneration ?? ''}`;

export type SessionState = 'open' | 'ended' | 'expired' | 'idle';

export function sessionState(session: Session | undefined, membership: Membership | undefined, settings: SecuritySettings, now = Date.now()): SessionState {
  if (!session || !membership || session.stamp !== sessionStamp(membership)) return 'ended';
  if (Date.parse(session.expiresAt) <= now) return 'expired';
  // lastSeenAt lags real activity by up to TOUCH_INTERVAL_MS: that much grace, so an active member is never cut off early.
  if (now - Date.parse(session.lastSeenAt) > settings.idleTimeoutMinutes * 60_000 + TOUCH_INTERVAL_MS) return 'idle';
  return 'open';
}

const settingsOf = (item: Item | undefined): SecuritySettings => ({
  idleTimeoutMinutes: Number(item?.idleTimeoutMinutes ?? DEFAULT_SECURITY.idleTimeoutMinutes),
  requireTwoFactor: item?.requireTwoFactor === true,
});

// The check of every authenticated request: membership, session and settings in one round trip.
export async function readSessionContext(orgId: string, userId: string, sessionId: string) {
  const [membership, session, settings] = await batchGet([memberKey(orgId, userId), sessionKey(orgId, userId, sessionId), securityKey(orgId)]);
  return { membership: strip<Membership>(membership), session: strip<Session>(session), settings: settingsOf(settings) };
}

/** The Put of a new session, for the transaction of the sign-in (with its mail, when there is one). */
export function newSessionItem(session: Session): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...sessionKey(session.orgId, session.userId, session.id), ...session, [TTL_ATTRIBUTE]: Math.floor(Date.parse(session.expiresAt) / 1000) + 86_400 },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

// Record activity: lastSeenAt moves only when it is older than TOUCH_INTERVAL_MS (the condition makes
// racing requests write once), and never for an ended session.
export async function touchSession(session: Session, now = Date.now()): Promise<void> {
  if (now - Date.parse(session.lastSeenAt) < TOUCH_INTERVAL_MS) return;
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: sessionKey(session.orgId, session.userId, session.id),
        UpdateExpression: 'SET lastSeenAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND lastSeenAt < :before',
        ExpressionAttributeValues: { ':now': new Date(now).toISOString(), ':before': new Date(now - TOUCH_INTERVAL_MS).toISOString() },
      }),
    );
  } catch (error) {
    // Recording activity must not fail the member's request: a missed write is caught up a minute later.
    if (!isConditionFailure(error)) log.warn('Session activity not recorded', { error: (error as Error)?.name });
  }
}

// A member's sessions, a page at a time, open ones only (ended and expired ones wait for TTL).
export async function listOpenSessions(membership: Membership, settings: SecuritySettings, options: { limit: number; cursor?: string }): Promise<Page<Session>> {
  const prefix = `SESSION#${membership.userId}#`;
  const now = Date.now();
  const page = await queryPage<Item>(
    {
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `ORG#${membership.orgId}`, ':prefix': prefix },
      ScanIndexForward: false,
    },
    {
      limit: options.limit,
      cursor: options.cursor,
      keys: ['pk', 'sk'],
      partitionValue: `ORG#${membership.orgId}`,
      match: (item) => sessionState(strip<Session>(item), membership, settings, now) === 'open',
    },
  );
  return { items: page.items.map((i) => strip<Session>(i)!), nextCursor: page.nextCursor };
}

// End one session of a member; false when there is no such session.
export async function endSession(orgId: string, userId: string, sessionId: string): Promise<boolean> {
  return tryTransact([{ Delete: { TableName: table(), Key: sessionKey(orgId, userId, sessionId), ConditionExpression: 'attribute_exists(pk)' } }]);
}

/**
 * Items ending every session of a member at once (a new session generation), except `keep`, which is
 * re-stamped with the new generation (and may record a changed `twoFactor`), for the transaction of
 * the change that causes it (a password change, two-factor turned on or off).
 */
export function endOtherSessionsItems(membership: Membership, keep?: { sessionId: string; twoFactor?: boolean }): TransactItem[] {
  const generation = randomId(9);
  const stamp = sessionStamp({ ...membership, sessionGeneration: generation });
  return [
    {
      Update: {
        TableName: table(),
        Key: memberKey(membership.orgId, membership.userId),
        UpdateExpression: 'SET sessionGeneration = :generation',
        ConditionExpression: 'attribute_exists(pk) AND createdAt = :created',
        ExpressionAttributeValues: { ':generation': generation, ':created': membership.createdAt },
      },
    },
    ...(keep
      ? [
          {
            Update: {
              TableName: table(),
              Key: sessionKey(membership.orgId, membership.userId, keep.sessionId),
              UpdateExpression: `SET stamp = :stamp${keep.twoFactor === undefined ? '' : ', twoFactor = :twoFactor'}`,
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':stamp': stamp, ...(keep.twoFactor === undefined ? {} : { ':twoFactor': keep.twoFactor }) },
            },
          },
        ]
      : []),
  ];
}

// Sign out everywhere: every session of the member ends; false when the membership changed meanwhile.
export function endAllSessions(membership: Membership): Promise<boolean> {
  return tryTransact(endOtherSessionsItems(membership));
}

// Read the organisation's security settings (defaults until the owner saves some).
export async function getSecuritySettings(orgId: string): Promise<SecuritySettings> {
  const [item] = await batchGet([securityKey(orgId)]);
  return settingsOf(item);
}

// Save the security settings with the audit entry.
export async function saveSecuritySettings(orgId: string, settings: SecuritySettings, actorId: string): Promise<void> {
  const now = new Date().toISOString();
  await tryTransact([
    { Put: { TableName: table(), Item: { ...securityKey(orgId), ...settings, updatedAt: now } } },
    auditItem({
      orgId, actorId, module: 'Organization', action: 'update', recordType: 'security-settings', recordId: orgId, at: now,
      summary: `Security settings: sign out after ${settings.idleTimeoutMinutes} minutes without activity; two-factor sign-in ${settings.requireTwoFactor ? 'required' : 'optional'}`,
    }),
  ]);
}
