// Request counters for rate limits: one item per (scope, subject, fixed window), counted with a
// conditional ADD so racing requests cannot overshoot the limit. Items expire through TTL.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/** Counts one request; returns the seconds to wait when the window's limit is already reached. */
export async function countRequest(scope: string, subject: string, { limit, windowSeconds }: RateLimit, nowMs = Date.now()): Promise<number | undefined> {
  const { now, start: windowStart, end: windowEnd } = windowOf(nowMs, windowSeconds);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: key(scope, subject, windowStart),
        UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': windowEnd + 60 },
      }),
    );
    return undefined;
  } catch (error) {
    if (isConditionFailure(error)) return Math.max(1, windowEnd - now);
    throw error;
  }
}
