// The outbox's delivery engine, shared by its two workers (functions/data/outbox.ts OutboxLane): the
// deliverer (../deliver.ts: mail, texts, staff notices, refunds, webhooks) and the subscribers' worker
// (../run-subscribers.ts: domain events and their subscribers). Each is its own function, with only the
// permissions its rows need, and gives the engine what one row of its lane does (`perform`); the engine
// claims, retries, gives up and logs every row alike:
//
// A row whose delivery fails is retried with a doubling pause (30 s, 1 min, ... at most 30 min) for a
// day, then given up ('failed', and an error line in the log); an error the lane calls permanent (a
// message SES refuses for good, `permanent: true`) is given up at once. NotToBeSent drops the row with
// its reason, never retried. Two ways in, one handler per worker: the table's stream (a row written
// pending and due is delivered within moments of its transaction) and a sweep every minute over the
// lane's due index (retries, and rows the stream missed).
//
// Webhook rows may wait a turn behind an earlier event of the same object (TryLater). Their tries (up
// to 10 s each, to receivers we do not control) run side by side, next to the other rows, which are
// never held up behind a slow receiver.
import type { Context, DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { config } from '#lib/config';
import { countMetric, errorFields, log, withInvocationLog } from '#lib/log';
import { randomId } from '#lib/passwords';
import { DELIVERY_OUTBOX_PREFIX, wakeNextDelivery } from '../../data/webhooks';
import {
  OUTBOX_PREFIX,
  claimOutboxRow,
  dropOutboxRow,
  failOutboxRow,
  laneOf,
  listDueOutboxIds,
  markOutboxSent,
  moveToOwnLane,
  rescheduleOutboxRow,
  type OutboxLane,
  type OutboxRow,
} from '../../data/outbox';
import type { TransactItem } from '../../data/core';
import { NotToBeSent, TryLater } from './outcomes';

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

/**
 * Marks the row being delivered sent in ONE transaction with `items` (a count that is not idempotent by
 * itself): both happen or neither, so a row delivered again after a crash counts nothing twice. False
 * when the claim was lost (the row's new holder does the work); a failed condition of `items` is thrown
 * (a TransactionFailure indexing them) and the row stays claimed, to be retried or ended by the caller.
 */
export type CompleteRow = (items: readonly TransactItem[]) => Promise<boolean>;

/** What one worker does with the rows of its lane. */
export interface LaneWorker {
  lane: OutboxLane;
  /**
   * Does the row's side effect, or throws (TryLater, NotToBeSent, or any error to retry). `complete`
   * ends the row as sent together with writes that must happen exactly once with it (CompleteRow).
   * It may return rows it wrote born claimed under `token` (an event's subscriber rows): the worker
   * runs each of them next, as if it had just claimed it.
   */
  perform: (row: OutboxRow, token: string, complete: CompleteRow) => Promise<void | readonly OutboxRow[]>;
  /** An error about the row itself that no retry can mend (besides `permanent: true`). */
  isPermanent?: (row: OutboxRow, error: unknown) => boolean;
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

/** The row a stream record names, when the record shows it pending and due, and of `lane`. */
export function dueRowOf(record: DynamoDBRecord, now = new Date(), lane: OutboxLane = 'delivery'): string | undefined {
  if (record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') return undefined;
  const image = record.dynamodb?.NewImage;
  const pk = image?.pk?.S;
  if (!pk?.startsWith(OUTBOX_PREFIX) || image?.status?.S !== 'pending') return undefined;
  const nextAttemptAt = image.nextAttemptAt?.S;
  if (nextAttemptAt && nextAttemptAt > now.toISOString()) return undefined;
  const id = pk.slice(OUTBOX_PREFIX.length);
  return laneOf(id) === lane ? id : undefined;
}

export interface StreamResult {
  /** Records to hand again (Lambda's partial batch response): their row could not be claimed or recorded. */
  batchItemFailures: { itemIdentifier: string }[];
}

export interface SweepResult {
  sent: number;
  retry: number;
  failed: number;
  dropped: number;
  skipped: number;
}

const isStreamEvent = (event: unknown): event is DynamoDBStreamEvent => Array.isArray((event as DynamoDBStreamEvent)?.Records);

/** A worker of one lane: deliver one row, a stream batch, a sweep, and the Lambda handler of both. */
export function outboxWorker(worker: LaneWorker) {
  const { lane } = worker;

  /** Claims the row if it is due, does its side effect, and records what happened. */
  async function deliver(id: string, now = new Date()): Promise<Outcome> {
    const token = randomId(12);
    const row = await claimOutboxRow(id, token, now);
    if (!row) return 'skipped';
    return run(row, token);
  }

  /** A row this worker holds under `token`: its side effect, what happened recorded, then the rows it wrote claimed. */
  async function run(row: OutboxRow, token: string): Promise<Outcome> {
    const { id } = row;
    let completed = false;
    const complete: CompleteRow = async (items) => {
      const held = await markOutboxSent(id, token, new Date(), items);
      completed = true;
      return held;
    };
    let claimed: void | readonly OutboxRow[];
    try {
      claimed = await worker.perform(row, token, complete);
    } catch (error) {
      if (error instanceof NotToBeSent) {
        await dropOutboxRow(id, token, error.reason);
        log.info('Outbox message not sent', { id, kind: row.payload.kind, orgId: row.orgId, reason: error.reason, ...(error.callingCode ? { callingCode: error.callingCode } : {}) });
        countMetric('MessagesDropped', 1, { kind: row.payload.kind, reason: error.reason });
        await afterDone(row);
        return 'dropped';
      }
      const permanent = worker.isPermanent?.(row, error) === true || (error as { permanent?: boolean }).permanent === true;
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
    if (!completed) await markOutboxSent(id, token);
    await afterDone(row);
    // Each on its own: one failing is retried or given up on its own, and the others still run. One the
    // table failed us on stays claimed: the sweep takes it once its lease is over.
    for (const born of claimed ?? []) {
      await run(born, token).catch((error: unknown) => log.warn('Outbox row not processed', { id: born.id, ...errorFields(error) }));
    }
    return 'sent';
  }

  /**
   * Delivers the rows of a batch one after the other, in the order their changes were written (a
   * resent invitation arrives after the first one, whose link it replaces).
   */
  async function onStreamRecords(records: readonly DynamoDBRecord[]): Promise<StreamResult> {
    const byRow = new Map<string, DynamoDBRecord>();
    for (const record of records) {
      const id = dueRowOf(record, new Date(), lane);
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

  /** Delivers the rows of the lane due by now, oldest first, one after the other, a bounded number per run. */
  async function sweep(options: { remainingMs?: () => number } = {}): Promise<SweepResult> {
    const result: SweepResult = { sent: 0, retry: 0, failed: 0, dropped: 0, skipped: 0 };
    const seen = new Set<string>();
    const timeLeft = () => (options.remainingMs ? options.remainingMs() > SWEEP_MARGIN_MS : true);
    const one = async (id: string) => {
      try {
        if (laneOf(id) === lane) result[await deliver(id)]++;
        else {
          // A row due in this lane's partition from before the lanes were split goes to its own worker.
          await moveToOwnLane(id, lane);
          result.skipped++;
        }
      } catch (error) {
        result.skipped++;
        log.warn('Outbox row not processed by the sweep', { id, ...errorFields(error) });
      }
    };
    const webhooks = webhookPool(one);
    while (seen.size < SWEEP_MAX_ROWS && timeLeft()) {
      // The due index is eventually consistent: a row just claimed may still be listed; seen skips it.
      const ids = (await listDueOutboxIds(new Date(), SWEEP_PAGE, lane)).filter((id) => !seen.has(id));
      if (!ids.length) break;
      for (const id of ids) {
        if (!timeLeft()) break;
        seen.add(id);
        if (isWebhookDelivery(id)) await webhooks.add(id);
        else await one(id);
      }
    }
    await webhooks.drain();
    if (result.sent + result.retry + result.failed + result.dropped > 0) log.info('Outbox sweep', { ...(lane === 'delivery' ? {} : { lane }), ...result });
    return result;
  }

  /** DynamoDB Stream batches (filtered to the lane's rows) and the scheduled sweep (EventBridge, every minute). */
  const name = lane === 'delivery' ? 'outbox' : `outbox ${lane}`;
  const handler = async (event: DynamoDBStreamEvent | ScheduledEvent, context?: Pick<Context, 'getRemainingTimeInMillis'> & Partial<Pick<Context, 'awsRequestId'>>) =>
    isStreamEvent(event)
      ? withInvocationLog(context?.awsRequestId, `${name} stream`, () => onStreamRecords(event.Records))
      : withInvocationLog(context?.awsRequestId, `${name} sweep`, () => sweep({ remainingMs: context?.getRemainingTimeInMillis?.bind(context) }));

  return { deliver, onStreamRecords, sweep, handler };
}
