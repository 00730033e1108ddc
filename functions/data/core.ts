// The data core every entity module is built on: one transaction runner (one retry policy, typed
// cancellation reasons, the request's idempotency guard), one read-modify-write retry
// (retryOnConflict), one paging engine (a Query page with a cursor, and merged pages of several
// sorted Queries built on it), whole-range reads, batch reads and writes (one retry policy for their
// unprocessed keys), and the stripping of key attributes from stored items. Entity modules export
// whole write operations built from these; handlers never import the AWS SDK.
import {
  BatchGetCommand,
  BatchWriteCommand,
  QueryCommand,
  TransactWriteCommand,
  type BatchGetCommandInput,
  type BatchWriteCommandInput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import { ddb, decodeCursor, encodeCursor, table } from './dynamo';
import { badRequest } from '#lib/errors';
import { currentScope } from '#lib/request-scope';
import { REQUEST_RECORD_ATTRIBUTE, TABLE_INDEXES, TABLE_KEYS, TENANT_INDEX, TTL_ATTRIBUTE, tenantOf, type IndexName } from './table';

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

/** A public write's challenge solution was spent already (by another request): the write is refused, nothing written. */
export class SolutionSpent extends Error {
  constructor() {
    super('This challenge solution was used before.');
    this.name = 'SolutionSpent';
  }
}

/**
 * Thrown when a request whose key is claimed by its write (IdempotencyGuard.inWrite) found the key
 * taken: another attempt with the same key committed first (or the key names another request). Nothing
 * was written; the request answers as a retry does (data/idempotency.ts answerOf).
 */
export class KeyTaken extends Error {
  constructor() {
    super('The Idempotency-Key was claimed by another attempt.');
    this.name = 'KeyTaken';
  }
}

/**
 * Thrown when a public write's address count (riding in its transaction: ChallengeRiders.rate) found
 * the route's limit reached: nothing was written; the caller may try again after `windowEnd`.
 */
export class RateLimitReached extends Error {
  constructor(readonly windowEnd: number) {
    super('The rate limit of this route was reached.');
    this.name = 'RateLimitReached';
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

/** Which items of a failed transaction failed their condition (indexes into its items). */
export function failedConditions(error: unknown): number[] {
  return cancellationCodes(error).flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
}

/**
 * Why a transaction that failed may pass if tried again in a moment: another transaction touched the
 * same items ('conflict'), or the table throttled one of its items ('throttled': a cancellation the
 * SDK does not retry, unlike a throttling exception, which it retries itself); undefined otherwise
 * (a failed condition is an answer, not a moment). functions/http/http.ts answers a transaction that
 * lost every try with 409 (conflict) or 503 with Retry-After (throttled).
 */
export function transientReason(error: unknown): 'conflict' | 'throttled' | undefined {
  const name = (error as { name?: string })?.name;
  if (name === 'TransactionConflictException' || name === 'TransactionInProgressException') return 'conflict';
  const codes = cancellationCodes(error);
  if (codes.includes('ConditionalCheckFailed')) return undefined;
  if (codes.includes('TransactionConflict')) return 'conflict';
  if (codes.includes('ThrottlingError') || codes.includes('ProvisionedThroughputExceeded')) return 'throttled';
  return undefined;
}

/** The one retry policy: up to 8 tries, jittered backoff from ~15 ms to ~400 ms (racing visitors on a slot). */
const TRANSACT_ATTEMPTS = 8;
const backoff = (attempt: number) => Math.min(400, 15 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random());
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The organisation a write's items belong to (else the request's): a stored reply goes with it. */
const tenantOfWrite = (items: readonly TransactItem[]) =>
  items.map((i) => tenantOf((i.Put?.Item ?? i.Update?.Key) as Item | undefined, i.Put?.Item as Item | undefined)).find(Boolean) ?? currentScope()?.tenant;

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
  const orgId = tenantOfWrite(items);
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
 * What a transaction's own items carry of its request (data/submissions.ts putSubmission says which):
 * an item named by the request's Idempotency-Key that holds the request's record (a retry finds it by
 * that name: data/idempotency.ts recordOn), and an item named by the request's challenge solution
 * whose own `attribute_not_exists` spends it. Each is an item fewer in the transaction.
 */
export interface CarriedByItems {
  /** The index of the item named by the Idempotency-Key (a Put conditioned on its own absence): it carries the request's record. */
  requestRecord?: number;
  /** The index of the item named by the solution (a Put conditioned on its own absence): written once, it spends it. */
  solutionSpend?: number;
}

/**
 * Runs one transaction: tried again while it only collided with another one in flight or was
 * throttled (transientReason); a failed
 * condition is thrown at once as a TransactionFailure whose codes index the caller's items. Inside an
 * idempotent request the request's guard rides along (last; or on the item named by the key, for a key
 * claimed in the write), so a superseded attempt writes nothing;
 * a public write's challenge (http.ts challengeInWrite) rides along before it: its spend (SolutionSpent
 * when used before), its page count (left out and counted apart when the page stands at its
 * normal rate; left to the write's event's subscriber with pageCountByEvent) and its address count for the route's rate limit (RateLimitReached when it was reached).
 * `carried` names the caller's items that stand for the record and the spend instead (CarriedByItems).
 */
export async function transact(items: readonly TransactItem[], carried: CarriedByItems = {}): Promise<void> {
  const { items: own, guard, guardAt } = guardedItems(items, carried.requestRecord);
  // A public write's challenge rides along after the caller's items: its spend (unless an item of the
  // write spends it), then its page count, then its address count.
  const riders = currentScope()?.challenge;
  const spentByItem = Boolean(riders && !riders.settled) && carried.solutionSpend !== undefined && own[carried.solutionSpend] !== undefined;
  const riding = (): TransactItem[] =>
    riders && !riders.settled
      ? [
          ...(spentByItem ? [] : [riders.spend as TransactItem]),
          ...(riders.countApart || riders.countedByEvent ? [] : [riders.count as TransactItem]),
          ...(riders.rate ? [{ Update: riders.rate.update } as TransactItem] : []),
        ]
      : [];
  for (let attempt = 1; ; attempt++) {
    const ride = riding();
    const all = [...own, ...ride, ...(guard ? [guard] : [])];
    const at = { guard: guardAt ?? (guard ? all.length - 1 : -1), spend: spentByItem ? carried.solutionSpend! : ride.length ? own.length : -1, count: spentByItem ? own.length : own.length + 1 };
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: all }));
      if (at.guard >= 0 && currentScope()?.idempotency?.reply !== undefined) currentScope()!.idempotency!.completed = true;
      if (riders && (ride.length || spentByItem)) riders.settled = true;
      return;
    } catch (error) {
      if (transientReason(error) && attempt < TRANSACT_ATTEMPTS) {
        await pause(backoff(attempt));
        continue;
      }
      const codes = cancellationCodes(error);
      if (!codes.length) throw error;
      if (at.guard >= 0 && codes[at.guard] === 'ConditionalCheckFailed') throw currentScope()!.idempotency!.inWrite ? new KeyTaken() : new SupersededAttempt();
      if (at.spend >= 0 && codes[at.spend] === 'ConditionalCheckFailed') throw new SolutionSpent();
      if (ride.length && riders!.rate && codes[own.length + ride.length - 1] === 'ConditionalCheckFailed') throw new RateLimitReached(riders!.rate.windowEnd);
      const ownCodes = codes.slice(0, own.length);
      if (ride.length && !riders!.countApart && !riders!.countedByEvent && codes[at.count] === 'ConditionalCheckFailed' && !ownCodes.includes('ConditionalCheckFailed') && attempt < TRANSACT_ATTEMPTS) {
        // The page stands at its normal rate: this write is counted apart, where the crossing is seen.
        riders!.countApart = true;
        continue;
      }
      throw new TransactionFailure(ownCodes, error);
    }
  }
}

