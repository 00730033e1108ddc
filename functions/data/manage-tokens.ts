// Manage links: a patient opens their booking (or appointment) with an unguessable token (32 random
// bytes, base64url) from a mail. Only its SHA-256 is stored, with the one booking or appointment of
// one organisation it opens and when
// it stops working (the booking's start at the time it was mailed: after that there is nothing left
// to change). Each mail makes its own token; any of a booking's tokens opens it until it expires.
// Access patterns:
//   a token by its hash    pk MANAGE#<sha256 hex>   sk TOKEN   (orgId on the item: deleted with the tenant)
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import type { TransactItem } from './core';
import { TTL_ATTRIBUTE } from './table';

/** What a token opens: one booking or one appointment. */
export type ManageTarget = { bookingId: string; appointmentId?: undefined } | { appointmentId: string; bookingId?: undefined };

export type ManageToken = ManageTarget & {
  orgId: string;
  expiresAt: string;
  createdAt: string;
};

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const tokenKey = (hash: string) => ({ pk: `MANAGE#${hash}`, sk: 'TOKEN' });

/** A new token for a booking or an appointment, and the Put that stores its hash (for the transaction that mails it). */
export function newManageToken(orgId: string, target: ManageTarget, expiresAt: string, now = new Date()): { token: string; item: TransactItem } {
  const token = randomBytes(32).toString('base64url');
  const record = { orgId, ...target, expiresAt, createdAt: now.toISOString() } as ManageToken;
  return {
    token,
    item: {
      Put: {
        TableName: table(),
        Item: { ...tokenKey(hashOf(token)), ...record, [TTL_ATTRIBUTE]: Math.floor(Date.parse(expiresAt) / 1000) + 7 * 86400 },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

// The booking a token opens, unless the token is unknown or expired.
export async function findManageToken(token: string, now = new Date()): Promise<ManageToken | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: tokenKey(hashOf(token)), ConsistentRead: true }));
  const found = out.Item as (ManageToken & Record<string, unknown>) | undefined;
  if (!found || found.expiresAt <= now.toISOString()) return undefined;
  const target: ManageTarget = found.appointmentId ? { appointmentId: found.appointmentId } : { bookingId: found.bookingId! };
  return { orgId: found.orgId, ...target, expiresAt: found.expiresAt, createdAt: found.createdAt };
}
