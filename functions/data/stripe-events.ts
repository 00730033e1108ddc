// Stripe events are processed once per event id. Access patterns:
//   processed event    pk STRIPE_EVENT#<eventId>   sk EVENT    (claimed with a condition before processing)
//   payment's owner    pk STRIPE_PI#<paymentIntent> sk PAYMENT (kind, orgId, metadata: routes refunds)
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '#lib/dynamo';
import { isConditionFailure } from '#lib/errors';

const eventKey = (id: string) => ({ pk: `STRIPE_EVENT#${id}`, sk: 'EVENT' });
const intentKey = (id: string) => ({ pk: `STRIPE_PI#${id}`, sk: 'PAYMENT' });

// Claim an event for processing; false when it was processed (or is being processed) already.
export async function claimEvent(id: string, type: string): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: table(),
        Item: { ...eventKey(id), type, status: 'processing', claimedAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// Mark a claimed event done, with what became of it.
export async function completeEvent(id: string, outcome: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table(),
      Key: eventKey(id),
      UpdateExpression: 'SET #s = :done, outcome = :o, processedAt = :at',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':done': 'done', ':o': outcome, ':at': new Date().toISOString() },
    }),
  );
}

// Give a claim back after a failure, so Stripe's (or EventBridge's) retry processes the event.
export async function releaseEvent(id: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: table(), Key: eventKey(id) }));
}

// Get what became of an event (tests and support).
export async function getEventRecord(id: string) {
  return (await ddb.send(new GetCommand({ TableName: table(), Key: eventKey(id), ConsistentRead: true }))).Item;
}

// Remember which feature and tenant a payment belongs to (refund events carry only the payment).
export async function rememberPayment(paymentIntentId: string, ref: { kind: string; orgId: string; metadata: Record<string, string> }) {
  await ddb.send(new PutCommand({ TableName: table(), Item: { ...intentKey(paymentIntentId), ...ref } }));
}

export async function findPayment(paymentIntentId: string) {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: intentKey(paymentIntentId) }));
  return out.Item as { kind: string; orgId: string; metadata: Record<string, string> } | undefined;
}
