// Refunds that failed after they were made (Stripe's refund.failed / refund.updated), recorded once per
// refund id: the marker is put in the same transaction as the correction it causes (the money recorded
// as refunded given back, the staff notice, the audit entry), so the refund's two events, each delivered
// any number of times, correct the figures once. Access pattern:
//   a failed refund   pk STRIPE_REFUND#<refundId>  sk FAILED  (orgId, amount, status, at); kept (a few per year)
// The record a refund was of keeps its own side (RefundClock): Stripe's time of the running total it holds
// and the failures recorded on it, so charge.refunded events read in any order (domain/payments/refund-order.ts).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import type { TransactItem } from './core';

/** A refund whose failure was recorded on its record: when it was made and when it failed (Stripe's times, epoch ms), its cents. */
export interface FailedRefundMark {
  createdAt: number;
  failedAt: number;
  amount: number;
}

/** What a record that counts refunds keeps of Stripe's refund events (both absent on records from before). */
export interface RefundClock {
  /** Stripe's time (epoch ms) of the charge.refunded whose running total the record holds. */
  refundAt?: number;
  /** The failures recorded on it, oldest first (only ever appended). */
  refundsFailed?: FailedRefundMark[];
}

/**
 * The condition that `n` failures are recorded at `path` (none: the list absent). With the refunds
 * recorded, a version: the refunds go down only with a failure appended, so the two never come back
 * to values once left.
 */
export function failuresCondition(n: number, path = 'refundsFailed'): { condition: string; values: Record<string, unknown> } {
  if (n === 0) return { condition: `attribute_not_exists(${path})`, values: {} };
  return { condition: `size(${path}) = :failuresWas`, values: { ':failuresWas': n } };
}

const failureKey = (refundId: string) => ({ pk: `STRIPE_REFUND#${refundId}`, sk: 'FAILED' });

/** The failure of refund `refundId` recorded: fails (condition) when it was recorded already. */
export function refundFailureItem(refundId: string, record: { orgId: string; amount: number; status: string; at: string }): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...failureKey(refundId), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Whether the failure of refund `refundId` was recorded already. */
export async function refundFailureRecorded(refundId: string): Promise<boolean> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: failureKey(refundId), ConsistentRead: true }));
  return Boolean(out.Item);
}
