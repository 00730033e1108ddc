// The data core against a stand-in DynamoDB (ddb.send replaced): the transaction runner's retry
// policy and typed failures, the read-modify-write retry, the paging engine (one Query's pages and
// merged pages, their cursors and refusals), batch reads and writes with their one retry policy for
// unprocessed keys, and strip.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ddb } from './dynamo';
import { HttpError } from '#lib/errors';
import {
  TRY_AGAIN,
  TransactionFailure,
  batchDelete,
  batchGet,
  batchWrite,
  cancellationCodes,
  failedConditions,
  isConditionFailure,
  mergePage,
  pageOf,
  queryPage,
  retryOnConflict,
  strip,
  transact,
  tryTransact,
  type TransactItem,
} from './core';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any command's input: each test reads the fields of the command it checks
type Command = { constructor: { name: string }; input: Record<string, any> };
type Answer = (command: Command) => unknown;

let calls: Command[];
/** Sets what the stand-in DynamoDB answers (or throws) for each command. */
function answer(fn: Answer) {
  calls = [];
  vi.spyOn(ddb, 'send').mockImplementation(((command: Command) => {
    calls.push(command);
    // What fn throws rejects, as the client's send does.
    return new Promise((resolve) => resolve(fn(command)));
  }) as never);
}

const named = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, ...extra });
const cancelled = (...codes: string[]) => named('TransactionCanceledException', { CancellationReasons: codes.map((Code) => ({ Code })) });
const put = (sk: string): TransactItem => ({ Put: { TableName: 't', Item: { pk: 'X', sk } } });

beforeEach(() => {
  process.env.TABLE_NAME = 'test-table';
  // Backoffs run at once: the tests count tries, not milliseconds.
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void) => {
    fn();
    return 0;
  }) as never);
});
afterEach(() => vi.restoreAllMocks());

describe('failures', () => {
  it('reads cancellation codes, alone and in transactions', () => {
    const error = cancelled('None', 'ConditionalCheckFailed');
    expect(cancellationCodes(error)).toEqual(['None', 'ConditionalCheckFailed']);
    expect(failedConditions(error)).toEqual([1]);
    expect(isConditionFailure(error)).toBe(true);
    expect(isConditionFailure(named('ConditionalCheckFailedException'))).toBe(true);
    expect(isConditionFailure(cancelled('TransactionConflict'))).toBe(false);
    expect(cancellationCodes(new Error('network'))).toEqual([]);
  });
});