/**
 * The caller's items with the request's Idempotency-Key guard: on a key claimed in the write, its
 * record rides on the item named by the key (`recordOn`, its index; the reply known by then); else
 * the guard is an item of its own, last.
 */
function guardedItems(items: readonly TransactItem[], recordOn: number | undefined): { items: readonly TransactItem[]; guard?: TransactItem; guardAt?: number } {
  const request = currentScope()?.idempotency;
  if (request?.inWrite && !request.completed) {
    if (request.reply === undefined || recordOn === undefined || !items[recordOn]?.Put) throw new Error('A write claiming its Idempotency-Key must carry its record');
    const carrier = items[recordOn].Put;
    request.inWrite.recordAt = { pk: String(carrier.Item!.pk), sk: String(carrier.Item!.sk) };
    const withRecord = items.map((item, i) => (i === recordOn ? (request.inWrite!.recordOn(item, request.reply) as TransactItem) : item));
    return { items: withRecord, guardAt: recordOn };
  }
  return { items, guard: idempotencyGuard(items) };
}

/** What an attempt of `retryOnConflict` returns when it lost a race: read again and decide again. */
export const TRY_AGAIN: unique symbol = Symbol('try again');

/** How `retryOnConflict` ends when every try lost its race: an error thrown, or (for a caller to whom that is an outcome of its own) a result. */
export type RetryExhausted<T> =
  /** The error thrown. */
  | { exhausted: () => Error }
  /** What is answered instead (e.g. 'full' after the places freed were taken again, or nothing when a repeated event gives up quietly). */
  | { exhaustedResult: () => T };

