// Refunds that failed after they were made (Stripe's refund.failed / refund.updated), recorded once per
// refund id: the marker is put in the same transaction as the correction it causes (the money recorded
// as refunded given back, the staff notice, the audit entry), so the refund's two events, each delivered
// any number of times, correct the figures once. Access pattern:
//   a failed refund   pk STRIPE_REFUND#<refundId>  sk FAILED  (orgId, amount, status, at); kept (a few per year)
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import type { TransactItem } from './core';

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
