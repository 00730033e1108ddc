// Links in patients' mails that open one thing without signing in (a booking's manage page, its intake
// form): an unguessable token (32 random bytes, base64url) whose SHA-256 alone is stored, with what it
// opens and when it stops working. Each kind of link has its own key prefix, so a token of one kind
// never opens another. One store for every kind (./manage-tokens.ts, ./intake.ts). Access pattern:
//   a token by its hash    pk <PREFIX>#<sha256 hex>   sk TOKEN   (orgId on the item: deleted with the tenant)
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import type { TransactItem } from './core';
import { TTL_ATTRIBUTE } from './table';

/** What every link's record holds besides what it opens. */
export interface LinkTokenBase {
  orgId: string;
  expiresAt: string;
  createdAt: string;
}

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The store of one kind of link: `prefix` keys its items (MANAGE, INTAKE). */
export function linkTokenStore(prefix: string) {
  const tokenKey = (hash: string) => ({ pk: `${prefix}#${hash}`, sk: 'TOKEN' });
  return {
    /** A new token for `record`, and the Put that stores its hash (for the transaction that mails it). */
    issue<T extends LinkTokenBase>(record: T): { token: string; item: TransactItem } {
      const token = randomBytes(32).toString('base64url');
      return {
        token,
        item: {
          Put: {
            TableName: table(),
            // Kept a week past its end (TTL tidies it; the expiry is checked on read).
            Item: { ...tokenKey(hashOf(token)), ...record, [TTL_ATTRIBUTE]: Math.floor(Date.parse(record.expiresAt) / 1000) + 7 * 86400 },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      };
    },
    /** The stored record of a token, unless the token is malformed, unknown or expired. */
    async find(token: string, now = new Date()): Promise<(LinkTokenBase & Record<string, unknown>) | undefined> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const out = await ddb.send(new GetCommand({ TableName: table(), Key: tokenKey(hashOf(token)), ConsistentRead: true }));
      const found = out.Item as (LinkTokenBase & Record<string, unknown>) | undefined;
      return found && found.expiresAt > now.toISOString() ? found : undefined;
    },
  };
}
