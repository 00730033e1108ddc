// The transactional outbox: a side effect (a mail, a staff notice) is written as a row in the SAME
// transaction as the state change that causes it, under a deterministic id (for example
// `receipt-<paymentId>`), so it happens if and only if the change commits, and a second writer of the
// same change finds the row there already (its transaction is cancelled: the change was made).
// A worker on the table's stream (functions/outbox/, DynamoDB Streams in AWS, the local stream of
// DynamoDB Local on `npm start`) delivers each row once; failed deliveries are retried with backoff
// by a periodic sweep over the due index. Access patterns:
//   a row by id                  pk OUTBOX#<id>   sk MESSAGE
//   rows due for (re)delivery    gsi1pk OUTBOX#DUE   gsi1sk <nextAttemptAt>#<id>   (sparse: pending rows, and
//                                claimed ones under <leaseUntil>#<id>; sent and failed rows leave it)
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookEventBody } from '#shared/webhooks/schemas';
import type { Mail } from '#lib/mail';
import { ddb, table } from './dynamo';
import { TransactionFailure, isConditionFailure, strip, transact, type TransactItem } from './core';
import type { NotifyInput } from './notice';
import type { DomainEvent } from './event-types';
import { aboutPartition, recipientPartition, updateIfThere } from './patients';
import { normaliseEmail, normalisePhone } from '#shared/patients/normalise';

export const OUTBOX_PREFIX = 'OUTBOX#';
export const OUTBOX_DUE_PARTITION = 'OUTBOX#DUE';

/**
 * Two workers share the outbox, each with its own function and permissions: 'delivery'
 * (functions/outbox/deliver.ts: mail, texts, notices, refunds, webhooks) and 'events'
 * (functions/outbox/run-subscribers.ts: domain events and their subscribers' rows, whose ids all begin
 * with EVENT_ROW_PREFIX, functions/data/events.ts). Each lane has its own due partition, so a sweep never
 * pages through the other's rows, nor is held up behind them.
 */
export type OutboxLane = 'delivery' | 'events';
export const EVENT_ROW_PREFIX = 'event-';
export const laneOf = (id: string): OutboxLane => (id.startsWith(EVENT_ROW_PREFIX) ? 'events' : 'delivery');
export const duePartitionOf = (lane: OutboxLane) => (lane === 'events' ? `${OUTBOX_DUE_PARTITION}#EVENTS` : OUTBOX_DUE_PARTITION);

export const outboxKey = (id: string) => ({ pk: `${OUTBOX_PREFIX}${id}`, sk: 'MESSAGE' });

export type OutboxPayload =
  /**
   * A mail; `typedRecipient`: to an address a stranger typed on a public page, so it counts against
   * that address's daily cap (functions/data/mail-guard.ts) and is dropped beyond it.
   */
  | { kind: 'mail'; mail: Mail; typedRecipient?: boolean }
  /** In-app notifications to the organisation's staff, fanned out to the members when delivered. */
  | { kind: 'staff-notice'; notice: NotifyInput }
  /** A text message to a patient (reminders, where the clinic turned them on). */
  | { kind: 'sms'; sms: OutboxSms }
  /** A Stripe refund (a patient's cancellation within the policy); Stripe's charge.refunded event records it. */
  | { kind: 'refund'; refund: OutboxRefund }
  /** An event for the organisation's webhook endpoints: fanned out to one 'webhook-delivery' row per endpoint that wants it. */
  | { kind: 'webhook-event'; event: WebhookEventBody; objectKey: string }
  /** One event POSTed, signed, to one endpoint (functions/data/webhooks.ts keeps its delivery log on the row). */
  | { kind: 'webhook-delivery'; delivery: OutboxWebhookDelivery }
  /** A domain event (./events.ts): fanned out to one 'subscriber' row per subscriber that wants its type. */
  | { kind: 'event'; event: DomainEvent }
  /** One event for one subscriber (functions/domain/events/registry.ts names them). */
  | { kind: 'subscriber'; subscriber: string; event: DomainEvent };

export interface OutboxWebhookDelivery {
  deliveryId: string;
  endpointId: string;
  event: WebhookEventBody;
  /** The object the event is about (`booking:<id>`): deliveries of one object to one endpoint go in order. Absent on resends. */
  objectKey?: string;
}

