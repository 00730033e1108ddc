// The state of a patient's series (issue 37.1) as guarded writes on its record (data/series.ts), so a
// duplicated or late Stripe event, or a request tried again, moves it at most once:
//   settle   the course's payment (or its confirmation at the clinic, or its card saved) recorded once:
//            `settledAt` set where it was not (and the series not 'booked' already: older records), 'booked' when a visit was confirmed (else it stays as it
//            was: paid after every visit's time was taken, staff refund or offer other times);
//   expire   'held' -> 'expired' when its Checkout ended unpaid, never once settled;
//   refund   a refund made in Stripe by hand recorded over the amount last recorded (optimistic check).
import { table } from './dynamo';
import type { TransactItem } from './core';
import { seriesKey, type SeriesRecord } from './series';
import { failuresCondition, type RefundClock } from './refund-failures';

/** The series' payment or confirmation recorded: fails (condition) when it was recorded already. */
export function settleSeriesItem(s: Pick<SeriesRecord, 'orgId' | 'id'>, booked: boolean, at: string): TransactItem {
  return {
    Update: {
      TableName: table(), Key: seriesKey(s.orgId, s.id),
      // A series booked before `settledAt` existed has none, yet was settled (counted, mailed) when it was
      // booked: 'booked' counts as settled too, so a repeated completed event settles nothing again.
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(settledAt) AND #s <> :booked',
      UpdateExpression: booked ? 'SET settledAt = :at, #s = :booked REMOVE endedAt' : 'SET settledAt = :at',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':at': at, ':booked': 'booked' },
    },
  };
}

/** 'held' -> 'expired' (its Checkout ended unpaid): fails when it is settled, or no longer held. */
export function expireSeriesItem(s: Pick<SeriesRecord, 'orgId' | 'id'>, at: string): TransactItem {
  return {
    Update: {
      TableName: table(), Key: seriesKey(s.orgId, s.id),
      ConditionExpression: 'attribute_exists(pk) AND #s = :held AND attribute_not_exists(settledAt)',
      UpdateExpression: 'SET #s = :expired, endedAt = :at',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':held': 'held', ':expired': 'expired', ':at': at },
    },
  };
}

/**
 * A refund by hand recorded: `byHand` in all where `was` was recorded, with Stripe's time of the total
 * (`clock.refundAt`) or a failure appended (`clock.refundsFailed`); fails when another event moved it meanwhile.
 */
export function refundSeriesItem(s: Pick<SeriesRecord, 'orgId' | 'id' | 'refundedByHandCents' | 'refundsFailed'>, byHand: number, total: number, clock: RefundClock = {}): TransactItem {
  const was = s.refundedByHandCents;
  const failures = failuresCondition(s.refundsFailed?.length ?? 0);
  const set = Object.entries(clock).filter(([, v]) => v !== undefined);
  return {
    Update: {
      TableName: table(), Key: seriesKey(s.orgId, s.id),
      ConditionExpression: `${was === undefined ? 'attribute_exists(pk) AND attribute_not_exists(refundedByHandCents)' : 'refundedByHandCents = :was'} AND ${failures.condition}`,
      UpdateExpression: `SET refundedByHandCents = :byHand, refundedCents = :total${set.map(([k]) => `, ${k} = :${k}`).join('')}`,
      ExpressionAttributeValues: { ':byHand': byHand, ':total': total, ...(was === undefined ? {} : { ':was': was }), ...failures.values, ...Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])) },
    },
  };
}
