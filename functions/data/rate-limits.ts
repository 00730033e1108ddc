// Request counters for rate limits. Items expire through TTL.
// - Per route and address (http/http.ts): one item per (scope, subject, fixed window), counted with a
//   conditional ADD so racing requests cannot overshoot the limit (cheap, on every request; across a
//   window's boundary up to twice the limit may pass, which is fine for flood control).
// - Failed sign-ins (account/lib/sign-in-limits.ts): a sliding window, so the limit holds in any
//   `windowSeconds`, wherever it starts. The window is cut into 15 buckets (a minute each for 15
//   minutes); a hit is counted while any part of its bucket is inside the window, so a hit is
//   forgotten up to one bucket late, never early. Only the current bucket is ever written, with a
//   conditional ADD against what the earlier buckets hold (they no longer change), so racing hits
//   cannot pass the limit and nobody waits on anybody.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { isConditionFailure } from './core';
import { TTL_ATTRIBUTE } from './table';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

const key = (scope: string, subject: string, windowStart: number) => ({ pk: `RATE#${scope}#${subject}`, sk: String(windowStart) });

const windowOf = (nowMs: number, windowSeconds: number) => {
  const now = Math.floor(nowMs / 1000);
  const start = now - (now % windowSeconds);
  return { now, start, end: start + windowSeconds };
};

/** The seconds to wait when the window's limit is already reached, without counting anything. */
export async function waitIfLimited(scope: string, subject: string, { limit, windowSeconds }: RateLimit, nowMs = Date.now()): Promise<number | undefined> {
  const window = windowOf(nowMs, windowSeconds);
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: key(scope, subject, window.start), ConsistentRead: true }));
  return Number(out.Item?.hits ?? 0) >= limit ? Math.max(1, window.end - window.now) : undefined;
}

/**
 * The conditional ADD counting one request in its window, and when that window ends. Alone (countRequest)
 * or as an item of the request's own transaction (http.ts: a public write whose challenge rides in its
 * write counts its address there too), where a failed condition means the limit was already reached.
 */
export function countRequestItem(scope: string, subject: string, { limit, windowSeconds }: RateLimit, nowMs = Date.now()) {
  const { start: windowStart, end: windowEnd } = windowOf(nowMs, windowSeconds);
  return {
    windowEnd,
    update: {
      TableName: table(),
      Key: key(scope, subject, windowStart),
      UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': windowEnd + 60 },
    },
  };
}

/** The seconds to wait before a window ending at `windowEnd` (epoch seconds) lets a request in again. */
export const waitUntilWindowEnds = (windowEnd: number, nowMs = Date.now()) => Math.max(1, windowEnd - Math.floor(nowMs / 1000));

/** Counts one request; returns the seconds to wait when the window's limit is already reached. */
export async function countRequest(scope: string, subject: string, limit: RateLimit, nowMs = Date.now()): Promise<number | undefined> {
  const { update, windowEnd } = countRequestItem(scope, subject, limit, nowMs);
  try {
    await ddb.send(new UpdateCommand(update));
    return undefined;
  } catch (error) {
    if (isConditionFailure(error)) return waitUntilWindowEnds(windowEnd, nowMs);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Sliding window (buckets).

const BUCKETS = 15;
const bucketSecondsOf = (windowSeconds: number) => Math.max(1, Math.ceil(windowSeconds / BUCKETS));
/** Bucket sort keys sort as numbers: epoch seconds padded to 12 digits. */
const bucketSk = (start: number) => `S#${String(start).padStart(12, '0')}`;

interface Buckets {
  now: number;
  bucketSeconds: number;
  current: number;
  /** The buckets (start, hits) touching the window, oldest first; the current one last if it has hits. */
  counts: [start: number, hits: number][];
}

// The buckets of (scope, subject) touching the last `windowSeconds` (one Query, strongly consistent).
async function readBuckets(scope: string, subject: string, windowSeconds: number, nowMs: number): Promise<Buckets> {
  const now = Math.floor(nowMs / 1000);
  const bucketSeconds = bucketSecondsOf(windowSeconds);
  const current = now - (now % bucketSeconds);
  const first = Math.floor((now - windowSeconds) / bucketSeconds) * bucketSeconds;
  const out = await ddb.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': `RATE#${scope}#${subject}`, ':from': bucketSk(first), ':to': bucketSk(current) },
      ConsistentRead: true,
    }),
  );
  const counts = (out.Items ?? []).map((item): [number, number] => [Number(String(item.sk).slice(2)), Number(item.hits ?? 0)]);
  return { now, bucketSeconds, current, counts };
}

const total = (b: Buckets) => b.counts.reduce((sum, [, hits]) => sum + hits, 0);

/** Seconds until one more hit fits: until enough of the oldest buckets have left the window. */
function bucketWait(b: Buckets, { limit, windowSeconds }: RateLimit): number | undefined {
  let left = total(b);
  if (left < limit) return undefined;
  for (const [start, hits] of b.counts) {
    left -= hits;
    // A bucket leaves once the window starts after its end.
    if (left < limit) return Math.max(1, start + b.bucketSeconds + windowSeconds - b.now);
  }
  return windowSeconds;
}

/** The seconds to wait when `limit` hits fall in the last `windowSeconds` already, without counting anything. */
export async function waitIfLimitedSliding(scope: string, subject: string, limit: RateLimit, nowMs = Date.now()): Promise<number | undefined> {
  return bucketWait(await readBuckets(scope, subject, limit.windowSeconds, nowMs), limit);
}

/** Counts one hit in the sliding window; returns the seconds to wait (nothing counted) when the window is full. */
export async function countInSlidingWindow(scope: string, subject: string, limit: RateLimit, nowMs = Date.now()): Promise<number | undefined> {
  const buckets = await readBuckets(scope, subject, limit.windowSeconds, nowMs);
  const wait = bucketWait(buckets, limit);
  if (wait !== undefined) return wait;
  const earlier = buckets.counts.filter(([start]) => start !== buckets.current).reduce((sum, [, hits]) => sum + hits, 0);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: `RATE#${scope}#${subject}`, sk: bucketSk(buckets.current) },
        UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :room',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':one': 1, ':room': limit.limit - earlier, ':ttl': buckets.current + buckets.bucketSeconds + limit.windowSeconds + 60 },
      }),
    );
    return undefined;
  } catch (error) {
    // Racing hits filled the window since the read.
    if (isConditionFailure(error)) return bucketWait(await readBuckets(scope, subject, limit.windowSeconds, nowMs), limit) ?? 1;
    throw error;
  }
}
