// What the data layer needs to know about the request it is serving, without every call passing it
// along: the request's deadline (an AbortSignal that fires when the answer is due, so no SDK call
// outlives the request) and, on routes that take an Idempotency-Key, the claim that every write of
// the request is guarded by (functions/data/idempotency.ts), and the ids its log lines carry.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChallengePage } from '#shared/challenge/challenge';

export interface IdempotencyGuard {
  /** The table key of the idempotency record. */
  key: { pk: string; sk: string };
  /** This attempt's token: a write commits only while the record still names it. */
  token: string;
  /** Derives this request's ids from the key, so a retry that takes over builds the same records. */
  seed: string;
  /** The reply to store with the write that completes the request (set by withReply). */
  reply?: unknown;
  /** True once a write stored the reply: nothing is left for the endpoint to save. */
  completed?: boolean;
  /**
   * Set when the key is claimed by the request's one write rather than beforehand (data/idempotency.ts
   * keyForWrite): nothing to give back on a refusal. The write's item named by the key carries the
   * record (`recordOn`; where: `recordAt`, once written).
   */
  inWrite?: {
    fingerprint: string;
    recordOn: (item: unknown, reply: unknown) => unknown;
    recordAt?: { pk: string; sk: string };
  };
}

/**
 * A public write's solved challenge, spent and counted by the request's own transaction instead of
 * two writes of their own (functions/data/page-activity.ts challengeRiders; data/core.ts transact).
 */
export interface ChallengeRiders {
  page: ChallengePage;
  /** The organisation key the solution was issued for (its page's counters). */
  apiKey: string;
  /** The Put spending the solution (once; again only with the same Idempotency-Key), unless an item of the write is named by the solution (`solutionId`). */
  spend: unknown;
  /** The solution's id: an item of the write named by it spends it by being written (data/core.ts CarriedByItems). */
  solutionId: string;
  /** The ADD of the page's write count, under its normal rate (the crossing is counted apart: its alarm). */
  count: unknown;
  /**
   * The ADD of the caller's address count for the route's rate limit (data/rate-limits.ts countRequestItem),
   * with its window's end: a failed condition is the limit reached (429), and nothing of the write happens.
   */
  rate?: { update: unknown; windowEnd: number };
  /** True once a transaction carried them. */
  settled?: boolean;
  /** True when the count was left out (the page stood at its normal rate): the endpoint counts it apart. */
  countApart?: boolean;
  /** True when the count is not the write's at all: the subscriber of the write's event counts it (EndpointOptions.pageCountByEvent). */
  countedByEvent?: boolean;
}

export interface RequestScope {
  signal: AbortSignal;
  idempotency?: IdempotencyGuard;
  challenge?: ChallengeRiders;
  /** The organisation the request serves, once known (its token, or a public route's apiKey). */
  tenant?: string;
  /** What every log line of the request carries besides the organisation (functions/lib/log.ts). */
  log?: { requestId: string; route?: string };
}

const storage = new AsyncLocalStorage<RequestScope>();

export const runInScope = <T>(scope: RequestScope, fn: () => Promise<T>): Promise<T> => storage.run(scope, fn);

export const currentScope = (): RequestScope | undefined => storage.getStore();

/**
 * Notes which organisation the request serves: its log lines name it, and a public request's stored
 * Idempotency-Key reply is that organisation's even when no write of the request stamped it (so it
 * goes when the organisation does).
 */
export function noteTenant(orgId: string): void {
  const scope = storage.getStore();
  if (scope) scope.tenant = orgId;
}

/**
 * Runs the request's final write with the reply it will answer: on an idempotent route the reply is
 * stored in the same transaction, so a retry is answered with it even when the first answer was lost.
 */
export async function withReply<T>(reply: unknown, write: () => Promise<T>): Promise<T> {
  const guard = storage.getStore()?.idempotency;
  if (!guard) return write();
  guard.reply = reply;
  try {
    return await write();
  } finally {
    guard.reply = undefined;
  }
}
