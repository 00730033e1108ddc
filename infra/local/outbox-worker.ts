// The local half of the outbox worker's wiring: what DynamoDB Streams' event source mapping and the
// EventBridge schedule do in AWS. DynamoDB Local implements the Streams API on its own port, so this
// reads the table's stream (every shard, following new ones), hands outbox records to the SAME handler
// Lambda runs (functions/outbox/deliver.ts) in Lambda's event shape, and runs its sweep on a timer.
// Records it could not hand over are not retried here: their rows stay due, and the sweep takes them.
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent } from 'aws-lambda';
import { OUTBOX_PREFIX } from '../../functions/data/outbox';
import { localClientConfig } from './services';

export type OutboxHandler = (event: DynamoDBStreamEvent | ScheduledEvent, context?: { getRemainingTimeInMillis: () => number }) => Promise<unknown>;

export interface OutboxWorkerOptions {
  endpoint: string;
  tableName: string;
  handler: OutboxHandler;
  /** How often each open shard is read. */
  pollMs?: number;
  /** How often the sweep runs (every minute in AWS; more often locally, where retries are tried by hand). */
  sweepMs?: number;
  /**
   * Read the stream from its beginning (a table just created: nothing in it is history) rather than
   * from now on (a kept table: its rows still due are the sweep's).
   */
  fromTrimHorizon?: boolean;
  log?: (line: string) => void;
}

export interface OutboxWorker {
  /** Runs one sweep now (and waits for it). */
  sweep: () => Promise<void>;
  stop: () => Promise<void>;
}

interface ShardState {
  iterator?: string;
  /** The last record handed over: where to go on from when the iterator is lost. */
  lastSequence?: string;
  /** Where to start when there is no iterator and nothing was read yet. */
  start: ShardIteratorType;
  closed: boolean;
}

/** A stream record as Lambda delivers it (dates as epoch seconds, the stream's ARN on each record). */
function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const { dynamodb, ...rest } = record;
  const created = dynamodb?.ApproximateCreationDateTime;
  return {
    ...(rest as DynamoDBRecord),
    eventSourceARN: streamArn,
    dynamodb: {
      ...(dynamodb as DynamoDBRecord['dynamodb']),
      ApproximateCreationDateTime: created instanceof Date ? Math.floor(created.getTime() / 1000) : (created),
    },
  };
}