describe('transact', () => {
  it('tries again while it only collided with another transaction', async () => {
    let tries = 0;
    answer(() => {
      if (++tries < 3) throw cancelled('TransactionConflict', 'None');
      return {};
    });
    await transact([put('a'), put('b')]);
    expect(calls).toHaveLength(3);
    expect(calls[0].input.TransactItems).toHaveLength(2);
  });

  it('gives up after 8 tries of collisions', async () => {
    answer(() => {
      throw named('TransactionConflictException');
    });
    await expect(transact([put('a')])).rejects.toThrow('TransactionConflictException');
    expect(calls).toHaveLength(8);
  });

  it("throws a failed condition at once, as a TransactionFailure indexed by the caller's items", async () => {
    answer(() => {
      throw cancelled('None', 'ConditionalCheckFailed');
    });
    const failure = await transact([put('a'), put('b')]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransactionFailure);
    expect((failure as TransactionFailure).failedAt(1)).toBe(true);
    expect((failure as TransactionFailure).failedAt(0)).toBe(false);
    expect((failure as TransactionFailure).conditionFailed).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('passes other errors through unchanged', async () => {
    const network = new Error('socket hang up');
    answer(() => {
      throw network;
    });
    await expect(transact([put('a')])).rejects.toBe(network);
  });

  it('tryTransact answers false for a failed condition, true for a write', async () => {
    answer(() => {
      throw cancelled('ConditionalCheckFailed');
    });
    expect(await tryTransact([put('a')])).toBe(false);
    answer(() => ({}));
    expect(await tryTransact([put('a')])).toBe(true);
  });
});

describe('retryOnConflict', () => {
  const exhausted = () => new Error('changed meanwhile');

  it('runs the attempt again while it lost its race, with its number, and answers the first result', async () => {
    const seen: number[] = [];
    const result = await retryOnConflict((n) => {
      seen.push(n);
      return Promise.resolve(n < 2 ? TRY_AGAIN : 'saved');
    }, { attempts: 3, exhausted });
    expect(result).toBe('saved');
    expect(seen).toEqual([0, 1, 2]);
  });

  it('throws `exhausted` once every attempt lost', async () => {
    const attempt = vi.fn(() => Promise.resolve(TRY_AGAIN));
    await expect(retryOnConflict(attempt, { attempts: 3, exhausted })).rejects.toThrow('changed meanwhile');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('counts a thrown failed condition as a lost race only when asked to', async () => {
    let tries = 0;
    const attempt = () => (++tries === 1 ? Promise.reject(cancelled('ConditionalCheckFailed')) : Promise.resolve('ok'));
    expect(await retryOnConflict(attempt, { attempts: 2, exhausted, conditionFailures: true })).toBe('ok');
    tries = 0;
    await expect(retryOnConflict(attempt, { attempts: 2, exhausted })).rejects.toThrow('TransactionCanceledException');
  });

  it('does not try again after any other error', async () => {
    const attempt = vi.fn(() => Promise.reject(new Error('boom')));
    await expect(retryOnConflict(attempt, { attempts: 3, exhausted, conditionFailures: true })).rejects.toThrow('boom');
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('answers `exhaustedResult` instead of throwing once every attempt lost, and only then', async () => {
    const attempt = vi.fn((): Promise<'moved' | 'full' | typeof TRY_AGAIN> => Promise.resolve(TRY_AGAIN));
    expect(await retryOnConflict(attempt, { attempts: 2, exhaustedResult: () => 'full' })).toBe('full');
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(await retryOnConflict((n) => Promise.resolve(n === 0 ? TRY_AGAIN : ('moved' as const)), { attempts: 2, exhaustedResult: () => 'full' as const })).toBe('moved');
    // A quiet give-up (nothing answered) is told from a result.
    let tries = 0;
    expect(await retryOnConflict<void>(() => { tries++; return Promise.resolve(TRY_AGAIN); }, { attempts: 3, exhaustedResult: () => undefined })).toBeUndefined();
    expect(tries).toBe(3);
    // Other errors still go up.
    await expect(retryOnConflict(() => Promise.reject(new Error('boom')), { attempts: 2, exhaustedResult: () => 'full' })).rejects.toThrow('boom');
  });

  it('pauses before each try after the first only with `backoff`', async () => {
    vi.useFakeTimers();
    try {
      const at: number[] = [];
      const attempt = (n: number) => {
        at.push(Date.now());
        return Promise.resolve(n < 2 ? TRY_AGAIN : 'saved');
      };
      const start = Date.now();
      const done = retryOnConflict(attempt, { attempts: 3, exhausted, backoff: true });
      await vi.runAllTimersAsync();
      expect(await done).toBe('saved');
      expect(at[0]).toBe(start);
      expect(at[1] - at[0]).toBeGreaterThan(0);
      expect(at[2] - at[1]).toBeGreaterThan(0);
      at.length = 0;
      const quick = retryOnConflict(attempt, { attempts: 3, exhausted });
      expect(await quick).toBe('saved'); // no timer to run: it never waited
      expect(new Set(at).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

// A partition of sorted items, queried as DynamoDB would: Limit, ExclusiveStartKey, order.
function partitions(data: Record<string, { sk: string; v?: number }[]>, index?: 'gsi1') {
  const pkName = index ? 'gsi1pk' : 'pk';
  const skName = index ? 'gsi1sk' : 'sk';
  const rows = Object.fromEntries(
    Object.entries(data).map(([p, items]) => [
      p,
      items
        .map((i): Record<string, string | number | undefined> => (index ? { pk: `BASE#${i.sk}`, sk: 'ITEM', gsi1pk: p, gsi1sk: i.sk, v: i.v } : { pk: p, sk: i.sk, v: i.v }))
        .sort((a, b) => (String(a[skName]) < String(b[skName]) ? -1 : 1)),
    ]),
  );
  return (command: Command) => {
    const { ExpressionAttributeValues: values, Limit, ExclusiveStartKey: start, ScanIndexForward } = command.input;
    const all = [...(rows[values[':p'] ?? values[':pk']] ?? [])];
    if (ScanIndexForward === false) all.reverse();
    const from = start ? all.findIndex((r) => r[skName] === start[skName]) + 1 : 0;
    const page = all.slice(from, from + (Limit ?? all.length));
    const last = page.at(-1);
    const more = from + page.length < all.length;
    return { Items: page, LastEvaluatedKey: more && last ? Object.fromEntries((index ? [pkName, skName, 'pk', 'sk'] : ['pk', 'sk']).map((k) => [k, (last as Record<string, unknown>)[k]])) : undefined };
  };
}

const letters = (n: number, prefix = '') => Array.from({ length: n }, (_, i) => ({ sk: `${prefix}${String.fromCharCode(97 + i)}`, v: i }));

describe('queryPage', () => {
  const input = { TableName: 'test-table', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'P' } };
  const options = { keys: ['pk', 'sk'], partitionValue: 'P' };

  it('pages with a cursor, and says when there is no more', async () => {
    answer(partitions({ P: letters(5) }));
    const first = await queryPage(input, { ...options, limit: 2 });
    expect(first.items.map((i) => i.sk)).toEqual(['a', 'b']);
    const second = await queryPage(input, { ...options, limit: 2, cursor: first.nextCursor });
    expect(second.items.map((i) => i.sk)).toEqual(['c', 'd']);
    const last = await queryPage(input, { ...options, limit: 2, cursor: second.nextCursor });
    expect(last.items.map((i) => i.sk)).toEqual(['e']);
    expect(last.nextCursor).toBeUndefined();
  });

  it('keeps reading until `limit` items match', async () => {
    answer(partitions({ P: letters(10) }));
    const page = await queryPage<{ sk: string; v: number }>(input, { ...options, limit: 3, match: (i) => i.v % 3 === 0 });
    expect(page.items.map((i) => i.sk)).toEqual(['a', 'd', 'g']);
    expect(page.nextCursor).toBeDefined();
  });

  it("refuses a cursor of another partition (another tenant's), or not a cursor at all, with a 400", async () => {
    answer(partitions({ P: letters(5), Q: letters(5) }));
    const theirs = await queryPage({ ...input, ExpressionAttributeValues: { ':pk': 'Q' } }, { keys: ['pk', 'sk'], partitionValue: 'Q', limit: 2 });
    for (const cursor of [theirs.nextCursor, 'not-a-cursor', Buffer.from(JSON.stringify({ pk: 'P' })).toString('base64url')]) {
      const error = await queryPage(input, { ...options, limit: 2, cursor }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toBe('The page cursor is not valid.');
    }
  });
});

describe('mergePage', () => {
  it('merges sorted partitions into one order, page by page, each item once', async () => {
    answer(partitions({ A: letters(5, 'x').map((i, n) => ({ ...i, sk: `2026-0${n + 1}` })), B: letters(4).map((i, n) => ({ ...i, sk: `2026-0${n + 1}~b` })) }, 'gsi1'));
    const streams = [{ index: 'gsi1' as const, partition: 'A' }, { index: 'gsi1' as const, partition: 'B' }];
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await mergePage<Record<string, string>>({ streams, ascending: true, limit: 4, cursor });
      seen.push(...page.items.map((i) => i.gsi1sk));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...seen].sort());
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
  });

  it('runs descending too, and resolves items (dropping the ones resolved to nothing)', async () => {
    answer(partitions({ P: letters(6) }));
    const page = await mergePage({ streams: [{ partition: 'P' }], ascending: false, limit: 3, resolve: (items) => Promise.resolve(items.map((i) => (Number(i.v) % 2 === 0 ? undefined : `#${String(i.sk)}`))) });
    expect(page.items).toEqual(['#f', '#d', '#b']);
    expect(page.nextCursor).toBeUndefined();
  });

  it('refuses a cursor made for other partitions', async () => {
    answer(partitions({ P: letters(6), Q: letters(6) }));
    const theirs = await mergePage({ streams: [{ partition: 'Q' }], ascending: true, limit: 2 });
    const error = await mergePage({ streams: [{ partition: 'P' }], ascending: true, limit: 2, cursor: theirs.nextCursor }).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(400);
    expect(await mergePage({ streams: [{ partition: 'P' }, { partition: 'Q' }], ascending: true, limit: 2, cursor: theirs.nextCursor }).catch((e: HttpError) => e.status)).toBe(400);
  });

  it('pageOf finds page 3 without a cursor by walking the pages before it', async () => {
    answer(partitions({ P: letters(7) }));
    const page = await pageOf<Record<string, string>>({ streams: [{ partition: 'P' }], ascending: true, limit: 2 }, 3);
    expect(page.items.map((i) => i.sk)).toEqual(['e', 'f']);
    expect((await pageOf({ streams: [{ partition: 'P' }], ascending: true, limit: 2 }, 9)).items).toEqual([]);
  });
});

describe('batch reads and writes', () => {
  it('batchGet reads each key once, sends again what was left unprocessed, and answers in the order asked', async () => {
    let first = true;
    answer((command) => {
      const keys = command.input.RequestItems['test-table'].Keys as { pk: string; sk: string }[];
      if (first) {
        first = false;
        return { Responses: { 'test-table': [{ ...keys[0], v: 1 }] }, UnprocessedKeys: { 'test-table': { Keys: keys.slice(1), ConsistentRead: true } } };
      }
      return { Responses: { 'test-table': keys.filter((k) => k.sk !== 'missing').map((k) => ({ ...k, v: 2 })) } };
    });
    const found = await batchGet([{ pk: 'P', sk: 'a' }, { pk: 'P', sk: 'missing' }, { pk: 'P', sk: 'b' }, { pk: 'P', sk: 'a' }]);
    expect(found.map((i) => i?.sk)).toEqual(['a', undefined, 'b', 'a']);
    expect(calls).toHaveLength(2);
    expect(calls[0].input.RequestItems['test-table'].Keys).toHaveLength(3);
  });

  it('batchWrite sends 25 a call, sends again what was left, and fails rather than drop anything', async () => {
    let leave = true;
    answer((command) => {
      const requests = command.input.RequestItems['test-table'] as unknown[];
      if (leave && requests.length === 25) {
        leave = false;
        return { UnprocessedItems: { 'test-table': requests.slice(20) } };
      }
      return {};
    });
    await batchDelete(Array.from({ length: 30 }, (_, i) => ({ pk: 'P', sk: String(i) })));
    expect(calls.map((c) => c.input.RequestItems['test-table'].length)).toEqual([25, 5, 5]);
    expect(calls[0].input.RequestItems['test-table'][0]).toEqual({ DeleteRequest: { Key: { pk: 'P', sk: '0' } } });

    answer((command) => ({ UnprocessedItems: command.input.RequestItems }));
    await expect(batchWrite([{ PutRequest: { Item: { pk: 'P', sk: 'x' } } }])).rejects.toThrow('BatchWrite left items unprocessed');
    expect(calls).toHaveLength(8);
  });
});

describe('strip', () => {
  it("removes the table's keys, index, tenant and TTL attributes", () => {
    expect(strip({ pk: 'P', sk: 'S', gsi1pk: 'a', gsi1sk: 'b', gsi3pk: 'c', tenant: 'o1', expiresAtEpoch: 1, id: 'x', name: 'Kept' })).toEqual({ id: 'x', name: 'Kept' });
    expect(strip(undefined)).toBeUndefined();
  });
});
