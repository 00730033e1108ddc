// The per-container cache of public reads (./public-cache.ts): kept for its TTL, one read for
// concurrent misses, copies out, "not found" and failures not kept, and emptied by this container's
// writes of a cached item (through the document client's middleware, DynamoDB answered by a stand-in).
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './dynamo';
import { CACHE_TTL_MS, cachedRead, clearPublicCache } from './public-cache';

// DynamoDB's stand-in: the last step of 'initialize' answers every command without the network, after
// the cache's own middleware has seen it.
const STAND_IN = 'publicCacheTestStandIn';
ddb.middlewareStack.add(() => () => Promise.resolve({ output: { $metadata: {} } as never, response: {} }), { step: 'initialize', priority: 'low', name: STAND_IN });
afterAll(() => {
  ddb.middlewareStack.remove(STAND_IN);
});

beforeEach(() => clearPublicCache());

/** A loader that counts its reads. */
function counted<T>(value: () => T) {
  const loader = () => {
    loader.reads++;
    // What value throws rejects, as a read that fails does.
    return new Promise<T>((resolve) => resolve(value()));
  };
  loader.reads = 0;
  return loader;
}

describe('cachedRead', () => {
  it('reads once within the TTL and again after it', async () => {
    const load = counted(() => ({ name: 'Intake' }));
    const t0 = 1_000_000;
    expect(await cachedRead('form:o:f', load, t0)).toEqual({ name: 'Intake' });
    expect(await cachedRead('form:o:f', load, t0 + CACHE_TTL_MS - 1)).toEqual({ name: 'Intake' });
    expect(load.reads).toBe(1);
    await cachedRead('form:o:f', load, t0 + CACHE_TTL_MS);
    expect(load.reads).toBe(2);
  });

  it('shares one read among concurrent misses', async () => {
    const load = counted(() => 'org-1');
    const answers = await Promise.all(Array.from({ length: 16 }, () => cachedRead('apikey:k', load)));
    expect(answers).toEqual(Array(16).fill('org-1'));
    expect(load.reads).toBe(1);
  });

  it('gives each caller a copy: changing it does not change what the next caller gets', async () => {
    const load = counted(() => ({ fields: [{ id: 'name' }] }));
    const first = await cachedRead('form:o:f', load);
    first.fields.push({ id: 'injected' });
    expect(await cachedRead('form:o:f', load)).toEqual({ fields: [{ id: 'name' }] });
    expect(load.reads).toBe(1);
  });

  it('keeps neither "not found" nor a failed read', async () => {
    let found: string | undefined;
    const load = counted(() => found);
    expect(await cachedRead('apikey:new', load)).toBeUndefined();
    found = 'org-new';
    expect(await cachedRead('apikey:new', load)).toBe('org-new');
    let fail = true;
    const flaky = counted(() => {
      if (fail) throw new Error('unreachable');
      return 'ok';
    });
    await expect(cachedRead('org:o', flaky)).rejects.toThrow('unreachable');
    fail = false;
    expect(await cachedRead('org:o', flaky)).toBe('ok');
    expect(flaky.reads).toBe(2);
  });

  it("reads for itself when the read it waited on failed (another request's deadline aborted it)", async () => {
    let fail!: (error: Error) => void;
    const first = cachedRead('org:o', () => new Promise<string>((_, reject) => (fail = reject)));
    const load = counted(() => 'org');
    const waiting = cachedRead('org:o', load);
    fail(new Error('The request ran out of time.'));
    await expect(first).rejects.toThrow('ran out of time');
    expect(await waiting).toBe('org');
    expect(load.reads).toBe(1);
  });

  it('does not keep a read that was in flight while the cache was emptied (it may hold the old item)', async () => {
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((r) => (release = r));
      return 'old';
    };
    const pending = cachedRead('form:o:f', slow);
    clearPublicCache();
    release();
    expect(await pending).toBe('old');
    const load = counted(() => 'new');
    expect(await cachedRead('form:o:f', load)).toBe('new');
  });
});

describe("this container's writes", () => {
  const warm = async () => {
    clearPublicCache();
    const load = counted(() => 'cached');
    await cachedRead('k', load);
    await cachedRead('k', load);
    return load;
  };
  /** Whether the write empties the cache: the next read goes to the table again. */
  async function empties(send: () => Promise<unknown>) {
    const load = await warm();
    await send();
    await cachedRead('k', load);
    return load.reads === 2;
  }
  const put = (pk: string, sk: string) => () => ddb.send(new PutCommand({ TableName: 't', Item: { pk, sk } }));

  it('of a form, a form package, an apiKey, a profile or a webhook endpoint empty the cache', async () => {
    expect(await empties(put('ORG#o#FORM#f', 'FORM'))).toBe(true);
    expect(await empties(() => ddb.send(new UpdateCommand({ TableName: 't', Key: { pk: 'ORG#o#FPKG#p', sk: 'FPKG' }, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': 1 } })))).toBe(true);
    expect(await empties(() => ddb.send(new DeleteCommand({ TableName: 't', Key: { pk: 'APIKEY#pk_x', sk: 'APIKEY' } })))).toBe(true);
    expect(await empties(put('ORG#o', 'PROFILE'))).toBe(true);
    expect(await empties(() => ddb.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'OUTBOX#x', sk: 'OUTBOX' } } }, { Put: { TableName: 't', Item: { pk: 'ORG#o#WEBHOOKS', sk: 'ENDPOINT#e' } } }] })))).toBe(true);
  });

  it('of anything else (a lead, an outbox row, the counters) keep it', async () => {
    expect(await empties(put('ORG#o#SUB#l', 'SUB'))).toBe(false);
    expect(await empties(put('OUTBOX#x', 'OUTBOX'))).toBe(false);
    expect(await empties(put('ORG#o', 'COUNTERS'))).toBe(false);
    expect(await empties(() => ddb.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'ORG#o#FORM#f#SUBS', sk: 'SUB#s' } } }] })))).toBe(false);
  });
});
