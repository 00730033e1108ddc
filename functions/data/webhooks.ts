// Outbound webhooks: the endpoints an owner registers, the events a change produces, and the delivery
// log. Access patterns:
//   an organisation's endpoints       pk ORG#<orgId>#WEBHOOKS   sk ENDPOINT#<id>   (at most MAX_WEBHOOK_ENDPOINTS)
//   how many it has (kept counter)    pk ORG#<orgId>#WEBHOOKS   sk COUNT
//   an event to fan out               an outbox row 'webhook-event', id webhook-event-<eventId>
//   one event for one endpoint        an outbox row 'webhook-delivery', id webhook-<deliveryId>
//                                     (deliveryId derived from <eventId>#<endpointId>: fanned out once)
//   an endpoint's deliveries, newest  gsi2pk ORG#<orgId>#WEBHOOK#<endpointId>#DELIVERIES  gsi2sk <createdAt>#<deliveryId>
//   its deliveries still pending for  gsi3pk ORG#<orgId>#WEBHOOK#<endpointId>#OBJECT#<objectKey>
//   one object, oldest event first    gsi3sk <event createdAt>#<deliveryId>   (sparse: left when sent or failed)
//   an object's events not yet        gsi3pk ORG#<orgId>#WEBHOOK-EVENTS#OBJECT#<objectKey>
//   fanned out                        gsi3sk <event createdAt>#<eventId>      (sparse: left when fanned out)
// Events are written as outbox rows in the transaction of the change that causes them, under an id
// derived from that change, and only when an enabled endpoint of the organisation wants their type:
// the writer reads the (small) endpoint list first. An endpoint added in the same instant may miss
// that one event; it was not there when the change was made.
import { currencyOf } from '#shared/currency';
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookDelivery, type WebhookEndpoint, type WebhookEventBody, type PaymentEventObject } from '#shared/webhooks/schemas';
import type { WebhookEventType } from '#shared/webhooks/events';
import { ddb, table } from './dynamo';
import { randomId } from '#lib/passwords';
import { auditItem } from './audit';
import { isConditionFailure, queryAll, queryPage, strip, transact, TransactionFailure, type Item, type TransactItem } from './core';
import { eventItem } from './events';
import { cachedRead } from './public-cache';
import { getOutboxRow, outboxItem, outboxKey, type OutboxRow, type OutboxWebhookDelivery } from './outbox';

/** The audit trail names an endpoint by its host: hook URLs often carry a token in their path. */
const urlHost = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return 'an unreadable address';
  }
};

export interface WebhookEndpointRecord extends WebhookEndpoint {
  orgId: string;
  /** The signing secret, encrypted with the data encryption key (#lib/encryption, context endpointSecretContext). */
  secretSealed: string;
}

const endpointsPk = (orgId: string) => `ORG#${orgId}#WEBHOOKS`;
export const endpointKey = (orgId: string, id: string) => ({ pk: endpointsPk(orgId), sk: `ENDPOINT#${id}` });
const countKey = (orgId: string) => ({ pk: endpointsPk(orgId), sk: 'COUNT' });
/** What the secret's encryption is bound to: it cannot be moved to another endpoint. */
export const endpointSecretContext = (orgId: string, id: string) => `webhook:${orgId}:${id}`;

export const toEndpointView = (r: WebhookEndpointRecord): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  ...(r.description ? { description: r.description } : {}),
  events: r.events,
  enabled: r.enabled,
  secretHint: r.secretHint,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

// The organisation's endpoints (a handful: one Query).
export async function listEndpoints(orgId: string): Promise<WebhookEndpointRecord[]> {
  const items = await queryAll<Item>(
    {
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': endpointsPk(orgId), ':prefix': 'ENDPOINT#' },
      ConsistentRead: true,
    },
    MAX_WEBHOOK_ENDPOINTS * 2,
  );
  return items.map((i) => strip<WebhookEndpointRecord>(i)!).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

// One endpoint of the organisation.
export async function getEndpoint(orgId: string, id: string): Promise<WebhookEndpointRecord | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: endpointKey(orgId, id), ConsistentRead: true }));
  return strip<WebhookEndpointRecord>(out.Item);
}