export type RetryOptions<T = unknown> = RetryExhausted<T> & {
  /** Tries in all (the first included). */
  attempts: number;
  /** A thrown failed condition (alone or in a transaction) is a lost race too. */
  conditionFailures?: boolean;
  /** Pause (jittered backoff, as for transactions) before trying again; default none: re-reading is the wait. */
  backoff?: boolean;
};

/**
 * The one read-modify-write loop: `attempt` reads, decides and writes conditionally on what it read;
 * when its write finds the record changed meanwhile it returns TRY_AGAIN (or throws a failed condition,
 * with `conditionFailures`) and runs again, up to `attempts` times, then `exhausted()` is thrown (or
 * `exhaustedResult()` answered). `attempt` is given the try's number (0 first), e.g. to reuse a first
 * read and read again after that.
 */
export async function retryOnConflict<T>(attempt: (n: number) => Promise<T | typeof TRY_AGAIN>, options: RetryOptions<T>): Promise<T> {
  for (let n = 0; n < options.attempts; n++) {
    if (n > 0 && options.backoff) await pause(backoff(n));
    try {
      const result = await attempt(n);
      if (result !== TRY_AGAIN) return result;
    } catch (error) {
      if (!(options.conditionFailures && isConditionFailure(error))) throw error;
    }
  }
  if ('exhaustedResult' in options) return options.exhaustedResult();
  throw options.exhausted();
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

const HOUSEKEEPING = [TABLE_KEYS.partition, TABLE_KEYS.sort, ...TABLE_INDEXES.flatMap((i) => [i.partition, i.sort]), TENANT_INDEX.partition, TTL_ATTRIBUTE, REQUEST_RECORD_ATTRIBUTE];

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
    const valid = start && options.keys.every((k) => typeof start![k] === 'string') && Object.keys(start).length === options.keys.length && start[partition] === options.partitionValue;
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
      const item = page[i];
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

// ---------------------------------------------------------------------------------------------
// Merged pages: one or more sorted Queries merged into one order (k-way), each read a page at a time
// with queryPage above: the same engine, its cursor holding each Query's position. Used by the
// appointment, customer, service and SMS lists, and the appointment logs.

/** One sorted run of items: a partition of the table or of a GSI, optionally a range of it. */
export interface Stream {
  index?: IndexName;
  /** The partition key value queried. */
  partition: string;
  /** Sort key begins with this. */
  prefix?: string;
  /** Sort key between these (inclusive). */
  between?: [string, string];
}

const keyNames = (s: Stream) => {
  const index = s.index ? TABLE_INDEXES.find((i) => i.name === s.index)! : undefined;
  return {
    pk: index?.partition ?? 'pk',
    sk: index?.sort ?? 'sk',
    /** The attributes of a LastEvaluatedKey (and of our cursors) for this stream. */
    all: index ? [index.partition, index.sort, 'pk', 'sk'] : ['pk', 'sk'],
  };
};

/** Where a stream stands: not started (null), after this key, or done (0). */
type Position = Item | null | 0;

function decodePositions(cursor: string | undefined, streams: Stream[]): Position[] {
  if (cursor === undefined) return streams.map(() => null);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const positions = (parsed as { p?: unknown })?.p;
  const invalid = () => badRequest('The page cursor is not valid.');
  if (!Array.isArray(positions) || positions.length !== streams.length) throw invalid();
  return (positions as unknown[]).map((p, i) => {
    if (p === null || p === 0) return p;
    const names = keyNames(streams[i]);
    if (typeof p !== 'object') throw invalid();
    const key = p as Item;
    // A cursor is only good for the partition it came from: another tenant's or a tampered one is refused.
    if (Object.keys(key).length !== names.all.length || !names.all.every((k) => typeof key[k] === 'string')) throw invalid();
    if (key[names.pk] !== streams[i].partition) throw invalid();
    return key;
  });
}

const encodePositions = (positions: Position[]) =>
  positions.every((p) => p === 0) ? undefined : Buffer.from(JSON.stringify({ p: positions })).toString('base64url');

export interface MergeOptions<T> {
  streams: Stream[];
  /** Sort key order: ascending (true) or descending. */
  ascending: boolean;
  limit: number;
  cursor?: string;
  /** Turns a chunk of raw items into what is returned (pointers into records), undefined to drop one. */
  resolve?: (items: Item[], skipping: boolean, stream: number) => Promise<Array<T | undefined>>;
  /** Items read per Query (default `limit`); larger when `resolve` drops many. */
  chunk?: number;
  /** Most Queries per page before answering with what was found and a cursor. */
  maxReads?: number;
  /** Read only the key attributes (skipping pages). */
  keysOnly?: boolean;
  /** Pages can be skipped reading keys only (resolve needs no other attribute). */
  skipKeysOnly?: boolean;
}

/**
 * One page of one or more sorted streams merged into one order (a k-way merge that reads each stream
 * lazily). The cursor holds each stream's position, so a page costs about `limit` items per stream.
 */
export async function mergePage<T = Item>(options: MergeOptions<T>): Promise<Page<T>> {
  const { streams, ascending, limit } = options;
  const start = decodePositions(options.cursor, streams);
  const state = streams.map((stream, i) => ({
    index: i,
    stream,
    names: keyNames(stream),
    /** Position to read from next (after what was fetched). */
    fetchFrom: start[i],
    /** Fetched, not yet taken: [raw, resolved]. */
    buffer: [] as [Item, T][],
    done: start[i] === 0,
    lastTaken: undefined as Item | undefined,
  }));
  const keyOf = (s: (typeof state)[number], item: Item) => Object.fromEntries(s.names.all.map((k) => [k, item[k]]));
  let reads = 0;
  const maxReads = options.maxReads ?? 20;
  const out: T[] = [];

  const fetch = async (s: (typeof state)[number]) => {
    reads++;
    const values: Record<string, unknown> = { ':p': s.stream.partition };
    let condition = '#pk = :p';
    if (s.stream.prefix !== undefined) {
      // The same as begins_with, written as a range: DynamoDB Local reads a begins_with from the start
      // of the partition (90 ms for a prefix near the end of 50,000 items), a range it seeks (3 ms).
      condition += ' AND #sk BETWEEN :from AND :to';
      values[':from'] = s.stream.prefix;
      values[':to'] = `${s.stream.prefix}\u{10FFFF}`;
    } else if (s.stream.between) {
      condition += ' AND #sk BETWEEN :from AND :to';
      values[':from'] = s.stream.between[0];
      values[':to'] = s.stream.between[1];
    }
    const input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'> = {
      TableName: table(),
      IndexName: s.stream.index,
      KeyConditionExpression: condition,
      ExpressionAttributeNames: { '#pk': s.names.pk, ...(condition.includes('#sk') ? { '#sk': s.names.sk } : {}) },
      ExpressionAttributeValues: values,
      ScanIndexForward: ascending,
      ...(options.keysOnly ? { ProjectionExpression: s.names.all.map((_, i) => `#k${i}`).join(', ') } : {}),
    };
    if (options.keysOnly) Object.assign(input.ExpressionAttributeNames!, Object.fromEntries(s.names.all.map((k, i) => [`#k${i}`, k])));
    // Positions are validated cursors (decodePositions), so the core's cursor check holds for them.
    const result = await queryPage<Item>(input, {
      limit: Math.max(1, options.chunk ?? limit),
      cursor: encodeCursor(s.fetchFrom || undefined),
      keys: s.names.all,
      partitionValue: s.stream.partition,
      maxReads: 1,
    });
    const raw = result.items;
    const resolved = options.resolve ? await options.resolve(raw, Boolean(options.keysOnly), s.index) : (raw as unknown as T[]);
    s.buffer = raw.flatMap((r, i) => (resolved[i] === undefined ? [] : [[r, resolved[i]!] as [Item, T]]));
    s.fetchFrom = (decodeCursor(result.nextCursor)) ?? null;
    s.done = !result.nextCursor;
  };

  while (out.length < limit) {
    const empty = state.filter((s) => s.buffer.length === 0 && !s.done);
    if (empty.length && reads + empty.length > maxReads) break;
    await Promise.all(empty.map(fetch));
    if (state.some((s) => s.buffer.length === 0 && !s.done)) continue; // a chunk resolved to nothing: read on
    const candidates = state.filter((s) => s.buffer.length > 0);
    if (!candidates.length) break;
    let best = candidates[0];
    for (const s of candidates.slice(1)) {
      const a = String(s.buffer[0][0][s.names.sk]);
      const b = String(best.buffer[0][0][best.names.sk]);
      if (ascending ? a < b : a > b) best = s;
    }
    const [raw, value] = best.buffer.shift()!;
    best.lastTaken = keyOf(best, raw);
    out.push(value);
  }

  const positions: Position[] = state.map((s, i) => {
    if (s.buffer.length === 0) return s.done ? 0 : s.fetchFrom ?? start[i]!;
    return s.lastTaken ?? start[i]!;
  });
  return { items: out, nextCursor: encodePositions(positions) };
}

