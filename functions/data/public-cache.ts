// A per-container cache, for a few seconds, of what every public request reads again and again and
// staff change rarely: an apiKey's organisation, a form with its packages, the organisation's profile,
// an organisation's webhook endpoints. A public form page under load sent the same four reads with every
// submission; a warm Lambda container now makes them once per TTL.
//
// How stale it may be:
//   - Another container's change is seen within CACHE_TTL_MS (the TTL bounds it: nothing else is shared).
//   - This container's own writes of those items (any Put/Update/Delete/transaction or batch that names
//     one) empty the cache when they succeed, and a read that was in flight across such a write is not
//     kept. The local stack runs every handler in one process, so there a change is seen at once.
// What is cached is a copy: a caller that changes what it got cannot change the next caller's.
// "Not found" is not cached (a key or form created a moment ago is found at once), and a failed read
// is not either. Bounded: the oldest entries go first past CACHE_MAX_ENTRIES.
import { ddb } from './dynamo';

export const CACHE_TTL_MS = 5_000;
export const CACHE_MAX_ENTRIES = 1_000;

interface Entry {
  until: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();
/** Moves on with every clearing: a read that started before it is not kept. */
let generation = 0;

/**
 * `load()`'s answer for `key`, from the cache while it is fresh. Concurrent misses of one key share
 * one read. `undefined` (not found) is answered but not kept.
 */
export async function cachedRead<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.until > now) {
    try {
      return structuredClone((await hit.value) as T);
    } catch {
      // Another request's read failed (its deadline, say, aborted it): this request reads for itself.
      return structuredClone(await load());
    }
  }
  const started = generation;
  const value = load();
  const entry: Entry = { until: now + CACHE_TTL_MS, value };
  entries.set(key, entry);
  while (entries.size > CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  let result: T;
  try {
    result = await value;
  } catch (error) {
    if (entries.get(key) === entry) entries.delete(key);
    throw error;
  }
  if ((result === undefined || generation !== started) && entries.get(key) === entry) entries.delete(key);
  return structuredClone(result);
}

/** Empties the cache (a write of a cached item, or a test that changed the table behind the API). */
export function clearPublicCache(): void {
  generation++;
  entries.clear();
}

/**
 * The items cached here, by their keys (./organizations.ts, ./forms.ts, ./form-packages.ts, ./webhooks.ts):
 * an apiKey, an organisation's profile (not its counters, written with many changes), a form, a form
 * package, a webhook endpoint.
 */
function isCachedItem(pk: unknown, sk: unknown): boolean {
  if (typeof pk !== 'string' || typeof sk !== 'string') return false;
  if (pk.startsWith('APIKEY#')) return sk === 'APIKEY';
  if (/^ORG#[^#]+$/.test(pk)) return sk === 'PROFILE';
  if (/^ORG#[^#]+#FORM#[^#]+$/.test(pk)) return sk === 'FORM';
  if (/^ORG#[^#]+#FPKG#[^#]+$/.test(pk)) return sk === 'FPKG';
  return /^ORG#[^#]+#WEBHOOKS$/.test(pk) && sk.startsWith('ENDPOINT#');
}

/** The key-bearing parts of a write command's input (Put/Update/Delete, TransactWrite, BatchWrite). */
interface KeyBag {
  Key?: unknown;
  Item?: unknown;
}
interface WriteInput extends KeyBag {
  TransactItems?: { Put?: KeyBag; Update?: KeyBag; Delete?: KeyBag }[];
  RequestItems?: Record<string, unknown>;
}

function touchesCachedItem(input: WriteInput): boolean {
  const keys: Record<string, unknown>[] = [];
  const add = (k: unknown) => {
    if (k && typeof k === 'object') keys.push(k as Record<string, unknown>);
  };
  add(input.Key);
  add(input.Item);
  for (const t of input.TransactItems ?? []) {
    add(t.Put?.Item);
    add(t.Update?.Key);
    add(t.Delete?.Key);
  }
  for (const requests of Object.values(input.RequestItems ?? {})) {
    if (!Array.isArray(requests)) continue; // a BatchGet's
    for (const r of requests as { PutRequest?: KeyBag; DeleteRequest?: KeyBag }[]) {
      add(r.PutRequest?.Item);
      add(r.DeleteRequest?.Key);
    }
  }
  return keys.some((k) => isCachedItem(k.pk, k.sk));
}

/** The writes, by the command names the middleware sees (the document client's commands run these). */
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand']);

// Every write of this container that names a cached item empties the cache once it succeeded (and also
// when it failed after being sent: whether it was applied is then unknown).
ddb.middlewareStack.add(
  (next, context) => async (args) => {
    if (!WRITES.has(context.commandName ?? '') || !touchesCachedItem(args.input as WriteInput)) return next(args);
    try {
      return await next(args);
    } finally {
      clearPublicCache();
    }
  },
  { step: 'initialize', name: 'publicCacheInvalidation' },
);
