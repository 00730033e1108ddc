// A public page's counts (issue 28): writes and refused challenges per page (kind + apiKey) and fixed
// window, kept by an ADD on each event (no Scan); crossing a page's normal rate tells staff once per
// window (notice, audit entry in aggregate, metric for the alarm). Apart from ./page-activity.ts (the
// challenge's level and spent solutions) so that a function without challenges may count a page's
// writes: the subscribers' worker counts a lead's write (functions/domain/forms/on-lead-received.ts).
// Access patterns:
//   a page's counters in a window   pk PAGE#<page>#<apiKey>   sk W#<windowStart>          (TTL)
//   the window's one staff notice   pk PAGE#<page>#<apiKey>   sk W#<windowStart>#NOTICE   (TTL)
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { countMetric, log } from '#lib/log';
import { CHALLENGE_PAGE_NAMES, type ChallengePage } from '#shared/challenge/challenge';
import type { AuditActor } from '#shared/organization/schemas';
import type { Module } from '#shared/permissions';
import { TransactionFailure, isConditionFailure, type TransactItem } from './core';
import { recordAudit } from './audit';
import { notifyStaff } from './notifications';
import { findOrgIdByApiKey } from './organizations';
import { TTL_ATTRIBUTE } from './table';

export const ACTIVITY_WINDOW_SECONDS = 10 * 60;

/**
 * A page's normal rate per window: above it the challenge gets harder and staff are told. A clinic's
 * booking page takes a few bookings an hour; sign-up is one page for everyone.
 */
export const NORMAL_RATE: Record<ChallengePage, { writes: number; refused: number }> = {
  booking: { writes: 30, refused: 20 },
  appointment: { writes: 20, refused: 20 },
  form: { writes: 30, refused: 20 },
  'sign-up': { writes: 60, refused: 40 },
};

export type ActivityKind = 'writes' | 'refused';

/** Who the audit log names for a surge on a public page (its visitors, no member). */
const PUBLIC_ACTOR = 'public' satisfies AuditActor;
const AUDIT_MODULE: Record<Exclude<ChallengePage, 'sign-up'>, Module> = { booking: 'BOOKING_PACKAGES', appointment: 'Appointment', form: 'FORMS' };

/** Only well-formed keys name a page; anything else is counted under one bucket. */
const pageKey = (page: ChallengePage, apiKey: string) => `PAGE#${page}#${/^pk_[A-Za-z0-9_-]{10,64}$/.test(apiKey) ? apiKey : '-'}`;
export const windowStartOf = (nowMs: number) => {
  const now = Math.floor(nowMs / 1000);
  return now - (now % ACTIVITY_WINDOW_SECONDS);
};
export const activityKey = (page: ChallengePage, apiKey: string, windowStart: number) => ({ pk: pageKey(page, apiKey), sk: `W#${windowStart}` });

/**
 * The ADD of one write to a page's window, as a transaction item: `crossing` false succeeds unless the
 * window stands at the page's normal rate; `crossing` true only when it does (the write that crosses).
 */
export function writeCountItem(page: ChallengePage, apiKey: string, windowStart: number, crossing: boolean): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: activityKey(page, apiKey, windowStart),
      UpdateExpression: 'ADD writes :one SET #ttl = :ttl',
      ConditionExpression: crossing ? 'writes = :normal' : 'attribute_not_exists(writes) OR writes <> :normal',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':normal': NORMAL_RATE[page].writes, ':ttl': windowStart + 3 * ACTIVITY_WINDOW_SECONDS },
    },
  };
}

/**
 * Counts one accepted write of a page exactly once, in the window of `atMs` (when the write was made),
 * by `commit`: the caller's transaction, with the count as its LAST item (a subscriber's completion,
 * functions/domain/events/subscriber.ts), whose false means not committed by this caller (nothing to
 * do). The write whose count finds the window standing at the normal rate is the one that crosses it:
 * it raises the alarm, as countPageEvent does.
 */
export async function countPageWriteIn(page: ChallengePage, apiKey: string, atMs: number, commit: (count: TransactItem) => Promise<boolean>): Promise<void> {
  const start = windowStartOf(atMs);
  // Each lost race (another write moved the count between the two conditions) tries both again.
  for (let attempt = 0; attempt < 5; attempt++) {
    for (const crossing of [false, true]) {
      try {
        if (!(await commit(writeCountItem(page, apiKey, start, crossing)))) return;
        if (crossing) await raiseAlarm(page, apiKey, 'writes', NORMAL_RATE[page].writes + 1, start, atMs);
        return;
      } catch (error) {
        if (!(error instanceof TransactionFailure && error.failedAt(error.codes.length - 1))) throw error;
      }
    }
  }
  throw new Error('The page write count kept changing under this write; it will be tried again');
}

/**
 * Counts one write or refused challenge of a page. The one event that takes the window over the
 * normal rate raises the alarm (an ADD returns the new count, so exactly one request sees it cross).
 */
export async function countPageEvent(page: ChallengePage, apiKey: string, kind: ActivityKind, nowMs = Date.now()): Promise<number> {
  const start = windowStartOf(nowMs);
  const out = await ddb.send(
    new UpdateCommand({
      TableName: table(),
      Key: activityKey(page, apiKey, start),
      UpdateExpression: 'ADD #kind :one SET #ttl = :ttl',
      ExpressionAttributeNames: { '#kind': kind, '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':one': 1, ':ttl': start + 3 * ACTIVITY_WINDOW_SECONDS },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const count = Number(out.Attributes?.[kind] ?? 0);
  if (count === NORMAL_RATE[page][kind] + 1) await raiseAlarm(page, apiKey, kind, count, start, nowMs);
  return count;
}

const clock = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(11, 16);

/** What staff read: "21 refused attempts on the booking page between 10:20 and 10:24 UTC". */
export function activitySummary(page: ChallengePage, kind: ActivityKind, count: number, windowStart: number, nowMs: number): string {
  const what = kind === 'refused' ? 'refused attempts' : 'submissions';
  return `${count} ${what} on the ${CHALLENGE_PAGE_NAMES[page]} between ${clock(windowStart)} and ${clock(Math.floor(nowMs / 1000))} UTC`;
}

async function raiseAlarm(page: ChallengePage, apiKey: string, kind: ActivityKind, count: number, windowStart: number, nowMs: number) {
  countMetric('PublicPageSurges', 1, { page, kind });
  log.warn('A public page is over its normal rate', { page, kind, count });
  if (page === 'sign-up') return; // no clinic's staff to tell: the metric's alarm tells the operator
  // The organisation is looked up only here, once per window (a key nobody owns tells nobody).
  const org = await findOrgIdByApiKey(apiKey);
  if (!org) return;
  const summary = activitySummary(page, kind, count, windowStart, nowMs);
  // The audit entry, in aggregate: one per kind and window (this request is the one that crossed).
  await recordAudit({ orgId: org, actorId: PUBLIC_ACTOR, module: AUDIT_MODULE[page], action: 'create', recordType: 'public-page', recordId: page, summary });
  // One notice per page and window, whichever count crossed first.
  try {
    await ddb.send(
      new PutCommand({
        TableName: table(),
        Item: { pk: pageKey(page, apiKey), sk: `W#${windowStart}#NOTICE`, [TTL_ATTRIBUTE]: windowStart + 3 * ACTIVITY_WINDOW_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
  await notifyStaff(org, {
    title: `Unusual activity on your ${CHALLENGE_PAGE_NAMES[page]}`,
    message: `${summary}. The page now asks visitors' browsers for more work before accepting; people can still use it.`,
    module: AUDIT_MODULE[page],
  });
}