export interface OutboxRefund {
  paymentIntentId: string;
  amountCents: number;
  metadata: Record<string, string>;
  /** Stripe's idempotency key: a delivery tried again returns the first refund, never a second. */
  idempotencyKey: string;
}

export interface OutboxSms {
  /** E.164 phone number. */
  to: string;
  message: string;
  senderName?: string;
}

/** 'dropped': not sent on purpose (a suppressed address, a recipient's cap, a country SMS may not go to). */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dropped';

export interface OutboxRow {
  id: string;
  orgId?: string;
  payload: OutboxPayload;
  status: OutboxStatus;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  lastError?: string;
  sentAt?: string;
  failedAt?: string;
  /** Why a dropped row was not sent. */
  droppedReason?: string;
  /** A mail to a typed address was counted against its cap (a delivery tried again counts it no more). */
  recipientCounted?: boolean;
  /** While a worker holds the row ('sending'): its claim and until when it holds it. */
  claimToken?: string;
  leaseUntil?: string;
}

/**
 * The Put of a new outbox row, for the transaction of the change that causes it. It fails its
 * condition when a row with this id exists: the change it belongs to was made already.
 * `claimedBy`: the row is born claimed by a worker that runs it right after this write (its first
 * attempt, under that worker's token and lease, as claimOutboxRow leaves a row): neither the stream nor
 * the sweep races that worker for it, and if the worker dies the sweep takes it once the lease is over.
 */
