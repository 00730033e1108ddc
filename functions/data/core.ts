// The data core every entity module is built on: one transaction runner (one retry policy, typed
// cancellation reasons, the request's idempotency guard), one paged Query with a cursor, whole-range
// reads, batch reads, and the stripping of key attributes from stored items. Entity modules export
// whole write operations built from these; handlers never import the AWS SDK.
import {
  BatchGetCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import { ddb, decodeCursor, encodeCursor, table } from './dynamo';
import { badRequest } from '#lib/errors';
import { currentScope } from '#lib/request-scope';
import { TABLE_INDEXES, TABLE_KEYS, TENANT_INDEX, TTL_ATTRIBUTE, tenantOf } from './table';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type Item = Record<string, unknown>;

/** Why DynamoDB cancelled one item of a transaction ('None' where that item was fine). */
export type CancellationCode =
  | 'None'
  | 'ConditionalCheckFailed'
  | 'TransactionConflict'
  | 'ItemCollectionSizeLimitExceeded'
  | 'ProvisionedThroughputExceeded'
  | 'ThrottlingError'
  | 'ValidationError';

/** A transaction DynamoDB refused, with the reason of each of the caller's items, in order. */
export class TransactionFailure extends Error {
  constructor(
    readonly codes: readonly (CancellationCode | undefined)[],
    readonly original: unknown,
  ) {
    super(`Transaction cancelled: ${codes.map((c) => c ?? 'None').join(', ')}`);
    this.name = 'TransactionFailure';
  }

  /** Whether the caller's item `index` failed its condition. */
  failedAt(index: number): boolean {
    return this.codes[index] === 'ConditionalCheckFailed';
  }

  get conditionFailed(): boolean {
    return this.codes.includes('ConditionalCheckFailed');
  }
}

/**
 * Thrown when the request's idempotency claim was taken over by a retry (this attempt ran past its
 * lease): the write did not happen, and the retry answers the visitor.
 */
export class SupersededAttempt extends Error {
  constructor() {
    super('This attempt was superseded by a retry with the same Idempotency-Key.');
    this.name = 'SupersededAttempt';
  }
}

/** The cancellation codes of a DynamoDB error (empty for anything but a cancelled transaction). */
export function cancellationCodes(error: unknown): (CancellationCode | undefined)[] {
  if (error instanceof TransactionFailure) return [...error.codes];
  if ((error as { name?: string })?.name !== 'TransactionCanceledException') return [];
  return ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r?.Code as CancellationCode | undefined);
}

/** A failed condition, alone or inside a transaction. */
export function isConditionFailure(error: unknown): boolean {
  if ((error as { name?: string })?.name === 'ConditionalCheckFailedException') return true;
  return cancellationCodes(error).includes('ConditionalCheckFailed');
}

/** Another transaction touched the same items at the same moment: trying again is right. */
function isTransient(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  if (name === 'TransactionConflictException' || name === 'TransactionInProgressException') return true;
  const codes = cancellationCodes(error);
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

/** The one retry policy: up to 8 tries, jittered backoff from ~15 ms to ~400 ms (racing visitors on a slot). */
const TRANSACT_ATTEMPTS = 8;
const backoff = (attempt: number) => Math.min(400, 15 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random());
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The guard of an idempotent request: the write commits only while this attempt still holds the
 * claim; with a reply, the same write completes the record with it (functions/data/idempotency.ts).
 */
function idempotencyGuard(items: readonly TransactItem[]): TransactItem | undefined {
  const guard = currentScope()?.idempotency;
  if (!guard || guard.completed) return undefined;
  const base = {
    TableName: table(),
    Key: guard.key,
    ConditionExpression: '#token = :token AND #status = :inProgress',
    ExpressionAttributeNames: { '#token': 'token', '#status': 'status' },
  };
  if (guard.reply === undefined) return { ConditionCheck: { ...base, ExpressionAttributeValues: { ':token': guard.token, ':inProgress': 'in_progress' } } };
  // The stored reply names the clinic's records: the record goes with the organisation when it is deleted.
  const orgId = items.map((i) => tenantOf((i.Put?.Item ?? i.Update?.Key) as Item | undefined, i.Put?.Item as Item | undefined)).find(Boolean) ?? currentScope()?.tenant;
  return {
    Update: {
      ...base,
      UpdateExpression: `SET #status = :completed, #reply = :reply, completedAt = :at${orgId ? ', orgId = :org, #tenant = :org' : ''}`,
      ExpressionAttributeNames: { ...base.ExpressionAttributeNames, '#reply': 'reply', ...(orgId ? { '#tenant': TENANT_INDEX.partition } : {}) },
      ExpressionAttributeValues: {
        ':token': guard.token,
        ':inProgress': 'in_progress',
        ':completed': 'completed',
        ':reply': guard.reply,
        ':at': new Date().toISOString(),
        ...(orgId ? { ':org': orgId } : {}),
      },
    },
  };
}

/**
 * Runs one transaction: tried again while it only collided with another one in flight; a failed
 * condition is thrown at once as a TransactionFailure whose codes index the caller's items. Inside an
 * idempotent request the request's guard rides along (last), so a superseded attempt writes nothing.
 */
export async function transact(items: readonly TransactItem[]): Promise<void> {
  const guard = idempotencyGuard(items);
  const all = guard ? [...items, guard] : [...items];
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: all }));
      if (guard && 'Update' in guard) currentScope()!.idempotency!.completed = true;
      return;
    } catch (error) {
      if (isTransient(error) && attempt < TRANSACT_ATTEMPTS) {
        await pause(backoff(attempt));
        continue;
      }
      const codes = cancellationCodes(error);
      if (!codes.length) throw error;
      if (guard && codes[all.length - 1] === 'ConditionalCheckFailed') throw new SupersededAttempt();
      throw new TransactionFailure(codes.slice(0, items.length), error);
    }
  }
}

