// The outbox worker: delivers each outbox row (functions/data/outbox.ts) once in effect. (The
// reminders that are due and the unpaid holds whose time ran out are swept by a function of their
// own, functions/outbox/sweeps.ts, on the same minute.) Two ways in,
// one handler: the table's stream (a row written pending and due is delivered within moments of its
// transaction) and a sweep every minute over the due index (retries, and rows the stream missed).
// Locally the same handler is fed by infra/local/outbox-worker.ts.
//
// A mail whose delivery fails is retried with a doubling pause (30 s, 1 min, ... at most 30 min) for
// a day, then given up ('failed', and an error line in the log); a message SES refuses for good
// (malformed or rejected address) is given up at once. A staff notice writes one notification per
// member under ids derived from the row, so a repeated delivery writes nothing new.
//
// A mail's HTML part is laid out as it goes, in its organisation's name, logo and colour
// (functions/lib/mail-layout.ts); the rows hold only the text.
//
// Before a mail or SMS goes, ./lib/guards.ts checks it may (issue 28): a suppressed address, a typed
// address past its daily cap, or a number outside the clinic's SMS countries is not sent: the row is
// 'dropped' with its reason (metric MessagesDropped), never retried.
//
// A domain event (functions/domain/events/) is fanned out into one row per subscriber; each of those
// runs its subscriber and is retried, given up and logged on its own, like a mail.
//
// Webhook rows (./lib/webhooks.ts) follow their own retry schedule and may wait a turn behind an
// earlier event of the same object. Their tries (up to 10 s each, to receivers we do not control) run
// side by side, next to the other rows, which are never held up behind a slow receiver.
import type { Context, DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { config } from '#lib/config';
import { countMetric, errorFields, log, withInvocationLog } from '#lib/log';
import { isPermanentMailRefusal, sendMail, type Mail } from '#lib/mail';
import { randomId } from '#lib/passwords';
import { sendSms } from '#lib/sms';
import { createRefund } from '#lib/stripe';
import { notifyStaffOnce } from '../data/notifications';
import { getOrganization, mailBrandOf, mailSenderOf } from '../data/organizations';
import { DELIVERY_OUTBOX_PREFIX, wakeNextDelivery } from '../data/webhooks';
import { deliverWebhook, fanOut, TryLater } from './lib/webhooks';
import { checkBeforeSending, NotToBeSent } from './lib/guards';
import { fanOutEvent, runSubscriber } from '../domain/events/deliver';
import {
  OUTBOX_PREFIX,
  claimOutboxRow,
  dropOutboxRow,
  failOutboxRow,
  listDueOutboxIds,
  markOutboxSent,
  rescheduleOutboxRow,
  type OutboxRow,
} from '../data/outbox';

const RETRY_MAX_MS = 30 * 60_000;
/** How long a row is retried before it is given up. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Rows one sweep looks at, at most. */
const SWEEP_MAX_ROWS = 200;
const SWEEP_PAGE = 25;
/** A sweep stops taking rows this long before the function's timeout. */
const SWEEP_MARGIN_MS = 15_000;

export type Outcome = 'sent' | 'retry' | 'failed' | 'dropped' | 'skipped';

/** The pause before attempt `attempts + 1`. */
export const retryDelayMs = (attempts: number) => Math.min(RETRY_MAX_MS, config.services.outboxRetryBaseMs * 2 ** Math.max(0, attempts - 1));

/** Webhook tries under way at once, at most (each may wait 10 s on its receiver). */
const WEBHOOK_CONCURRENCY = 10;

async function perform(row: OutboxRow, token: string): Promise<void> {
  const { payload } = row;
  if (payload.kind === 'webhook-event') return fanOut(row);
  if (payload.kind === 'webhook-delivery') return deliverWebhook(row, token);
  if (payload.kind === 'event') return fanOutEvent(row);
  if (payload.kind === 'subscriber') return runSubscriber(row);
  await checkBeforeSending(row, token);
  if (payload.kind === 'mail') return sendMail(await asOrganisationSends(payload.mail, row.orgId));
  if (payload.kind === 'sms') {
    await sendSms(payload.sms.to, payload.sms.message, payload.sms.senderName);
    return;
  }
  if (payload.kind === 'refund') {
    const { refund } = payload;
    await createRefund({ paymentIntentId: refund.paymentIntentId, amountCents: refund.amountCents, metadata: refund.metadata, idempotencyKey: refund.idempotencyKey });
    return;
  }
  if (payload.kind === 'staff-notice') {
    if (!row.orgId) throw new Error('A staff notice without an organisation');
    await notifyStaffOnce(row.orgId, payload.notice, { id: row.id, createdAt: row.createdAt });
    return;
  }
  throw new Error(`Unknown outbox payload ${(payload as { kind?: string }).kind}`);
}

/**
 * A clinic's mail as it goes: in its layout (name, logo and colour as they are now, issue 26) and, for
 * a mail to a patient, from the clinic's name with its contact address as Reply-To (issue 34). A mail
 * of no organisation, or of one since deleted, takes the product's layout and sender.
 */
async function asOrganisationSends(mail: Mail, orgId: string | undefined): Promise<Mail> {
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) return mail;
  return { ...mail, brand: mailBrandOf(org), ...(mail.fromClinic ? { sender: mailSenderOf(org) } : {}) };
}

