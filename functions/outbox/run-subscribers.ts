// The subscribers' worker: the outbox rows of the 'events' lane (functions/data/outbox.ts), run in a
// function of their own so the deliverer (./deliver.ts) carries none of the subscribers' code, and this
// one none of mail, texts, Stripe or webhook signing: it may only read and write the table (a
// subscriber sends mail by writing an outbox row, which the deliverer sends). An event row is fanned
// out into one row per subscriber that wants its type; a subscriber's row runs that subscriber
// (functions/domain/events/deliver.ts). Both are claimed, retried, given up and logged like every
// outbox row (./lib/engine.ts), from the table's stream (filtered to this lane, infra/constructs/outbox.ts)
// and a sweep every minute over the lane's due index. Locally infra/local/outbox-worker.ts feeds it.
import type { DynamoDBRecord } from 'aws-lambda';
import type { OutboxRow } from '../data/outbox';
import { fanOutEvent, runSubscriber } from '../domain/events/deliver';
import { dueRowOf as dueRowOfLane, outboxWorker, type CompleteRow } from './lib/engine';

// An event's subscriber rows are born claimed by this worker and run by it next (engine.ts perform).
async function perform(row: OutboxRow, token: string, complete: CompleteRow): Promise<void | readonly OutboxRow[]> {
  if (row.payload.kind === 'event') return fanOutEvent(row, complete, token);
  if (row.payload.kind === 'subscriber') return runSubscriber(row, complete);
  throw new Error(`Not an event row: ${row.payload.kind}`);
}

const worker = outboxWorker({ lane: 'events', perform });

/** Claims the event or subscriber row if it is due, runs it, and records what happened. */
export const deliver = worker.deliver;
export const onStreamRecords = worker.onStreamRecords;
export const sweep = worker.sweep;
/** The event or subscriber row a stream record names, when it is pending and due. */
export const dueRowOf = (record: DynamoDBRecord, now = new Date()) => dueRowOfLane(record, now, 'events');

/** DynamoDB Stream batches (filtered to event rows) and the scheduled sweep (EventBridge, every minute). */
export const handler = worker.handler;
