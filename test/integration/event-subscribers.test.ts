// Issue 35: domain events delivered to their subscribers (functions/domain/events/) by the outbox worker,
// on a stack of this file's own (its DynamoDB Local is paused and killed here, and its worker runs in
// this process with the test subscribers below in place of the registry). An event row is fanned out
// into one row per subscriber that wants its type; each runs its subscriber once, even when its row is
// handed over again and swept; one that throws is retried with the outbox's backoff (half a second
// here) and given up when its error says so, while the others go on; and an event written with its
// change survives DynamoDB Local paused or killed before it was delivered.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import type { DomainEvent } from '../../functions/data/event-types';
import type { Subscriber } from '../../functions/domain/events/subscriber';
import { eventually } from '../support/eventually';

/** What the test subscribers saw: one entry per run of `handle`, by subscriber. */
const runs = vi.hoisted(() => ({ calls: [] as { name: string; eventId: string; attempt: number }[] }));

vi.mock('../../functions/domain/events/registry', () => {
  const record = (name: string) => (event: DomainEvent, delivery: { attempt: number }) => {
    runs.calls.push({ name, eventId: event.id, attempt: delivery.attempt });
    return Promise.resolve();
  };
  const subscribers: Subscriber[] = [
    { name: 'recorder', events: ['time-freed', 'booking-confirmed'], handle: record('recorder') },
    {
      // Fails its first try of each event (a service it calls was down), then works.
      name: 'flaky',
      events: ['time-freed'],
      async handle(event, delivery) {
        await record('flaky')(event, delivery);
        if (delivery.attempt === 1) throw new Error('the waitlist store timed out');
      },
    },
    {
      // Fails twice, then says its failure is for good (given up, never tried again).
      name: 'broken',
      events: ['time-freed'],
      async handle(event, delivery) {
        await record('broken')(event, delivery);
        throw Object.assign(new Error(delivery.attempt >= 3 ? 'refused for good' : 'still failing'), delivery.attempt >= 3 ? { permanent: true } : {});
      },
    },
    { name: 'payments-only', events: ['payment-completed'], handle: record('payments-only') },
  ];
  return { SUBSCRIBERS: subscribers };
});

let stack: LocalStack;
const dataDir = mkdtempSync(join(tmpdir(), 'clinic-events-'));
let events: typeof import('../../functions/data/events');
let outbox: typeof import('../../functions/data/outbox');
let core: typeof import('../../functions/data/core');
let worker: typeof import('../../functions/outbox/run-subscribers');
let domain: typeof import('../../functions/domain/events/deliver');
let dynamo: typeof import('../../functions/data/dynamo');

