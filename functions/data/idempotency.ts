// Idempotency-Key records of public writes (the IETF httpapi draft's header). One record per route
// and key, kept 24 hours:
//   pk IDEMPOTENCY#<route>#<sha256(key)>   sk REQUEST
//   status in_progress (a lease: `leaseUntil`, after which a retry may take over) -> completed (reply)
// Every write of the request carries a guard on the record (data/core.ts transact): it commits only
// while this attempt still holds the claim, and the request's final write stores the reply with it.
// So an attempt that ran past its deadline (its write stalled in DynamoDB) can never land after a
// retry took over, and a retry after a lost answer gets the stored reply instead of a second write.
// A route whose one write claims the key (keyForWrite) keeps the record on that write's item named by
// the key instead (recordOn: a form submission's lead, `requestRecord`), kept as long as the item.
import { createHash, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { isConditionFailure, type TransactItem } from './core';
import { REQUEST_RECORD_ATTRIBUTE, TENANT_INDEX, TTL_ATTRIBUTE } from './table';

const KEEP_MS = 24 * 60 * 60 * 1000;

export interface StoredReply {
  status: number;
  message: string;
  data?: unknown;
}

export type Claim =
  | { kind: 'claimed'; key: { pk: string; sk: string }; token: string; seed: string }
  | { kind: 'replay'; reply: StoredReply }
  | { kind: 'mismatch' }
  | { kind: 'in-progress'; retryAfterSeconds: number };

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

const recordKey = (route: string, idempotencyKey: string) => ({ pk: `IDEMPOTENCY#${route}#${sha256(idempotencyKey)}`, sk: 'REQUEST' });

/** The condition under which a key is free for a new attempt (claimKey's). */
const FREE_KEY = 'attribute_not_exists(pk) OR keepUntil < :now OR (#status = :inProgress AND (leaseUntil = :released OR (leaseUntil < :now AND fingerprint = :fp)))';

/** What makes two requests "the same": method, path and body. */
export const fingerprintOf = (route: string, path: string, body: string) => sha256(`${route}\n${path}\n${body}`);

/**
 * Claims a key for this attempt: new, or taken over from an attempt whose lease ran out without
 * completing (or whose record is past its 24 hours). Otherwise says what the retry should answer.
 */
export async function claimKey(route: string, idempotencyKey: string, fingerprint: string, leaseMs: number, now = Date.now()): Promise<Claim> {
  const key = recordKey(route, idempotencyKey);
  const token = randomUUID();
  try {
    await ddb.send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...key,
          status: 'in_progress',
          token,
          fingerprint,
          leaseUntil: now + leaseMs,
          keepUntil: now + KEEP_MS,
          [TTL_ATTRIBUTE]: Math.ceil((now + KEEP_MS) / 1000),
        },
        // A released key (a refused request wrote nothing) may be reused for a corrected request.
        ConditionExpression: FREE_KEY,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':now': now, ':inProgress': 'in_progress', ':fp': fingerprint, ':released': 0 },
      }),
    );
    // The body (which names the clinic) is part of the seed: the same key sent to two clinics never
    // derives the same record ids, nor the same Stripe idempotency keys built from them.
    return { kind: 'claimed', key, token, seed: sha256(`${route}\n${idempotencyKey}\n${fingerprint}`) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const existing = await answerOf(key, fingerprint, {}, now);
  return existing ?? claimKey(route, idempotencyKey, fingerprint, leaseMs, now);
}

/**
 * What a request with this key answers, by its record (read strongly consistent) at `key`: a record
 * of its own, or (`carried`) one carried by the item the key names (recordOn); none when there is no
 * record. An item the key names without its record (an erased lead's) answers for another request:
 * what was sent is gone, and nothing may be written under its name again.
 */
