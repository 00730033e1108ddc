// Request counters for rate limits: one item per (scope, subject, fixed window), counted with a
// conditional ADD so racing requests cannot overshoot the limit. Items expire through TTL.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '#lib/dynamo';
import { isConditionFailure } from '#lib/errors';
import { TTL_ATTRIBUTE } from './table';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

const key = (scope: string, subject: string, windowStart: number) => ({ pk: `RATE#${scope}#${subject}`, sk: String(windowStart) });

/** Counts one request; returns the seconds to wait when the window's limit is already reached. */
export async function countRequest(scope: string, subject: string, { limit, windowSeconds }: RateLimit, nowMs = Date.now()): Promise<number | undefined> {
  const now = Math.floor(nowMs / 1000);
  const windowStart = now - (now % windowSeconds);
  const windowEnd = windowStart + windowSeconds;
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
