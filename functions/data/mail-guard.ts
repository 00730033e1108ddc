// What keeps the clinic's mail from being a relay (issue 28): a per-recipient daily cap on mail to
// addresses typed on public pages, and the suppression list of addresses that bounced or complained.
// Addresses are keyed by a hash of the lower-cased address (the table keeps no list of addresses for
// these). Both are global records, not a tenant's: a recipient is one person whichever clinic mails them.
// Access patterns:
//   an address's suppression          pk MAILSUPPRESS#<hash>   sk MAIL
//   an address's mails of a day       pk MAILCAP#<hash>        sk <yyyy-mm-dd>#ORG#<orgId> | <yyyy-mm-dd>#ALL   (expire by TTL)
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { TransactionFailure, transact, type TransactItem } from './core';
import { outboxKey } from './outbox';
import { TENANT_INDEX, TTL_ATTRIBUTE } from './table';

/** Mails to one typed address per organisation per (UTC) day, and across all organisations. */
export const TYPED_RECIPIENT_CAP = { perOrganisation: 3, overall: 10 } as const;

export type SuppressionReason = 'bounce' | 'complaint';

export const addressHash = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

const suppressionKey = (address: string) => ({ pk: `MAILSUPPRESS#${addressHash(address)}`, sk: 'MAIL' });
const capKey = (address: string, sk: string) => ({ pk: `MAILCAP#${addressHash(address)}`, sk });

// Put an address on the suppression list (SES told us it bounced for good or complained). Kept for good.
export async function suppressAddress(address: string, reason: SuppressionReason, at = new Date()): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table(), Item: { ...suppressionKey(address), reason, at: at.toISOString() } }));
}

// Get an address's suppression: why it is suppressed, or undefined when it may be mailed.
export async function suppressionOf(address: string): Promise<SuppressionReason | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: suppressionKey(address), ConsistentRead: true }));
  return out.Item?.reason as SuppressionReason | undefined;
}

/** A count of mails; an organisation's own count is its record (it goes when the organisation is deleted). */
function countItem(key: { pk: string; sk: string }, cap: number, expires: number, orgId?: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: `ADD mails :one SET #ttl = :ttl${orgId ? ', #tenant = :org, orgId = :org' : ''}`,
      ConditionExpression: 'attribute_not_exists(mails) OR mails < :cap',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE, ...(orgId ? { '#tenant': TENANT_INDEX.partition } : {}) },
      ExpressionAttributeValues: { ':one': 1, ':cap': cap, ':ttl': expires, ...(orgId ? { ':org': orgId } : {}) },
    },
  };
}

/**
 * Counts one mail of outbox row `rowId` (held under claim `token`) to a typed address: one
 * transaction adds to the organisation's and the overall counter of the day, each only below its
 * cap, and marks the row counted, so a delivery tried again is not counted twice. False when a cap
 * is reached (nothing counted): the mail is not to be sent.
 */
export async function countTypedRecipientMail(rowId: string, token: string, address: string, orgId: string | undefined, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const expires = Math.floor(now.getTime() / 1000) + 2 * 24 * 3600;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table(),
        Key: outboxKey(rowId),
        UpdateExpression: 'SET recipientCounted = :true',
        ConditionExpression: 'claimToken = :token AND attribute_not_exists(recipientCounted)',
        ExpressionAttributeValues: { ':true': true, ':token': token },
      },
    },
    countItem(capKey(address, `${day}#ALL`), TYPED_RECIPIENT_CAP.overall, expires),
    ...(orgId ? [countItem(capKey(address, `${day}#ORG#${orgId}`), TYPED_RECIPIENT_CAP.perOrganisation, expires, orgId)] : []),
  ];
  try {
    await transact(items);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailure && (error.failedAt(1) || error.failedAt(2))) return false;
    throw error;
  }
}
