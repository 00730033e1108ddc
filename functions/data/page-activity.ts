// What the public pages see (issue 28): the challenge's difficulty, which rises with a page's counts
// (./page-counts.ts, re-exported here), and the spent solutions: each solution is usable once. (A form
// submission's solution is spent by its form-submitted event instead, named by it: ./submissions.ts.)
// Access patterns:
//   a page's counters in a window   (./page-counts.ts)
//   a spent solution                pk CHALLENGE#<id>         sk SPENT                    (TTL)
import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import type { ChallengePage } from '#shared/challenge/challenge';
import { isConditionFailure } from './core';
import { ACTIVITY_WINDOW_SECONDS, NORMAL_RATE, activityKey, windowStartOf, writeCountItem } from './page-counts';
import { TTL_ATTRIBUTE } from './table';

export { ACTIVITY_WINDOW_SECONDS, NORMAL_RATE, activityKey, activitySummary, countPageEvent, countPageWriteIn, type ActivityKind } from './page-counts';

/**
 * The difficulty level for a new challenge: 0 at the normal rate, 1 above it, 2 above four times it,
 * judged on this window and the one before (so a burst keeps it raised for at least a window).
 */
export async function challengeLevel(page: ChallengePage, apiKey: string, nowMs = Date.now()): Promise<number> {
  const start = windowStartOf(nowMs);
  const out = await ddb.send(
    new BatchGetCommand({ RequestItems: { [table()]: { Keys: [activityKey(page, apiKey, start), activityKey(page, apiKey, start - ACTIVITY_WINDOW_SECONDS)] } } }),
  );
  const normal = NORMAL_RATE[page];
  const ratio = Math.max(0, ...(out.Responses?.[table()] ?? []).map((item) => Math.max(Number(item.writes ?? 0) / normal.writes, Number(item.refused ?? 0) / normal.refused)));
  return ratio > 4 ? 2 : ratio > 1 ? 1 : 0;
}

/** The Put spending a solution: it succeeds once (again only with the same Idempotency-Key). */
function spendItem(id: string, expiresAt: number, idempotencyKey?: string) {
  return {
    TableName: table(),
    Item: { pk: `CHALLENGE#${id}`, sk: 'SPENT', ...(idempotencyKey ? { idempotencyKey } : {}), [TTL_ATTRIBUTE]: expiresAt + 60 },
    ConditionExpression: idempotencyKey ? 'attribute_not_exists(pk) OR idempotencyKey = :key' : 'attribute_not_exists(pk)',
    ...(idempotencyKey ? { ExpressionAttributeValues: { ':key': idempotencyKey } } : {}),
  };
}

/**
 * Spends a solution: true the first time. With an Idempotency-Key the same solution may come back
 * with the same key (a retry of the same request after a failure), never with another.
 */
export async function spendSolution(id: string, expiresAt: number, idempotencyKey?: string): Promise<boolean> {
  try {
    await ddb.send(new PutCommand(spendItem(id, expiresAt, idempotencyKey)));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The spend and the write count of a solution as items of the write's own transaction (data/core.ts
 * transact adds them), so an accepted write costs no round trip of its own for either. A spent
 * solution fails the spend (SolutionSpent: refused as before). The count is an ADD that fails only
 * while the window stands at the page's normal rate: that write is counted apart by countPageEvent,
 * whose returned count makes exactly one request see the crossing and raise the alarm.
 */
export function challengeRiders(page: ChallengePage, apiKey: string, solution: { id: string; expiresAt: number; idempotencyKey?: string }, nowMs = Date.now()) {
  const start = windowStartOf(nowMs);
  return {
    spend: { Put: spendItem(solution.id, solution.expiresAt, solution.idempotencyKey) },
    count: writeCountItem(page, apiKey, start, false),
  };
}