const isOutboxRecord = (record: StreamRecord) => record.dynamodb?.Keys?.pk?.S?.startsWith(OUTBOX_PREFIX) ?? false;

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const pollMs = options.pollMs ?? 150;
  const sweepMs = options.sweepMs ?? 5_000;
  const log = options.log ?? ((line: string) => console.error(line));
  const config = { ...localClientConfig(options.endpoint), maxAttempts: 1, requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 } };
  const tables = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);

  let stopped = false;
  let streamArn: string | undefined;
  let firstStream = true;
  const firstStart: ShardIteratorType = options.fromTrimHorizon ? 'TRIM_HORIZON' : 'LATEST';
  let shards = new Map<string, ShardState>();
  let lastDescribe = 0;
  /** Whether the last round failed: one line when reading stops, one when it works again. */
  let failing = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let polling: Promise<void> = Promise.resolve();
  let sweeping: Promise<void> | undefined;

  /** The table's current stream and its shards (a re-created table has a new stream). */
  async function describe() {
    const table = (await tables.send(new DescribeTableCommand({ TableName: options.tableName }))).Table;
    const arn = table?.LatestStreamArn;
    if (!arn) throw new Error(`the table ${options.tableName} has no stream`);
    if (arn !== streamArn) {
      // A stream that appears later (the table was created again) is read from its beginning.
      streamArn = arn;
      shards = new Map();
    }
    const start: ShardIteratorType = firstStream ? firstStart : 'TRIM_HORIZON';
    let exclusiveStart: string | undefined;
    const listed = new Set<string>();
    do {
      const out = await streams.send(new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId: exclusiveStart }));
      for (const shard of out.StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        listed.add(id);
        // A shard already closed when the worker starts on a kept table holds only history.
        const history = firstStream && !options.fromTrimHorizon && Boolean(shard.SequenceNumberRange?.EndingSequenceNumber);
        if (!shards.has(id)) shards.set(id, { start, closed: history });
      }
      exclusiveStart = out.StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStart);
    for (const [id, state] of shards) if (state.closed && !listed.has(id)) shards.delete(id);
    firstStream = false;
    lastDescribe = Date.now();
  }

  /**
   * An iterator that expired, or points before the shard's oldest record (DynamoDB Local says so of an
   * iterator taken on an empty shard once another table's records moved its sequence on): start over
   * from the oldest record still there. Its rows being delivered again is harmless (claims are guarded).
   */
  function restartShard(state: ShardState, error: unknown): boolean {
    const name = (error as Error)?.name;
    if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException') return false;
    state.iterator = undefined;
    if (name === 'TrimmedDataAccessException') {
      state.lastSequence = undefined;
      state.start = 'TRIM_HORIZON';
    }
    return true;
  }

  async function readShard(shardId: string, state: ShardState) {
    try {
      await readShardOnce(shardId, state);
    } catch (error) {
      if (!restartShard(state, error)) throw error;
    }
  }

  async function readShardOnce(shardId: string, state: ShardState) {
    if (!state.iterator) {
      const out = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shardId,
          ...(state.lastSequence ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: state.lastSequence } : { ShardIteratorType: state.start }),
        }),
      );
      state.iterator = out.ShardIterator;
      if (!state.iterator) {
        state.closed = true;
        return;
      }
    }
    const out = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: 100 })).catch((error) => {
      state.iterator = undefined;
      throw error;
    });
    const records = out.Records ?? [];
    state.iterator = out.NextShardIterator;
    if (!state.iterator) state.closed = true;
    if (!records.length) return;
    state.lastSequence = records.at(-1)!.dynamodb?.SequenceNumber ?? state.lastSequence;
    const outbox = records.filter(isOutboxRecord).map((r) => toLambdaRecord(r, streamArn!));
    if (outbox.length) {
      await options.handler({ Records: outbox }).catch((error) => log(`Outbox worker: a stream batch failed (${(error as Error).message}); the sweep will deliver its rows.`));
    }
  }

  async function poll() {
    try {
      if (!streamArn || Date.now() - lastDescribe > 1_000) await describe();
      for (const [id, state] of shards) if (!state.closed) await readShard(id, state);
      if (failing) log('Outbox worker: reading the table stream again.');
      failing = false;
    } catch (error) {
      if (!failing) log(`Outbox worker: cannot read the table stream (${(error as Error).name}: ${(error as Error).message}); trying again until it answers.`);
      failing = true;
      lastDescribe = 0;
      for (const state of shards.values()) state.iterator = undefined;
    }
  }

  function schedulePoll() {
    if (stopped) return;
    pollTimer = setTimeout(() => {
      polling = poll().finally(schedulePoll);
    }, failing ? 500 : pollMs);
  }

  async function sweep() {
    if (!sweeping) {
      const remaining = Date.now() + 60_000;
      sweeping = options
        .handler({ source: 'aws.events', 'detail-type': 'Scheduled Event' } as ScheduledEvent, { getRemainingTimeInMillis: () => remaining - Date.now() })
        .then(() => undefined)
        .catch((error) => {
          if (!failing) log(`Outbox worker: the sweep failed (${(error as Error).message}).`);
        })
        .finally(() => (sweeping = undefined));
    }
    await sweeping;
  }

  function scheduleSweep() {
    if (stopped) return;
    sweepTimer = setTimeout(() => void sweep().finally(scheduleSweep), sweepMs);
  }

  schedulePoll();
  scheduleSweep();

  return {
    sweep,
    async stop() {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(sweepTimer);
      // The last poll and sweep, up to 10 s (a stalled table); the timer cleared, not left to hold the process.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all([polling, sweeping]), new Promise((r) => (timer = setTimeout(r, 10_000)))]);
      clearTimeout(timer);
      tables.destroy();
      streams.destroy();
    },
  };
}