const audit = (orgId: string, actorId: string, action: 'create' | 'update' | 'delete', id: string, summary: string) =>
  auditItem({ orgId, actorId, module: 'Organization', action, recordType: 'Webhook endpoint', recordId: id, summary });

/** Adds an endpoint, within the organisation's limit; false when the limit is reached. */
export async function createEndpoint(record: WebhookEndpointRecord, actorId: string): Promise<boolean> {
  try {
    await transact([
      {
        Update: {
          TableName: table(),
          Key: countKey(record.orgId),
          UpdateExpression: 'SET endpoints = if_not_exists(endpoints, :zero) + :one',
          ConditionExpression: 'attribute_not_exists(endpoints) OR endpoints < :max',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':max': MAX_WEBHOOK_ENDPOINTS },
        },
      },
      { Put: { TableName: table(), Item: { ...endpointKey(record.orgId, record.id), ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
      audit(record.orgId, actorId, 'create', record.id, `Added the webhook endpoint on ${urlHost(record.url)}`),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailure && error.failedAt(0)) return false;
    throw error;
  }
}

/** Changes an endpoint's URL, events, description and whether it is on; false when it does not exist. */
export async function updateEndpoint(
  orgId: string,
  id: string,
  changes: Pick<WebhookEndpointRecord, 'url' | 'events' | 'enabled'> & { description?: string },
  actorId: string,
  at: string,
): Promise<boolean> {
  try {
    await transact([
      {
        Update: {
          TableName: table(),
          Key: endpointKey(orgId, id),
          UpdateExpression: `SET #url = :url, events = :events, enabled = :enabled, updatedAt = :at${changes.description ? ', description = :description' : ''}${changes.description ? '' : ' REMOVE description'}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#url': 'url' },
          ExpressionAttributeValues: {
            ':url': changes.url,
            ':events': changes.events,
            ':enabled': changes.enabled,
            ':at': at,
            ...(changes.description ? { ':description': changes.description } : {}),
          },
        },
      },
      audit(orgId, actorId, 'update', id, `Changed the webhook endpoint on ${urlHost(changes.url)}${changes.enabled ? '' : ' (turned off)'}`),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailure && error.failedAt(0)) return false;
    throw error;
  }
}

/**
 * Removes an endpoint; false when it does not exist. Its pending deliveries are dropped by the
 * worker, which finds the endpoint gone when their turn comes.
 */
export async function deleteEndpoint(orgId: string, endpoint: WebhookEndpointRecord, actorId: string): Promise<boolean> {
  try {
    await transact([
      { Delete: { TableName: table(), Key: endpointKey(orgId, endpoint.id), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: table(),
          Key: countKey(orgId),
          UpdateExpression: 'SET endpoints = endpoints - :one',
          ConditionExpression: 'endpoints > :zero',
          ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
        },
      },
      audit(orgId, actorId, 'delete', endpoint.id, `Removed the webhook endpoint on ${urlHost(endpoint.url)}`),
    ]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailure && error.failedAt(0)) return false;
    throw error;
  }
}

// ---- Events ---------------------------------------------------------------------------------------

/** The public id of the event a change produces: the same change always gives the same id. */
export const eventIdOf = (orgId: string, changeKey: string) => `evt_${createHash('sha256').update(`${orgId}:${changeKey}`).digest('hex').slice(0, 24)}`;
export const eventOutboxId = (eventId: string) => `webhook-event-${eventId}`;

export interface WebhookEventInput<T extends object> {
  orgId: string;
  type: WebhookEventType;
  /** Names the change, e.g. `booking-confirmed-<bookingId>`: the event's id is derived from it. */
  changeKey: string;
  /** The object the event is about, e.g. `booking:<id>`: its events reach each endpoint in order. */
  objectKey: string;
  object: T;
  /** When the change happened. */
  at: string;
}

/**
 * Whether an enabled endpoint of the organisation wants events of `type`. Asked by every write that may
 * cause an event (a public submission among them): cached for a few seconds (./public-cache.ts).
 */
async function anyEndpointWants(orgId: string, type: WebhookEventType): Promise<boolean> {
  const items = await cachedRead(`endpoints:${orgId}`, async () => {
    const out = await ddb.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': endpointsPk(orgId), ':prefix': 'ENDPOINT#' },
        ProjectionExpression: 'events, enabled',
      }),
    );
    return out.Items ?? [];
  });
  return items.some((i) => i.enabled === true && (i.events as string[] | undefined)?.includes(type));
}

/**
 * The outbox row of an event, for the transaction of the change that causes it; none when no enabled
 * endpoint of the organisation wants the type (one small Query).
 */
export async function webhookEventItems<T extends object>(input: WebhookEventInput<T>): Promise<TransactItem[]> {
  if (!(await anyEndpointWants(input.orgId, input.type))) return [];
  const id = eventIdOf(input.orgId, input.changeKey);
  const event: WebhookEventBody = { id, type: input.type, createdAt: input.at, organizationId: input.orgId, data: { object: input.object as Record<string, unknown> } };
  const item = outboxItem(eventOutboxId(id), { kind: 'webhook-event', event, objectKey: input.objectKey }, input.orgId);
  // Until it is fanned out, a later event of the same object waits for it too (earlierDeliveryPending).
  Object.assign(item.Put!.Item!, { gsi3pk: eventsOfObjectPk(input.orgId, input.objectKey), gsi3sk: `${event.createdAt}#${event.id}` });
  return [item];
}

/** The object of payment.succeeded and payment.refunded (README "Webhooks"): shared/webhooks/schemas.ts; the currency as Stripe or the record gives it (paymentEventItems reads it with currencyOf). */
export type PaymentObject = Omit<PaymentEventObject, 'amountMinor' | 'refundedMinor' | 'currency'> & { currency: string };

/**
 * payment.succeeded / payment.refunded, ordered per payment; the amounts also as amountMinor/refundedMinor.
 * A payment that succeeded is also the domain event payment-completed (./events.ts), whether or not an
 * endpoint wants the webhook: every payment recorded comes through here.
 */
export const paymentEventItems = async (orgId: string, type: 'payment.succeeded' | 'payment.refunded', payment: PaymentObject, changeKey: string, at: string): Promise<TransactItem[]> => [
  ...(await webhookEventItems({
    orgId,
    type,
    changeKey,
    objectKey: `payment:${payment.id}`,
    object: { ...payment, currency: currencyOf(payment.currency), amountMinor: payment.amountCents, refundedMinor: payment.refundedCents },
    at,
  })),
  ...(type === 'payment.succeeded'
    ? [eventItem(orgId, changeKey, at, { type: 'payment-completed', paymentId: payment.id, paidFor: payment.for, amountCents: payment.amountCents, currency: payment.currency })]
    : []),
];

/** payment.succeeded for a booking's payment (a Checkout, or a fee charged off-session), keyed by the payment's id. */
export const bookingPaymentSucceededItems = (orgId: string, bookingId: string, payment: { id: string; amountCents: number; currency: string }, at: string): Promise<TransactItem[]> =>
  paymentEventItems(
    orgId,
    'payment.succeeded',
    { object: 'payment', id: payment.id, for: { type: 'booking', id: bookingId }, status: 'succeeded', amountCents: payment.amountCents, refundedCents: 0, currency: payment.currency },
    `payment-succeeded-${payment.id}`,
    at,
  );

// ---- Deliveries -----------------------------------------------------------------------------------

/** Outbox ids of webhook deliveries begin with this (the worker sends them side by side with the rest). */
export const DELIVERY_OUTBOX_PREFIX = 'webhook-dlv_';
export const deliveryIdOf = (eventId: string, endpointId: string) => `dlv_${createHash('sha256').update(`${eventId}#${endpointId}`).digest('hex').slice(0, 24)}`;
export const deliveryOutboxId = (deliveryId: string) => `webhook-${deliveryId}`;
const deliveriesPk = (orgId: string, endpointId: string) => `ORG#${orgId}#WEBHOOK#${endpointId}#DELIVERIES`;
const objectPk = (orgId: string, endpointId: string, objectKey: string) => `ORG#${orgId}#WEBHOOK#${endpointId}#OBJECT#${objectKey}`;
/** The object's events not yet fanned out (any endpoint). */
const eventsOfObjectPk = (orgId: string, objectKey: string) => `ORG#${orgId}#WEBHOOK-EVENTS#OBJECT#${objectKey}`;
const orderKey = (delivery: OutboxWebhookDelivery) => `${delivery.event.createdAt}#${delivery.deliveryId}`;

/** A delivery row as stored: the outbox row, with its log fields. */
export interface DeliveryRow extends OutboxRow {
  tries?: number;
  lastAttemptAt?: string;
  responseStatus?: number;
  tryError?: string;
}

/** The Put of a delivery row (pending, due now): in its endpoint's log and, with an object, in that object's order. */
function deliveryItem(orgId: string, delivery: OutboxWebhookDelivery, now: Date): TransactItem {
  const item = outboxItem(deliveryOutboxId(delivery.deliveryId), { kind: 'webhook-delivery', delivery }, orgId, now);
  Object.assign(item.Put!.Item!, {
    gsi2pk: deliveriesPk(orgId, delivery.endpointId),
    gsi2sk: `${now.toISOString()}#${delivery.deliveryId}`,
    ...(delivery.objectKey ? { gsi3pk: objectPk(orgId, delivery.endpointId, delivery.objectKey), gsi3sk: orderKey(delivery) } : {}),
    tries: 0,
  });
  return item;
}

/**
 * Fans an event out: one delivery row per enabled endpoint that wants its type, each under an id
 * derived from the event and the endpoint, so a fan-out done again (a crash midway) adds nothing twice.
 */
export async function fanOutEvent(orgId: string, event: WebhookEventBody, objectKey: string, now = new Date()): Promise<number> {
  const endpoints = (await listEndpoints(orgId)).filter((e) => e.enabled && e.events.includes(event.type));
  for (const endpoint of endpoints) {
    const delivery: OutboxWebhookDelivery = { deliveryId: deliveryIdOf(event.id, endpoint.id), endpointId: endpoint.id, event, objectKey };
    try {
      await ddb.send(new PutCommand(deliveryItem(orgId, delivery, now).Put as ConstructorParameters<typeof PutCommand>[0]));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return endpoints.length;
}

/** A resend: a new delivery of the same event (same event id) to the same endpoint, outside the per-object order. */
export async function resendDelivery(orgId: string, original: OutboxWebhookDelivery, actorId: string, now = new Date()): Promise<DeliveryRow> {
  const delivery: OutboxWebhookDelivery = { deliveryId: `dlv_${randomId(12).replace(/[^A-Za-z0-9]/g, '0')}`, endpointId: original.endpointId, event: original.event };
  const item = deliveryItem(orgId, delivery, now);
  await transact([item, audit(orgId, actorId, 'create', original.endpointId, `Resent the event ${original.event.id} (${original.event.type})`)]);
  return strip<DeliveryRow>(item.Put!.Item as Item)!;
}

/** Records one try on the delivery row (while the worker holds it); false when the claim was lost. */
export async function recordTry(row: DeliveryRow, token: string, result: { at: string; responseStatus?: number; error?: string }): Promise<boolean> {
  const set = ['tries = if_not_exists(tries, :zero) + :one', 'lastAttemptAt = :at'];
  const remove: string[] = [];
  const values: Record<string, unknown> = { ':zero': 0, ':one': 1, ':at': result.at, ':token': token };
  if (result.responseStatus !== undefined) {
    set.push('responseStatus = :status');
    values[':status'] = result.responseStatus;
  } else remove.push('responseStatus');
  if (result.error) {
    set.push('tryError = :error');
    values[':error'] = result.error;
  } else remove.push('tryError');
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: outboxKey(row.id),
        UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: 'claimToken = :token',
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Whether something sent before this delivery for the same object is still on its way (this one
 * waits): an older delivery to the same endpoint, or an older event of the object not yet fanned out.
 */
export async function earlierDeliveryPending(orgId: string, delivery: OutboxWebhookDelivery): Promise<boolean> {
  if (!delivery.objectKey) return false;
  const pendingBefore = async (pk: string, before: string) => {
    const out = await ddb.send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :mine',
        ExpressionAttributeValues: { ':pk': pk, ':mine': before },
        ProjectionExpression: '#status',
        ExpressionAttributeNames: { '#status': 'status' },
        Limit: 5,
      }),
    );
    // The index may briefly list a row that has just finished: its status says so.
    return (out.Items ?? []).some((i) => i.status === 'pending' || i.status === 'sending');
  };
  return (
    (await pendingBefore(objectPk(orgId, delivery.endpointId, delivery.objectKey), orderKey(delivery))) ||
    (await pendingBefore(eventsOfObjectPk(orgId, delivery.objectKey), `${delivery.event.createdAt}#${delivery.event.id}`))
  );
}

/**
 * After a delivery of an object finished (sent or given up), the next one of that object to that
 * endpoint, waiting behind it, is made due now rather than at its next check.
 */
export async function wakeNextDelivery(orgId: string, delivery: OutboxWebhookDelivery, now = new Date()): Promise<void> {
  if (!delivery.objectKey) return;
  const out = await ddb.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk > :mine',
      ExpressionAttributeValues: { ':pk': objectPk(orgId, delivery.endpointId, delivery.objectKey), ':mine': orderKey(delivery) },
      ProjectionExpression: 'id',
      Limit: 1,
    }),
  );
  const next = out.Items?.[0]?.id as string | undefined;
  if (!next) return;
  const at = now.toISOString();
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: outboxKey(next),
        UpdateExpression: 'SET nextAttemptAt = :at, gsi1sk = :dueSk',
        ConditionExpression: '#status = :pending AND nextAttemptAt > :at',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':at': at, ':dueSk': `${at}#${next}`, ':pending': 'pending' },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export function toDeliveryView(row: DeliveryRow): WebhookDelivery {
  const delivery = (row.payload as { delivery: OutboxWebhookDelivery }).delivery;
  const status = row.status === 'sent' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'pending';
  return {
    id: delivery.deliveryId,
    eventId: delivery.event.id,
    eventType: delivery.event.type,
    status,
    attempts: row.tries ?? 0,
    createdAt: row.createdAt,
    ...(row.lastAttemptAt ? { lastAttemptAt: row.lastAttemptAt } : {}),
    ...(row.responseStatus !== undefined ? { responseStatus: row.responseStatus } : {}),
    ...(row.tryError ? { error: row.tryError } : status === 'failed' && row.lastError && !row.lastAttemptAt ? { error: row.lastError } : {}),
    // Not while a try is under way ('sending'): its next time is set when the try is recorded.
    ...(row.status === 'pending' && (row.tries ?? 0) > 0 ? { nextAttemptAt: row.nextAttemptAt } : {}),
  };
}

// An endpoint's deliveries, newest first, a page at a time.
export async function listDeliveriesPage(orgId: string, endpointId: string, q: { limit: number; cursor?: string }): Promise<Page<WebhookDelivery>> {
  const partition = deliveriesPk(orgId, endpointId);
  const page = await queryPage<Item>(
    {
      TableName: table(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
    },
    { limit: q.limit, cursor: q.cursor, keys: ['gsi2pk', 'gsi2sk', 'pk', 'sk'], partitionValue: partition },
  );
  return { items: page.items.map((i) => toDeliveryView(strip<DeliveryRow>(i)!)), nextCursor: page.nextCursor };
}

// One delivery of one endpoint of the organisation (another organisation's, or another endpoint's: not found).
export async function getDelivery(orgId: string, endpointId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
  if (!/^dlv_[A-Za-z0-9]{1,40}$/.test(deliveryId)) return undefined;
  const row = (await getOutboxRow(deliveryOutboxId(deliveryId)));
  if (!row || row.orgId !== orgId || row.payload.kind !== 'webhook-delivery' || row.payload.delivery.endpointId !== endpointId) return undefined;
  return row;
}