/** Runs a guarded move; false when a condition failed (the record is no longer in that state). */
export async function tryTransact(items: readonly TransactItem[]): Promise<boolean> {
  try {
    await transact(items);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailure && error.conditionFailed) return false;
    throw error;
  }
}

/** A stored item without the table's key, index and housekeeping attributes. */
export function strip<T>(item: Item | undefined): T | undefined {
  if (!item) return undefined;
  const copy: Item = { ...item };
  for (const name of HOUSEKEEPING) delete copy[name];
  return copy as T;
}

const HOUSEKEEPING = [TABLE_KEYS.partition, TABLE_KEYS.sort, ...TABLE_INDEXES.flatMap((i) => [i.partition, i.sort]), TENANT_INDEX.partition, TTL_ATTRIBUTE];

export interface PageOptions<T> {
  limit: number;
  cursor?: string;
  /** The key attributes of the queried index (and the table's), in the order the cursor carries them. */
  keys: readonly string[];
  /** The partition queried: a cursor from another partition is refused. */
  partitionValue: string;
  /** Keep only matching items; pages are read until `limit` matches (or `maxReads` reads) are found. */
  match?: (item: T) => boolean;
  maxReads?: number;
}

/**
 * One page of a Query, in the order `input` says. The cursor is the key of the last item returned;
 * a cursor whose partition is not the one queried (another tenant's, or tampered) is a 400.
 */
export async function queryPage<T extends Item>(input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>, options: PageOptions<T>): Promise<Page<T>> {
  const [partition] = options.keys;
  let start = decodeCursor(options.cursor);
  if (options.cursor !== undefined) {
    const valid = start && options.keys.every((k) => typeof start![k] === 'string') && Object.keys(start).length === options.keys.length && start[partition!] === options.partitionValue;
    if (!valid) throw badRequest('The page cursor is not valid.');
  }
  const keyOf = (item: Item) => Object.fromEntries(options.keys.map((k) => [k, item[k]]));
  const items: T[] = [];
  const maxReads = options.maxReads ?? 10;
  for (let reads = 0; reads < maxReads; reads++) {
    const out = await ddb
      .send(new QueryCommand({ ...input, Limit: options.match ? Math.max(options.limit, 100) : options.limit - items.length, ExclusiveStartKey: start }))
      .catch((error: { name?: string }) => {
        // A well-formed cursor outside the query's range (edited by hand) is the client's mistake.
        if (options.cursor !== undefined && error?.name === 'ValidationException') throw badRequest('The page cursor is not valid.');
        throw error;
      });
    const page = (out.Items ?? []) as T[];
    for (let i = 0; i < page.length; i++) {
      const item = page[i]!;
      if (options.match && !options.match(item)) continue;
      items.push(item);
      if (items.length === options.limit) {
        const more = i < page.length - 1 || out.LastEvaluatedKey !== undefined;
        return { items, nextCursor: more ? encodeCursor(keyOf(item)) : undefined };
      }
    }
    start = out.LastEvaluatedKey;
    if (!start) return { items };
  }
  return { items, nextCursor: encodeCursor(start) };
}

/** Every item of a Query (all its pages), up to `max` items: for small, bounded collections. */
export async function queryAll<T = Item>(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>, max = 1000): Promise<T[]> {
  const items: T[] = [];
  let start: Item | undefined;
  do {
    const out = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
  } while (start && items.length < max);
  return items;
}

/** Strongly consistent reads of many items by key, in the order asked (missing ones undefined). */
export async function batchGet(keys: { pk: string; sk: string }[]): Promise<Array<Item | undefined>> {
  const found = new Map<string, Item>();
  const id = (k: { pk: string; sk: string }) => `${k.pk}\u0000${k.sk}`;
  const unique = [...new Map(keys.map((k) => [id(k), k])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, any> | undefined = { [table()]: { Keys: unique.slice(i, i + 100), ConsistentRead: true } };
    for (let attempt = 0; request && attempt < 6; attempt++) {
      const out: { Responses?: Record<string, Item[]>; UnprocessedKeys?: Record<string, any> } = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[table()] ?? []) found.set(id(item as { pk: string; sk: string }), item);
      request = out.UnprocessedKeys && Object.keys(out.UnprocessedKeys).length ? out.UnprocessedKeys : undefined;
      if (request) await pause(25 * 2 ** attempt);
    }
    if (request) throw new Error('BatchGet left keys unprocessed');
  }
  return keys.map((k) => found.get(id(k)));
}
