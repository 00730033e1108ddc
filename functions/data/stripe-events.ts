// Stripe events, processed once per event id. A claim is a lease, as Powertools' idempotency does it:
// the record says 'processing' until `leaseUntil` (the function's timeout plus a margin), so a
// delivery while it runs is told to come back later, and a delivery after an attempt died without
// finishing takes the claim over instead of being answered 'duplicate' forever. Access patterns:
//   an event's claim and outcome   pk STRIPE_EVENT#<eventId>    sk EVENT
//                                  status 'processing' (token, leaseUntil ms) -> 'done' (outcome); kept 30 days
//   a payment's owner              pk STRIPE_PI#<paymentIntent>  sk PAYMENT (kind, orgId, metadata: routes refunds)
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { strip, transact, tryTransact, type Item } from './core';
import { TTL_ATTRIBUTE } from './table';

// The kinds of payment and a payment's owner are stored here, so they are defined here: the data
// layer does not import the handlers above it (eslint.config.js). domain/payments/contract.ts re-exports them.
export const PAYMENT_KINDS = ['form-payment', 'booking', 'fee', 'series'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const isPaymentKind = (kind: unknown): kind is PaymentKind => PAYMENT_KINDS.includes(kind as PaymentKind);

/** Which feature and tenant a payment belongs to (remembered by payment intent: refunds carry only that). */
export interface PaymentRef {
  kind: PaymentKind;
  orgId: string;
  metadata: Record<string, string>;
}

/** Stripe retries for up to 3 days; a record outlives that, then DynamoDB may drop it. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export const stripeEventKey = (id: string) => ({ pk: `STRIPE_EVENT#${id}`, sk: 'EVENT' });
const intentKey = (id: string) => ({ pk: `STRIPE_PI#${id}`, sk: 'PAYMENT' });

export interface StripeEventRecord {
  type: string;
  status: 'processing' | 'done';
  claimedAt: string;
  /** While processing: the claiming attempt and the end of its lease (epoch ms). */
  token?: string;
  leaseUntil?: number;
  outcome?: string;
  processedAt?: string;
}

export type EventClaim = { kind: 'claimed'; token: string } | { kind: 'done'; outcome?: string } | { kind: 'in-progress'; retryAfterSeconds: number };

/**
 * Claims an event for `leaseMs`: a new one, or one whose claim's lease ran out (its attempt died). Else
 * says whether it was processed already or is being processed right now.
 */
export async function claimEvent(id: string, type: string, leaseMs: number, now = Date.now()): Promise<EventClaim> {
  const token = randomUUID();
  const claimed = await tryTransact([
    {
      Put: {
        TableName: table(),
        Item: {
          ...stripeEventKey(id), type, status: 'processing', token, claimedAt: new Date(now).toISOString(), leaseUntil: now + leaseMs,
          [TTL_ATTRIBUTE]: Math.ceil((now + KEEP_MS) / 1000),
        },
        // A claim without a lease was left by the code before leases: it is over too.
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :processing AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing', ':now': now },
      },
    },
  ]);
  if (claimed) return { kind: 'claimed', token };
  const existing = await getEventRecord(id);
  if (!existing) return claimEvent(id, type, leaseMs, now); // given back meanwhile
  if (existing.status === 'done') return { kind: 'done', outcome: existing.outcome };
  return { kind: 'in-progress', retryAfterSeconds: Math.max(1, Math.ceil((Number(existing.leaseUntil) - now) / 1000)) };
}

// Mark a claimed event done, with what became of it. A claim taken over meanwhile is left to its new holder.
export async function completeEvent(id: string, token: string, outcome: string): Promise<void> {
  await tryTransact([
    {
      Update: {
        TableName: table(),
        Key: stripeEventKey(id),
        UpdateExpression: 'SET #status = :done, outcome = :outcome, processedAt = :at REMOVE #token, leaseUntil',
        ConditionExpression: '#token = :token',
        ExpressionAttributeNames: { '#status': 'status', '#token': 'token' },
        ExpressionAttributeValues: { ':done': 'done', ':outcome': outcome, ':at': new Date().toISOString(), ':token': token },
      },
    },
  ]);
}

// Give a claim back after a failure, so the sender's next delivery processes the event at once.
export async function releaseEvent(id: string, token: string): Promise<void> {
  await tryTransact([
    { Delete: { TableName: table(), Key: stripeEventKey(id), ConditionExpression: '#token = :token', ExpressionAttributeNames: { '#token': 'token' }, ExpressionAttributeValues: { ':token': token } } },
  ]);
}

// Get what became of an event (tests and support).
export async function getEventRecord(id: string): Promise<StripeEventRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: stripeEventKey(id), ConsistentRead: true }));
  return strip<StripeEventRecord>(out.Item);
}

// Remember which feature and tenant a payment belongs to (refund events carry only the payment).
export async function rememberPayment(paymentIntentId: string, ref: PaymentRef): Promise<void> {
  await transact([{ Put: { TableName: table(), Item: { ...intentKey(paymentIntentId), ...ref } } }]);
}

// Find the feature and tenant of a payment by its payment intent.
export async function findPayment(paymentIntentId: string): Promise<PaymentRef | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: intentKey(paymentIntentId) }));
  return strip<PaymentRef & Item>(out.Item);
}