export function outboxItem(id: string, payload: OutboxPayload, orgId?: string, now = new Date(), claimedBy?: string): TransactItem {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString();
  const row: OutboxRow = {
    id, ...(orgId ? { orgId } : {}), payload, createdAt: at, nextAttemptAt: at,
    ...(claimedBy ? { status: 'sending', attempts: 1, claimToken: claimedBy, leaseUntil } : { status: 'pending', attempts: 0 }),
  };
  return {
    Put: {
      TableName: table(),
      Item: {
        ...outboxKey(id), gsi1pk: duePartitionOf(laneOf(id)), gsi1sk: dueSortKey(claimedBy ? leaseUntil : at, id),
        ...recipientIndex(payload, orgId, `${at}#${id}`), ...aboutIndex(payload, orgId, `${at}#${id}`), ...row,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * A patient mail or text is listed under its address (gsi2, ./patients.ts): the patient's record shows
 * what was sent to them, and erasing them finds every body to blank. Staff mails are not listed.
 */
function recipientIndex(payload: OutboxPayload, orgId: string | undefined, sort: string) {
  if (!orgId) return {};
  const address = payload.kind === 'mail' && payload.mail.fromClinic ? normaliseEmail(payload.mail.to) : payload.kind === 'sms' ? normalisePhone(payload.sms.to) : null;
  return address ? { gsi2pk: recipientPartition(orgId, address), gsi2sk: sort } : {};
}

/** The first `email` a value holds (an event's patient, a webhook object's, a series' first visit's). */
function emailIn(value: unknown, depth = 0): string | undefined {
  if (!value || typeof value !== 'object' || depth > 5) return undefined;
  const own = (value as Record<string, unknown>).email;
  if (typeof own === 'string' && own.trim()) return own;
  for (const v of Object.values(value)) {
    const found = emailIn(v, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Events, subscriber rows, webhook rows and staff notices carry the patient's name and contact in their
 * payload (and are kept after delivery for retries and the delivery log): indexed under the patient's
 * email, so an erasure finds them all, pending or delivered. Mails and texts are found by their recipient (gsi2).
 */
function aboutIndex(payload: OutboxPayload, orgId: string | undefined, sort: string) {
  if (!orgId) return {};
  const email = normaliseEmail(aboutEmailOf(payload));
  return email ? { gsi4pk: aboutPartition(orgId, email), gsi4sk: sort } : {};
}

/** The patient's email a row's payload carries (the about index's key), as written. */
function aboutEmailOf(payload: OutboxPayload): string | undefined {
  if (payload.kind === 'staff-notice') return payload.notice.about;
  const carried = payload.kind === 'event' || payload.kind === 'subscriber' || payload.kind === 'webhook-event' ? payload.event : payload.kind === 'webhook-delivery' ? payload.delivery.event : undefined;
  return emailIn(carried);
}

/**
 * Whom the deliverer's row would name or reach, and since when (data/erasures.ts): a patient's mail or
 * text by its recipient, a webhook row by the patient its object carries (at its event's time), a staff
 * notice by the patient it is about. Undefined: the row is about no patient.
 */
export function personOfRow(row: OutboxRow): { email?: string | null; phone?: string | null; at: string } | undefined {
  const { payload } = row;
  if (payload.kind === 'mail') return payload.mail.fromClinic ? { email: payload.mail.to, at: row.createdAt } : undefined;
  if (payload.kind === 'sms') return { phone: payload.sms.to, at: row.createdAt };
  const email = aboutEmailOf(payload);
  if (!email) return undefined;
  const at = payload.kind === 'webhook-event' ? payload.event.createdAt : payload.kind === 'webhook-delivery' ? payload.delivery.event.createdAt : row.createdAt;
  return { email, at };
}

/** A mail to send once the change commits; `typedRecipient` for an address typed on a public page (capped). */
export const outboxMail = (id: string, mail: Mail, orgId?: string, typedRecipient = false) =>
  outboxItem(id, { kind: 'mail', mail, ...(typedRecipient ? { typedRecipient } : {}) }, orgId);

/** A text message to send once the change commits. */
export const outboxSms = (id: string, sms: OutboxSms, orgId?: string) => outboxItem(id, { kind: 'sms', sms }, orgId);

/** A Stripe refund to create once the change commits. */
export const outboxRefund = (id: string, refund: OutboxRefund, orgId: string) => outboxItem(id, { kind: 'refund', refund }, orgId);

/** Staff notifications to write once the change commits (recipients are chosen when delivered). */
export const outboxNotice = (id: string, orgId: string, notice: NotifyInput) => outboxItem(id, { kind: 'staff-notice', notice }, orgId);

// ---- Delivery (functions/outbox/deliver.ts) ---------------------------------------------------
// A delivery claims its row (pending -> sending, under a token of its own and a lease), does the side
// effect, then marks the row sent, or puts it back as pending for later, or gives up ('failed'); each
// of these moves is conditional on the claim token, so a delivery whose lease ran out and was taken
// over changes nothing. A claimed row stays in the due index under its lease's end: if the worker
// dies mid-delivery, the sweep finds the row again once the lease is over.

/** How long a claimed row is left to its worker (longer than the worker function's timeout). */
export const OUTBOX_LEASE_MS = 2 * 60_000;

const dueSortKey = (at: string, id: string) => `${at}#${id}`;
const shortError = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 500);

/**
 * Claims a row for delivery when it is due (pending and its time has come, or claimed by a worker
 * whose lease is over): the row as claimed, or undefined when it is not due (sent, taken, not yet).
 */
export async function claimOutboxRow(id: string, token: string, now = new Date()): Promise<OutboxRow | undefined> {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString();
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: outboxKey(id),
        UpdateExpression: 'SET #status = :sending, attempts = attempts + :one, claimToken = :token, leaseUntil = :lease, gsi1pk = :due, gsi1sk = :dueSk',
        ConditionExpression: 'attribute_exists(pk) AND ((#status = :pending AND nextAttemptAt <= :now) OR (#status = :sending AND leaseUntil <= :now))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':sending': 'sending', ':pending': 'pending', ':one': 1, ':token': token, ':lease': leaseUntil, ':now': at,
          ':due': duePartitionOf(laneOf(id)), ':dueSk': dueSortKey(leaseUntil, id),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return strip<OutboxRow>(out.Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * The moves that end a claim; false when the claim was lost (another worker took the row over).
 * `also`: writes that happen with the move or not at all (one transaction; a failed condition of theirs
 * is thrown as a TransactionFailure whose codes index `also`).
 */
async function endClaim(id: string, token: string, set: string, values: Record<string, unknown>, remove: string, also: readonly TransactItem[] = []): Promise<boolean> {
  const update = {
    TableName: table(),
    Key: outboxKey(id),
    UpdateExpression: `SET ${set} REMOVE claimToken, leaseUntil${remove ? `, ${remove}` : ''}`,
    ConditionExpression: 'claimToken = :token',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':token': token, ...values },
  };
  try {
    if (!also.length) await ddb.send(new UpdateCommand(update));
    else await transact([{ Update: update }, ...also]);
    return true;
  } catch (error) {
    if (error instanceof TransactionFailure) {
      if (error.failedAt(0)) return false;
      throw new TransactionFailure(error.codes.slice(1), error.original);
    }
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A finished row leaves the due index (gsi1), and a webhook delivery also leaves the index of the
 * deliveries still pending for its object (gsi3, functions/data/webhooks.ts).
 */
const DONE_REMOVES = 'gsi1pk, gsi1sk, gsi3pk, gsi3sk';

/**
 * The side effect happened: the row is done and leaves the due index. `also`: writes that must happen
 * exactly once with it (a subscriber's count: functions/domain/events/subscriber.ts Delivery.complete).
 */
export const markOutboxSent = (id: string, token: string, now = new Date(), also: readonly TransactItem[] = []) =>
  endClaim(id, token, '#status = :sent, sentAt = :at', { ':sent': 'sent', ':at': now.toISOString() }, DONE_REMOVES, also);

/** The delivery failed for now: pending again, due at `nextAttemptAt`. */
export const rescheduleOutboxRow = (id: string, token: string, nextAttemptAt: Date, error: unknown) =>
  endClaim(
    id,
    token,
    '#status = :pending, nextAttemptAt = :next, gsi1pk = :due, gsi1sk = :dueSk, lastError = :error',
    { ':pending': 'pending', ':next': nextAttemptAt.toISOString(), ':due': duePartitionOf(laneOf(id)), ':dueSk': dueSortKey(nextAttemptAt.toISOString(), id), ':error': shortError(error) },
    '',
  );

/** Given up on (refused for good, or failing for too long): kept for a person to look at, never retried. */
export const failOutboxRow = (id: string, token: string, error: unknown, now = new Date()) =>
  endClaim(id, token, '#status = :failed, failedAt = :at, lastError = :error', { ':failed': 'failed', ':at': now.toISOString(), ':error': shortError(error) }, DONE_REMOVES);

/** Not sent on purpose (suppressed address, recipient cap, SMS country): kept with its reason, never retried. */
export const dropOutboxRow = (id: string, token: string, reason: string, now = new Date()) =>
  endClaim(id, token, '#status = :dropped, droppedAt = :at, droppedReason = :reason', { ':dropped': 'dropped', ':at': now.toISOString(), ':reason': reason }, DONE_REMOVES);

// Rows of a lane due for (re)delivery by now, oldest first: the lane's due index up to `now`.
export async function listDueOutboxIds(now: Date, limit: number, lane: OutboxLane = 'delivery'): Promise<string[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :due AND gsi1sk <= :upTo',
      ExpressionAttributeValues: { ':due': duePartitionOf(lane), ':upTo': `${now.toISOString()}#\uffff` },
      ProjectionExpression: 'id',
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => item.id as string);
}

// A row found in the other lane's due partition (written before the lanes were split) moves to its own:
// the update is also a stream record, so its own worker takes it at once. Done again, it changes nothing.
export async function moveToOwnLane(id: string, from: OutboxLane): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table(),
        Key: outboxKey(id),
        UpdateExpression: 'SET gsi1pk = :own',
        ConditionExpression: 'gsi1pk = :from',
        ExpressionAttributeValues: { ':own': duePartitionOf(laneOf(id)), ':from': duePartitionOf(from) },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

// A row by id (tests and support).
export async function getOutboxRow(id: string): Promise<OutboxRow | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: outboxKey(id), ConsistentRead: true }));
  return strip<OutboxRow>(out.Item);
}

/**
 * A row whose person was erased (domain/patients): its payload replaced by the blanked one. Still pending,
 * it is dropped (never delivered with a blank patient) and leaves the due, per-object and about indexes;
 * claimed or done, it keeps its status and delivery log and leaves only the about index.
 */
export async function replaceErasedPayload(key: { pk: string; sk: string }, payload: OutboxPayload): Promise<void> {
  try {
    await ddb.send(new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET payload = :p, #s = :dropped, droppedReason = :why REMOVE gsi1pk, gsi1sk, gsi3pk, gsi3sk, gsi4pk, gsi4sk',
      ConditionExpression: '#s = :pending',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':p': payload, ':dropped': 'dropped', ':why': 'The patient was erased', ':pending': 'pending' },
    }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await updateIfThere(key, 'SET payload = :p REMOVE gsi4pk, gsi4sk', { ':p': payload });
  }
}