/** Claims the row if it is due, does its side effect, and records what happened. */
export async function deliver(id: string, now = new Date()): Promise<Outcome> {
  const token = randomId(12);
  const row = await claimOutboxRow(id, token, now);
  if (!row) return 'skipped';
  try {
    await perform(row, token);
  } catch (error) {
    if (error instanceof NotToBeSent) {
      await dropOutboxRow(id, token, error.reason);
      log.info('Outbox message not sent', { id, kind: row.payload.kind, orgId: row.orgId, reason: error.reason, ...(error.callingCode ? { callingCode: error.callingCode } : {}) });
      countMetric('MessagesDropped', 1, { kind: row.payload.kind, reason: error.reason });
      return 'dropped';
    }
    const permanent = (row.payload.kind === 'mail' && isPermanentMailRefusal(error)) || (error as { permanent?: boolean }).permanent === true;
    const tooOld = Date.now() - Date.parse(row.createdAt) >= GIVE_UP_AFTER_MS;
    const detail = { id, kind: row.payload.kind, attempts: row.attempts, orgId: row.orgId };
    if (permanent || tooOld) {
      await failOutboxRow(id, token, error);
      log.error(permanent ? 'Outbox row refused for good, not retried' : 'Outbox row failed for a day, given up', error, detail);
      countMetric('OutboxGivenUp', 1, { kind: row.payload.kind, orgId: row.orgId });
      await afterDone(row);
      return 'failed';
    }
    const next = new Date(Date.now() + (error instanceof TryLater ? error.delayMs : retryDelayMs(row.attempts)));
    await rescheduleOutboxRow(id, token, next, error);
    // A receiver that fails is the clinic's to look at (the delivery log shows it), not our error.
    if (error instanceof TryLater) {
      if (!error.quiet) log.info('Webhook delivery failed, will retry', { ...detail, reason: error.message, nextAttemptAt: next.toISOString() });
    } else log.warn('Outbox delivery failed, will retry', { ...detail, ...errorFields(error), nextAttemptAt: next.toISOString() });
    return 'retry';
  }
  // Lost claim (another worker took the row after our lease ran out): it is recorded by that one.
  await markOutboxSent(id, token);
  await afterDone(row);
  return 'sent';
}

/** A webhook delivery done with (sent or given up): the next event of its object to its endpoint may go. */
async function afterDone(row: OutboxRow): Promise<void> {
  if (row.payload.kind === 'webhook-delivery' && row.orgId) await wakeNextDelivery(row.orgId, row.payload.delivery);
}

const isWebhookDelivery = (id: string) => id.startsWith(DELIVERY_OUTBOX_PREFIX);

/**
 * Runs webhook deliveries side by side (at most WEBHOOK_CONCURRENCY at once) while the caller goes on
 * with the other rows; `drain` waits for the ones started.
 */
function webhookPool(run: (id: string) => Promise<void>) {
  const running = new Set<Promise<void>>();
  return {
    async add(id: string) {
      while (running.size >= WEBHOOK_CONCURRENCY) await Promise.race(running);
      const task = run(id).finally(() => running.delete(task));
      running.add(task);
    },
    drain: () => Promise.all(running).then(() => undefined),
  };
}

