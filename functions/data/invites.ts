// Invitations of members added by staff. The emailed token is random (256 bits) and stored only as its
// SHA-256, valid 7 days and usable once. Access patterns:
//   invitation by token   pk INVITE#<sha256(token)>   sk INVITE     (the membership keeps the hash to revoke it)
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { strip, type TransactItem } from './core';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Invite {
  tokenHash: string;
  orgId: string;
  userId: string;
  email: string;
  invitedBy: string;
  expiresAt: string;
  createdAt: string;
}

export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const inviteKey = (tokenHash: string) => ({ pk: `INVITE#${tokenHash}`, sk: 'INVITE' });

/** A fresh token (mailed, never stored) and the invitation record to store. */
export function newInvite(input: Pick<Invite, 'orgId' | 'userId' | 'email' | 'invitedBy'>, now = new Date()): { token: string; invite: Invite } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    invite: { ...input, tokenHash: hashInviteToken(token), createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + INVITE_TTL_MS).toISOString() },
  };
}

/** The Put item of an invitation, for one transaction with the membership it belongs to. */
export function putInviteItem(invite: Invite): TransactItem {
  return {
    Put: {
      TableName: table(),
      // TTL tidies old invitations up; expiry itself is checked on read (DynamoDB Local never expires items).
      Item: { ...inviteKey(invite.tokenHash), ...invite, expiresAtEpoch: Math.floor(Date.parse(invite.expiresAt) / 1000) + 86400 },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The Delete item of an invitation; `mustExist` makes a second use of the same token fail. */
export function deleteInviteItem(tokenHash: string, mustExist = false): TransactItem {
  return {
    Delete: {
      TableName: table(),
      Key: inviteKey(tokenHash),
      ...(mustExist ? { ConditionExpression: 'attribute_exists(pk)' } : {}),
    },
  };
}

// Get an invitation by its emailed token (expired ones included: the caller says why it cannot be used).
export async function findInvite(token: string): Promise<Invite | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: inviteKey(hashInviteToken(token)), ConsistentRead: true }));
  return strip<Invite>(out.Item);
}