export async function answerOf(key: { pk: string; sk: string }, fingerprint: string, options: { carried?: boolean } = {}, now = Date.now()): Promise<Exclude<Claim, { kind: 'claimed' }> | undefined> {
  const item = (await ddb.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
  if (!item) return undefined;
  const existing = options.carried ? (item[REQUEST_RECORD_ATTRIBUTE] as Record<string, unknown> | undefined) : item;
  if (existing?.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (existing.status === 'completed') return { kind: 'replay', reply: existing.reply as StoredReply };
  return { kind: 'in-progress', retryAfterSeconds: Math.max(1, Math.ceil((Number(existing.leaseUntil) - now) / 1000)) };
}

/**
 * A key claimed by the request's one write instead of a write of its own first (http.ts, routes whose
 * success is exactly one transaction): nothing is stored until that write. Its record rides on the
 * write's item named by the key (recordOn: the lead of a form submission, whose id the seed derives
 * from the key and the clinic, not the body, so the same key with another request to the same clinic
 * names the same item and is found; data/core.ts refuses such a write without one). A key is so
 * scoped to its clinic: sent to another, it is another request there. Two attempts at once both
 * do their work and one write commits; the other finds the record and answers as a retry does (answerOf).
 */
export function keyForWrite(route: string, idempotencyKey: string, fingerprint: string, clinic: string) {
  return { key: recordKey(route, idempotencyKey), token: randomUUID(), seed: sha256(`${route}\n${clinic}\n${idempotencyKey}`), fingerprint };
}

/**
 * The item named by the request's key, carrying its completed record: a retry's write fails on the
 * item's own `attribute_not_exists(pk)` and answerOf reads the record there. Kept with the item (a
 * lead's erasure removes it: domain/patients/item-kinds.ts).
 */
export function recordOn(item: TransactItem, fingerprint: string, reply: unknown, now = Date.now()): TransactItem {
  const put = item.Put!;
  // Only an item written once finds a retry (its condition fails): anything else would take a second write.
  if (put.ConditionExpression !== 'attribute_not_exists(pk)') throw new Error('recordOn: not a new item');
  return { Put: { ...put, Item: { ...put.Item, [REQUEST_RECORD_ATTRIBUTE]: { status: 'completed', fingerprint, reply, completedAt: new Date(now).toISOString() } } } };
}

/**
 * Stores the reply of a request whose writes did not store it themselves (no write, or writes
 * before the final answer was known). False when a retry took the claim over meanwhile.
 */
export async function completeKey(key: { pk: string; sk: string }, token: string, reply: StoredReply, orgId?: string): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        // The reply names the clinic's records (a file's key): it goes when the organisation is deleted.
        UpdateExpression: `SET #status = :completed, #reply = :reply, completedAt = :at${orgId ? ', orgId = :org, #tenant = :org' : ''}`,
        ConditionExpression: '#token = :token AND #status = :inProgress',
        ExpressionAttributeNames: { '#status': 'status', '#reply': 'reply', '#token': 'token', ...(orgId ? { '#tenant': TENANT_INDEX.partition } : {}) },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':reply': reply,
          ':at': new Date().toISOString(),
          ':token': token,
          ':inProgress': 'in_progress',
          ...(orgId ? { ':org': orgId } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Gives the key back after a refusal (4xx) or failure, so the visitor can correct and send again
 * with the same key: nothing was written (every write of the request is guarded by the claim).
 */
export async function releaseKey(key: { pk: string; sk: string }, token: string): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'SET leaseUntil = :zero',
        ConditionExpression: '#token = :token AND #status = :inProgress',
        ExpressionAttributeNames: { '#status': 'status', '#token': 'token' },
        ExpressionAttributeValues: { ':zero': 0, ':token': token, ':inProgress': 'in_progress' },
      }),
    )
    .catch((error) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** A stable id for the n-th record a request makes, derived from its key (random without one). */
export function derivedId(seed: string, label: string, length = 14): string {
  return createHash('sha256').update(`${seed}\n${label}`).digest('base64url').slice(0, length);
}