/** The row a stream record names, when the record shows it pending and due. */
export function dueRowOf(record: DynamoDBRecord, now = new Date()): string | undefined {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return undefined;
  const image = record.dynamodb?.NewImage;
  const pk = image?.pk?.S;
  if (!pk?.startsWith(OUTBOX_PREFIX) || image?.status?.S !== 'pending') return undefined;
  const nextAttemptAt = image.nextAttemptAt?.S;
  if (nextAttemptAt && nextAttemptAt > now.toISOString()) return undefined;
  return pk.slice(OUTBOX_PREFIX.length);
}

export interface StreamResult {
  /** Records to hand again (Lambda's partial batch response): their row could not be claimed or recorded. */
  batchItemFailures: { itemIdentifier: string }[];
}

/**
 * Delivers the rows of a batch one after the other, in the order their changes were written (a
 * resent invitation arrives after the first one, whose link it replaces).
 */
export async function onStreamRecords(records: readonly DynamoDBRecord[]): Promise<StreamResult> {
  const byRow = new Map<string, DynamoDBRecord>();
  for (const record of records) {
    const id = dueRowOf(record);
    if (id && !byRow.has(id)) byRow.set(id, record);
  }
  const failed: string[] = [];
  const one = async (id: string) => {
    try {
      await deliver(id);
    } catch (error) {
      // The table itself failed us (the side effect's own failures are recorded on the row).
      log.warn('Outbox stream record not processed', { id, ...errorFields(error) });
      const sequence = byRow.get(id)?.dynamodb?.SequenceNumber;
      if (sequence) failed.push(sequence);
    }
  };
  const webhooks = webhookPool(one);
  for (const id of byRow.keys()) {
    if (isWebhookDelivery(id)) await webhooks.add(id);
    else await one(id);
  }
  await webhooks.drain();
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}

export interface SweepResult {
  sent: number;
  retry: number;
  failed: number;
  dropped: number;
  skipped: number;
}

/** Delivers the rows due by now, oldest first, one after the other, a bounded number per run. */
export async function sweep(options: { remainingMs?: () => number } = {}): Promise<SweepResult> {
  const result: SweepResult = { sent: 0, retry: 0, failed: 0, dropped: 0, skipped: 0 };
  const seen = new Set<string>();
  const timeLeft = () => (options.remainingMs ? options.remainingMs() > SWEEP_MARGIN_MS : true);
  const one = async (id: string) => {
    try {
      result[await deliver(id)]++;
    } catch (error) {
      result.skipped++;
      log.warn('Outbox row not processed by the sweep', { id, ...errorFields(error) });
    }
  };
  const webhooks = webhookPool(one);
  while (seen.size < SWEEP_MAX_ROWS && timeLeft()) {
    // The due index is eventually consistent: a row just claimed may still be listed; seen skips it.
    const ids = (await listDueOutboxIds(new Date(), SWEEP_PAGE)).filter((id) => !seen.has(id));
    if (!ids.length) break;
    for (const id of ids) {
      if (!timeLeft()) break;
      seen.add(id);
      if (isWebhookDelivery(id)) await webhooks.add(id);
      else await one(id);
    }
  }
  await webhooks.drain();
  if (result.sent + result.retry + result.failed + result.dropped > 0) log.info('Outbox sweep', { ...result });
  return result;
}

const isStreamEvent = (event: unknown): event is DynamoDBStreamEvent => Array.isArray((event as DynamoDBStreamEvent)?.Records);

/** DynamoDB Stream batches (filtered to outbox rows) and the scheduled sweep (EventBridge, every minute). */
export const handler = async (event: DynamoDBStreamEvent | ScheduledEvent, context?: Pick<Context, 'getRemainingTimeInMillis'> & Partial<Pick<Context, 'awsRequestId'>>) =>
  isStreamEvent(event)
    ? withInvocationLog(context?.awsRequestId, 'outbox stream', () => onStreamRecords(event.Records))
    : withInvocationLog(context?.awsRequestId, 'outbox sweep', () => sweep({ remainingMs: context?.getRemainingTimeInMillis?.bind(context) }));