/**
 * The cursor of page `pageNumber` (1-based) without a cursor: reads the pages before it (keys only).
 * null when the items end before that page.
 */
export async function skipTo<T>(options: MergeOptions<T>, pageNumber: number): Promise<string | undefined | null> {
  let toSkip = (pageNumber - 1) * options.limit;
  let cursor = options.cursor;
  while (toSkip > 0) {
    const step = Math.min(toSkip, 1000);
    const page = await mergePage({ ...options, cursor, limit: step, chunk: Math.max(step, options.chunk ?? 0), keysOnly: options.skipKeysOnly === true, maxReads: 1000 });
    toSkip -= page.items.length;
    cursor = page.nextCursor;
    if (!cursor) return null;
  }
  return cursor;
}

/** A page by cursor, or by page number (walking the pages before it when no cursor is given). */
export async function pageOf<T>(options: MergeOptions<T>, pageNumber = 1): Promise<Page<T>> {
  if (options.cursor || pageNumber <= 1) return mergePage(options);
  const cursor = await skipTo(options, pageNumber);
  if (cursor === null) return { items: [] };
  return mergePage({ ...options, cursor });
}

/**
 * The one retry policy of batch calls: what DynamoDB left unprocessed (throttled) is sent again, up
 * to 8 sends in all with backoff from 50 ms; still left then is an error (nothing is dropped silently).
 */