beforeAll(async () => {
  // A table on disk (so DynamoDB Local killed comes back with its rows), retries after half a second
  // (not 30 s) and a sweep every half second.
  stack = await startLocalStack({ dataDir, port: 0, quiet: true, sesPort: 0, outbox: { sweepMs: 500, retryBaseMs: 500 } });
  // The stack set this process's environment for its handlers: the modules here use the same table.
  [events, outbox, core, worker, domain, dynamo] = await Promise.all([
    import('../../functions/data/events'),
    import('../../functions/data/outbox'),
    import('../../functions/data/core'),
    import('../../functions/outbox/run-subscribers'),
    import('../../functions/domain/events/deliver'),
    import('../../functions/data/dynamo'),
  ]);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const runsOf = (name: string, eventId: string) => runs.calls.filter((c) => c.name === name && c.eventId === eventId);

/** A change and its time-freed event, in one transaction (as places.ts writes them). */
async function freeATime(tag: string) {
  const orgId = `org-${randomUUID().slice(0, 8)}`;
  const at = new Date().toISOString();
  const item = events.eventItem(orgId, `${tag}-cancelled`, at, {
    type: 'time-freed', practitionerId: null, packageId: 'pkg-1', startUtc: '2031-03-04T15:00:00.000Z', endUtc: '2031-03-04T16:00:00.000Z', reason: 'cancelled', freedBy: { type: 'booking', id: tag },
  });
  const key = { pk: `ORG#${orgId}#BOOKING#${tag}`, sk: 'BOOKING' };
  await core.transact([{ Put: { TableName: item.Put!.TableName, Item: { ...key, status: 'cancelled' } } }, item]);
  return { id: item.Put!.Item!.id as string, key };
}

const row = (id: string) => outbox.getOutboxRow(id);
const sentRow = (id: string) => eventually(async () => ((await row(id))?.status === 'sent' ? row(id) : undefined), `${id} sent`, 20_000);

/** The INSERT record the stream carries for a new pending row (what Lambda hands the worker). */
function insertRecord(id: string, createdAt: string, sequence: string) {
  return {
    eventName: 'INSERT' as const,
    dynamodb: {
      SequenceNumber: sequence,
      Keys: { pk: { S: `OUTBOX#${id}` }, sk: { S: 'MESSAGE' } },
      NewImage: { pk: { S: `OUTBOX#${id}` }, sk: { S: 'MESSAGE' }, id: { S: id }, status: { S: 'pending' }, nextAttemptAt: { S: createdAt } },
    },
  };
}

describe('domain event subscribers', () => {
  it('run once each, though the row is handed over twice, swept and fanned out again; a subscriber of other events gets no row', async () => {
    const { id } = await freeATime('b-once');
    const recorded = await sentRow(`${id}:recorder`);
    expect(runsOf('recorder', id)).toEqual([{ name: 'recorder', eventId: id, attempt: 1 }]);
    expect(await row(id)).toMatchObject({ status: 'sent', payload: { kind: 'event', event: { type: 'time-freed', id, v: 1 } } });
    expect(await row(`${id}:payments-only`)).toBeUndefined();

    // The stream hands both rows over again (twice in one batch), the sweep runs, the event is fanned out again.
    const again = [id, `${id}:recorder`].flatMap((rowId, i) => [insertRecord(rowId, recorded.createdAt, `90000000000000000000${i}1`), insertRecord(rowId, recorded.createdAt, `90000000000000000000${i}2`)]);
    expect(await worker.handler({ Records: again } as never)).toEqual({ batchItemFailures: [] });
    await stack.sweepOutbox();
    // Fanned out again as a run that was not recorded would (its rows there already): one by one, each kept.
    await domain.fanOutEvent((await row(id))!, (items) => core.transact(items).then(() => true));
    await stack.sweepOutbox();
    expect(await worker.deliver(`${id}:recorder`)).toBe('skipped');
    expect(runsOf('recorder', id)).toHaveLength(1);
    expect(await row(`${id}:recorder`)).toMatchObject({ status: 'sent', attempts: 1 });
  }, 60_000);

  it('retry one that threw after the pause, and give one up when its error is for good, while the others go on once', async () => {
    const { id } = await freeATime('b-retry');
    const flaky = await sentRow(`${id}:flaky`);
    expect(runsOf('flaky', id).map((r) => r.attempt)).toEqual([1, 2]);
    expect(flaky).toMatchObject({ status: 'sent', attempts: 2, lastError: 'the waitlist store timed out' });

    const broken = await eventually(async () => ((await row(`${id}:broken`))?.status === 'failed' ? row(`${id}:broken`) : undefined), 'broken given up', 20_000);
    expect(broken).toMatchObject({ status: 'failed', attempts: 3, lastError: 'refused for good' });
    expect(runsOf('broken', id).map((r) => r.attempt)).toEqual([1, 2, 3]);
    // The others ran once, whatever the broken one did; nothing is tried again after it was given up.
    expect(runsOf('recorder', id)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(runsOf('broken', id)).toHaveLength(3);
    expect(runsOf('flaky', id)).toHaveLength(2);
    expect(runsOf('recorder', id)).toHaveLength(1);
  }, 60_000);

  it('run in the delivery that fans their event out: their rows are born claimed, never pending for the stream or the sweep to race for', async () => {
    // An event due tomorrow: the stack's worker leaves it alone; this test delivers it as a worker would then.
    const orgId = `org-${randomUUID().slice(0, 8)}`;
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
    const item = events.eventItem(orgId, 'b-born-cancelled', new Date().toISOString(), {
      type: 'time-freed', practitionerId: null, packageId: 'pkg-1', startUtc: '2031-03-04T15:00:00.000Z', endUtc: '2031-03-04T16:00:00.000Z', reason: 'cancelled', freedBy: { type: 'booking', id: 'b-born' },
    });
    const id = item.Put!.Item!.id as string;
    Object.assign(item.Put!.Item!, { nextAttemptAt: tomorrow.toISOString(), gsi1sk: `${tomorrow.toISOString()}#${id}` });
    await core.transact([item]);

    expect(await worker.deliver(id, tomorrow)).toBe('sent');
    // Already run, each once and on its first attempt, when the event's delivery returns.
    expect(runsOf('recorder', id)).toEqual([{ name: 'recorder', eventId: id, attempt: 1 }]);
    expect(runsOf('flaky', id)).toEqual([{ name: 'flaky', eventId: id, attempt: 1 }]);
    // The one that threw is retried with the outbox's backoff (its lease given back), like any row: pending,
    // unless this stack's sweep (every 500 ms) has already taken it for its second try.
    const flaky = await row(`${id}:flaky`);
    expect(flaky).toMatchObject({ lastError: 'the waitlist store timed out' });
    if (runsOf('flaky', id).length === 1 && flaky?.status === 'pending') {
      expect(flaky.attempts).toBe(1);
      expect(flaky.claimToken).toBeUndefined();
    }
    expect(await row(`${id}:recorder`)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await worker.deliver(`${id}:recorder`)).toBe('skipped');
    await sentRow(`${id}:flaky`);
    expect(runsOf('flaky', id).map((r) => r.attempt)).toEqual([1, 2]);
    expect(runsOf('recorder', id)).toHaveLength(1);
  }, 60_000);

  it('a row born claimed by a worker that died is left to that worker until its lease is over, then swept and run once', async () => {
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
    const item = events.eventItem(`org-${randomUUID().slice(0, 8)}`, 'b-dead-cancelled', new Date().toISOString(), {
      type: 'time-freed', practitionerId: null, packageId: 'pkg-1', startUtc: '2031-03-04T15:00:00.000Z', endUtc: '2031-03-04T16:00:00.000Z', reason: 'cancelled', freedBy: { type: 'booking', id: 'b-dead' },
    });
    const id = item.Put!.Item!.id as string;
    Object.assign(item.Put!.Item!, { nextAttemptAt: tomorrow.toISOString(), gsi1sk: `${tomorrow.toISOString()}#${id}` });
    await core.transact([item]);
    // The fan-out's write committed, then its worker died before it ran the row it holds.
    const [born] = events.subscriberRowItems((await row(id))!, ['recorder'], 'dead-worker');
    await core.transact([born]);
    const held = (await row(`${id}:recorder`))!;
    expect(held).toMatchObject({ status: 'sending', attempts: 1, claimToken: 'dead-worker' });
    // Its stream record shows it taken; no worker claims it while the lease runs.
    expect(worker.dueRowOf({ eventName: 'INSERT', dynamodb: { NewImage: { pk: { S: `OUTBOX#${id}:recorder` }, status: { S: 'sending' }, nextAttemptAt: { S: held.nextAttemptAt } } } })).toBeUndefined();
    expect(await worker.deliver(`${id}:recorder`)).toBe('skipped');
    // Once the lease is over it is in the due index and the sweep's claim takes it: run once, on its second attempt.
    const afterLease = new Date(Date.parse(held.leaseUntil!) + 1000);
    expect(await outbox.listDueOutboxIds(afterLease, 1000, 'events')).toContain(`${id}:recorder`);
    expect(await worker.deliver(`${id}:recorder`, afterLease)).toBe('sent');
    expect(runsOf('recorder', id)).toEqual([{ name: 'recorder', eventId: id, attempt: 2 }]);
    expect(await row(`${id}:recorder`)).toMatchObject({ status: 'sent', attempts: 2 });
  }, 60_000);

  it('an event written with its change is delivered once DynamoDB Local, paused right after the change, goes on', async () => {
    const pid = stack.dynamoDbPid()!;
    const { id } = await freeATime('b-paused');
    process.kill(pid, 'SIGSTOP');
    try {
      expect(runsOf('recorder', id)).toEqual([]);
      await new Promise((r) => setTimeout(r, 2000));
      expect(runsOf('recorder', id)).toEqual([]);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await sentRow(`${id}:recorder`);
    expect(runsOf('recorder', id)).toHaveLength(1);
  }, 60_000);

  it('DynamoDB Local killed right after a change keeps the change and its event together: both delivered once, or both gone', async () => {
    const pid = stack.dynamoDbPid()!;
    const { id, key } = await freeATime('b-killed');
    process.kill(pid, 'SIGKILL');
    expect(runsOf('recorder', id)).toEqual([]);
    await eventually(() => (stack.dynamoDbPid() !== pid ? true : undefined), 'DynamoDB Local started again', 60_000, 200);
    const kept = async () => Boolean((await dynamo.ddb.send(new GetCommand({ TableName: dynamo.table(), Key: key, ConsistentRead: true }))).Item);
    const change = await eventually(() => kept().catch(() => undefined), 'DynamoDB Local answering', 30_000, 200);
    const event = await row(id);
    // DynamoDB Local (-sharedDb on disk) may lose its last writes when killed: never one without the other.
    expect(Boolean(event)).toBe(change);
    console.log(`DynamoDB Local killed right after the change: ${change ? 'the change and its event were kept' : 'the change and its event were both lost'}`);
    if (change) {
      await sentRow(`${id}:recorder`);
      expect(runsOf('recorder', id)).toHaveLength(1);
    }
  }, 120_000);
});
