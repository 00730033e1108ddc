// Deleting accounts, and an organisation whole when its owner deletes theirs. An organisation is
// removed in steps that a crash (or the request's deadline) may interrupt at any point; running
// them again continues where they stopped:
//   1. mark   the organisation 'deleting' and delete its public key item (public pages answer 404
//             from then on);
//   2. purge  every item of the organisation, found through the keys-only `tenant` index (every item
//             written with an ORG#<id> key or an orgId carries it: data/dynamo.ts), a page at a time,
//             deleted 25 at a time with BatchWriteItem; then its files (public and private prefixes);
//   3. finish the owner's account, membership and the organisation's profile in one transaction. They
//             are kept until then, so after an interruption the owner can sign in and delete again.
// No Scan. Items keyed otherwise (APIKEY#, STRIPE_PI#, INVITE#, OUTBOX#) are found through the index
// too, and deleted only while their orgId still names this organisation: the account of a person who
// left it keeps a stale `tenant`, which is removed instead (accounts go only with their own deletion).
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { deleteUploadsUnder } from '#lib/storage';
import { auditItem } from './audit';
import { TransactionFailure, batchDelete, batchGet, isConditionFailure, transact } from './core';
import { memberKey } from './members';
import { apiKeyKey, counterUpdate, orgKey } from './organizations';
import { TENANT_INDEX } from './table';
import { deleteUserItems, type User } from './users';

type Key = { pk: string; sk: string };

const PAGE = 100;
/** A run reads the index again until a pass finds nothing to delete (writes that landed meanwhile). */
const MAX_PASSES = 3;

const keyId = (k: Key) => `${k.pk}\u0000${k.sk}`;

// A member leaves: their account, membership, the organisation's member count, and an audit entry.
export async function deleteMemberAccount(user: Pick<User, 'id' | 'email'>, orgId: string): Promise<void> {
  await transact([
    ...deleteUserItems(user),
    { Delete: { TableName: table(), Key: memberKey(orgId, user.id) } },
    counterUpdate(orgId, 'members', -1),
    auditItem({ orgId, actorId: user.id, module: 'Account', action: 'delete', recordType: 'user', recordId: user.id, summary: `${user.email} deleted their account` }),
  ]);
}

export interface OrganizationDeletion {
  orgId: string;
  /** The organisation's current public key (its lookup item goes first). */
  apiKey?: string;
  owner: Pick<User, 'id' | 'email'>;
  /** Stop by this time (epoch ms) and answer false; a later run continues. */
  until?: number;
}

// Delete an organisation whole with its owner's account; false when time ran out before the end.
export async function deleteOrganization(d: OrganizationDeletion): Promise<boolean> {
  const until = d.until ?? Infinity;
  await markDeleting(d.orgId, d.apiKey);
  const keep = [orgKey(d.orgId), memberKey(d.orgId, d.owner.id)];
  if (!(await purgeTenantItems(d.orgId, keep, until))) return false;
  if (!(await deleteUploadsUnder(`org/${d.orgId}/`, until))) return false;
  await transact([...deleteUserItems(d.owner), ...keep.map((Key) => ({ Delete: { TableName: table(), Key } }))]);
  // Anything written for the organisation while it was being deleted (a notice delivered late).
  await purgeTenantItems(d.orgId, [], until);
  return true;
}

async function markDeleting(orgId: string, apiKey: string | undefined): Promise<void> {
  const now = new Date().toISOString();
  await transact([
    {
      Update: {
        TableName: table(),
        Key: orgKey(orgId),
        UpdateExpression: 'SET #status = :deleting, deletionStartedAt = if_not_exists(deletionStartedAt, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':deleting': 'deleting', ':now': now },
      },
    },
    ...(apiKey ? [{ Delete: { TableName: table(), Key: apiKeyKey(apiKey) } }] : []),
  ]).catch((error) => {
    // Its profile is gone already: an earlier run got as far as the end; what is left is purged below.
    if (!(error instanceof TransactionFailure && error.failedAt(0))) throw error;
  });
}

/**
 * Deletes every item of the organisation the tenant index lists, except `keep`. True when a whole
 * pass found nothing more to delete; false when `until` came first.
 */
export async function purgeTenantItems(orgId: string, keep: Key[], until = Infinity): Promise<boolean> {
  const kept = new Set(keep.map(keyId));
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let deleted = 0;
    let start: Record<string, unknown> | undefined;
    do {
      if (Date.now() > until) return false;
      const out = await ddb.send(
        new QueryCommand({
          TableName: table(),
          IndexName: TENANT_INDEX.name,
          KeyConditionExpression: '#tenant = :org',
          ExpressionAttributeNames: { '#tenant': TENANT_INDEX.partition },
          ExpressionAttributeValues: { ':org': orgId },
          Limit: PAGE,
          ExclusiveStartKey: start,
        }),
      );
      const listed = (out.Items ?? []).map((i) => ({ pk: String(i.pk), sk: String(i.sk) })).filter((k) => !kept.has(keyId(k)));
      const doomed = await ownedBy(orgId, listed);
      await batchDelete(doomed);
      deleted += doomed.length;
      start = out.LastEvaluatedKey;
    } while (start);
    if (deleted === 0) break;
  }
  return true;
}

/**
 * The keys that are the organisation's: keyed by it, or keyed otherwise and still naming it as their
 * orgId. An item keyed otherwise that no longer does (the account of a person who left) loses its
 * stale stamp instead, so the index lists nothing of the organisation once it is gone.
 */
async function ownedBy(orgId: string, keys: Key[]): Promise<Key[]> {
  const own = (k: Key) => k.pk === `ORG#${orgId}` || k.pk.startsWith(`ORG#${orgId}#`);
  const foreign = keys.filter((k) => !own(k));
  const items = foreign.length ? await batchGet(foreign) : [];
  const stillOurs = new Set<string>();
  for (const [i, key] of foreign.entries()) {
    const item = items[i];
    // Accounts go only with their own deletion (the owner's at the end).
    if (item?.orgId === orgId && !key.pk.startsWith('USER#')) stillOurs.add(keyId(key));
    else if (item && item.orgId !== orgId) await unstamp(orgId, key);
  }
  return keys.filter((k) => own(k) || stillOurs.has(keyId(k)));
}

async function unstamp(orgId: string, key: Key): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'REMOVE #tenant',
        ConditionExpression: '#tenant = :org AND (attribute_not_exists(orgId) OR orgId <> :org)',
        ExpressionAttributeNames: { '#tenant': TENANT_INDEX.partition },
        ExpressionAttributeValues: { ':org': orgId },
      }),
    )
    .catch((error) => {
      if (!isConditionFailure(error)) throw error;
    });
}