const BATCH_SENDS = 8;
const batchPause = (send: number) => pause(Math.min(2_000, 25 * 2 ** send));

async function untilProcessed<R>(request: R | undefined, send: (request: R) => Promise<R | undefined>, what: string): Promise<void> {
  for (let n = 0; request; n++) {
    if (n === BATCH_SENDS) throw new Error(`${what} left items unprocessed`);
    if (n) await batchPause(n);
    request = await send(request);
  }
}

type BatchGetRequest = NonNullable<BatchGetCommandInput['RequestItems']>;
type BatchWriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>;

const leftOver = <R extends Record<string, unknown>>(left: R | undefined): R | undefined => (left && Object.keys(left).length ? left : undefined);

/** Strongly consistent reads of many items by key, in the order asked (missing ones undefined). */
export async function batchGet(keys: { pk: string; sk: string }[]): Promise<Array<Item | undefined>> {
  const found = new Map<string, Item>();
  const id = (k: { pk: string; sk: string }) => `${k.pk}\u0000${k.sk}`;
  const unique = [...new Map(keys.map((k) => [id(k), k])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    await untilProcessed<BatchGetRequest>({ [table()]: { Keys: unique.slice(i, i + 100), ConsistentRead: true } }, async (request) => {
      const out: { Responses?: Record<string, Item[]>; UnprocessedKeys?: BatchGetRequest } = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[table()] ?? []) found.set(id(item as { pk: string; sk: string }), item);
      return leftOver(out.UnprocessedKeys);
    }, 'BatchGet');
  }
  return keys.map((k) => found.get(id(k)));
}

export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

/** Writes many puts and deletes (25 a call, no conditions, not atomic): for bulk clean-ups and copies. */
export async function batchWrite(requests: readonly WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    await untilProcessed<BatchWriteRequest>({ [table()]: requests.slice(i, i + 25) }, async (request) => {
      const out: { UnprocessedItems?: BatchWriteRequest } = await ddb.send(new BatchWriteCommand({ RequestItems: request }));
      return leftOver(out.UnprocessedItems);
    }, 'BatchWrite');
  }
}

/** Deletes many items by key (batchWrite). */
export const batchDelete = (keys: readonly Item[]) => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));
