// The Stripe Customer of each patient at a clinic (issue 36): a card held for fees is saved to it, and a
// returning patient's next held card goes to the same Customer. One per normalised email per
// organisation; written once (a conditional Put), so two first bookings racing keep one. Access pattern:
//   a patient's customer   pk ORG#<orgId>#STRIPECUSTOMER#<email>   sk CUSTOMER   (customerId, createdAt)
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { tryTransact } from './core';

const customerKey = (orgId: string, email: string) => ({ pk: `ORG#${orgId}#STRIPECUSTOMER#${email.trim().toLowerCase()}`, sk: 'CUSTOMER' });

// The Customer id of a patient (by email) at an organisation, if one was made.
export async function getStripeCustomerId(orgId: string, email: string): Promise<string | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: customerKey(orgId, email), ConsistentRead: true }));
  return typeof out.Item?.customerId === 'string' ? out.Item.customerId : undefined;
}

// Forget a patient's Customer (erasing them: the key spells their email).
export async function deleteStripeCustomerRow(orgId: string, email: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: table(), Key: customerKey(orgId, email) }));
}

// Remember a patient's Customer; false when one was remembered first (read that one).
export function putStripeCustomerId(orgId: string, email: string, customerId: string, at: string): Promise<boolean> {
  return tryTransact([{ Put: { TableName: table(), Item: { ...customerKey(orgId, email), orgId, customerId, createdAt: at }, ConditionExpression: 'attribute_not_exists(pk)' } }]);
}
