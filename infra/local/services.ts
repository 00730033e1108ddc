// The AWS stand-ins of the embedded stack: DynamoDB Local (AWS's own emulator, run with java),
// s3rver and aws-ses-v2-local. Each binds to 127.0.0.1 on a free port unless told otherwise.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTableCommand, UpdateTimeToLiveCommand, type TableDescription } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { TABLE_INDEXES, TABLE_KEYS, TENANT_INDEX, TTL_ATTRIBUTE } from '../../functions/data/table';

export const ROOT = join(import.meta.dirname, '..', '..');
const DYNAMODB_LOCAL_DIR = join(ROOT, '.cache', 'dynamodb-local');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
}

export interface RunningService {
  endpoint: string;
  /** The service's own process, where it runs in one (DynamoDB Local): fault tests pause or kill it. */
  pid?: number;
  stop: () => Promise<void>;
}

export interface DynamoDbLocalOptions {
  dataDir?: string;
  port?: number;
  /**
   * A process that serves for more than a few minutes (`npm start`, the load benches): the JVM's
   * optimising compiler, which pays its compiling back there. Default: tests' settings (JVM_FLAGS).
   */
  longRunning?: boolean;
  /**
   * Keep it running: when the java process dies unexpectedly it is started again on the same port,
   * then `onRestarted` runs (the in-memory table is gone: create it again). If it cannot be started
   * again, `onFatal` is called.
   */
  supervise?: {
    onRestarted?: () => Promise<void>;
    onFatal?: (error: Error) => void;
    log?: (line: string) => void;
  };
}

/** Unexpected exits in this window beyond this many: something is wrong with java itself, give up. */
const CRASH_WINDOW_MS = 60_000;
const MAX_CRASHES_PER_WINDOW = 5;
const RESTART_TRIES = 3;

interface JavaProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited: () => boolean;
  /** The end of what it wrote to stderr (why it did not start). */
  stderr: () => string;
}

/**
 * Tests: the JVM's client compiler only (no C2) and the serial collector. DynamoDB Local starts on
 * about 30% less CPU and serves a test's requests on less than half of it, since C2's compiling of the
 * hot code costs more than it wins back in runs of minutes (measured on 2 busy cores: 4.7-4.8 s of CPU
 * until it answers against 6.5-8.3 s, then 3.4 s against 8.0-8.2 s for 600 writes and 600 queries). On
 * CI's 2 busy cores CPU is the time, and `npm test` starts it about ten times (the two stacks, the
 * fault tests' own, their restarts).
 * Long runs: C2 as well. Once the hot code is compiled (well within the first minute of steady use) a
 * public form submission's transaction costs DynamoDB Local about 30% less (`npx tsx
 * scripts/bench/tx-cost.ts`: 4.5 against 6.3 ms a transaction at 16 concurrent), and the load bench's
 * submission p50 falls by a third (72-74 against 113 ms).
 */
const JVM_FLAGS = { test: ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'], longRunning: ['-XX:+UseSerialGC'] };

/** The java command line of DynamoDB Local: on disk under `dataDir`, else in memory. */
export function dynamoDbLocalArgs(jar: string, port: number, dataDir: string | undefined, longRunning = false): string[] {
  const storage = dataDir ? ['-sharedDb', '-dbPath', dataDir] : ['-inMemory'];
  const jvm = longRunning ? JVM_FLAGS.longRunning : JVM_FLAGS.test;
  return [`-Djava.library.path=${join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal_lib')}`, '-Xmx512m', ...jvm, '-jar', jar, '-port', String(port), ...storage];
}

function spawnDynamoDbLocal(jar: string, port: number, dataDir: string | undefined, longRunning = false): JavaProcess {
  const child: ChildProcess = spawn(
    'java',
    dynamoDbLocalArgs(jar, port, dataDir, longRunning),
    // DynamoDB Local writes a metadata file into its working directory.
    { stdio: ['ignore', 'ignore', 'pipe'], cwd: dataDir ?? tmpdir() },
  );
  let stderr = '';
  let exited = false;
  child.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    child.on('error', (e) => {
      stderr += String(e);
      exited = true;
      resolve({ code: null, signal: null });
    });
  });
  return { child, exited: exit, hasExited: () => exited, stderr: () => stderr };
}

// Up to 2 minutes: `npm test` starts two stacks at once beside the lint, and a JVM starting on a busy
// 2-core machine took over 30 s (a median of 46 s measured alone under load).
async function waitForDynamoDb(endpoint: string, java: JavaProcess, timeoutMs = 120_000) {
  const probe = new DynamoDBClient(localClientConfig(endpoint));
  try {
    await waitFor(async () => {
      if (java.hasExited()) throw new Error(`DynamoDB Local exited: ${java.stderr() || 'is java installed?'}`);
      await probe.send(new DescribeTableCommand({ TableName: '__probe__' })).catch((e: unknown) => {
        if (!(e instanceof Error) || e.name !== 'ResourceNotFoundException') throw e;
      });
      return true;
    }, 'DynamoDB Local', timeoutMs);
  } finally {
    probe.destroy();
  }
}

export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<RunningService> {
  const jar = join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal.jar');
  if (!existsSync(jar)) {
    throw new Error(`DynamoDB Local is missing (${jar}). Run "npm install" (its postinstall fetches it).`);
  }
  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const endpoint = `http://127.0.0.1:${port}`;
  let java = spawnDynamoDbLocal(jar, port, options.dataDir, options.longRunning);
  await waitForDynamoDb(endpoint, java).catch((error) => {
    java.child.kill('SIGKILL');
    throw error;
  });

  let stopping = false;
  const crashes: number[] = [];
  const supervise = options.supervise;
  const log = supervise?.log ?? ((line: string) => console.error(line));

  async function restart(previous: JavaProcess, how: { code: number | null; signal: NodeJS.Signals | null }) {
    const started = Date.now();
    crashes.push(started);
    while (crashes.length && crashes[0] < started - CRASH_WINDOW_MS) crashes.shift();
    log(`DynamoDB Local (java, pid ${previous.child.pid}) exited unexpectedly (${how.signal ?? `exit code ${how.code}`}); restarting it on port ${port}...`);
    const crashLoop = crashes.length > MAX_CRASHES_PER_WINDOW ? `it exited ${crashes.length} times within a minute` : undefined;
    let reason = crashLoop;
    for (let attempt = 1; !crashLoop && attempt <= RESTART_TRIES; attempt++) {
      if (stopping) return;
      const next = spawnDynamoDbLocal(jar, port, options.dataDir, options.longRunning);
      try {
        await waitForDynamoDb(endpoint, next);
      } catch (error) {
        next.child.kill('SIGKILL');
        reason = (error as Error).message;
        await new Promise((r) => setTimeout(r, 500 * attempt));
        continue;
      }
      if (stopping) {
        next.child.kill('SIGTERM');
        return;
      }
      java = next;
      watch(next);
      await supervise?.onRestarted?.().catch((error) => log(`DynamoDB Local restarted, but setting it up again failed: ${(error as Error).message}`));
      log(`DynamoDB Local is back on port ${port} (pid ${next.child.pid}) after ${Date.now() - started} ms.`);
      return;
    }
    if (stopping) return;
    const fatal = new Error(`DynamoDB Local could not be restarted on port ${port}: ${reason ?? 'unknown error'}`);
    log(fatal.message);
    supervise?.onFatal?.(fatal);
  }

  function watch(current: JavaProcess) {
    void current.exited.then((how) => {
      if (stopping || current !== java || !supervise) return;
      void restart(current, how);
    });
  }
  watch(java);

  return {
    endpoint,
    get pid() {
      return java.child.pid;
    },
    stop: async () => {
      stopping = true;
      if (java.hasExited()) return;
      java.child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([java.exited.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 5_000)))]);
      clearTimeout(timer);
      if (!stopped) {
        java.child.kill('SIGKILL');
        await java.exited;
      }
    },
  };
}

export async function startS3(options: { dataDir: string; port?: number }): Promise<RunningService> {
  const { default: S3rver } = await import('s3rver');
  mkdirSync(options.dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: options.dataDir });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

export async function startSes(options: { port?: number }): Promise<RunningService> {
  const mod = (await import('aws-ses-v2-local')) as unknown as { default: { default?: unknown } | ((c: object) => Promise<Server>) };
  const start = (typeof mod.default === 'function' ? mod.default : (mod.default as { default: (c: object) => Promise<Server> }).default);
  const port = options.port ?? (await freePort());
  const server = await start({ host: '127.0.0.1', port });
  const bound = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Kept-alive connections of the SDK clients would hold close() open.
        server.closeAllConnections();
      }),
  };
}

export function localClientConfig(endpoint: string) {
  return { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
}

const STREAM = { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } as const;

const tenantIndex = {
  IndexName: TENANT_INDEX.name,
  KeySchema: [{ AttributeName: TENANT_INDEX.partition, KeyType: 'HASH' as const }],
  Projection: { ProjectionType: 'KEYS_ONLY' as const },
};

/**
 * Creates the single table (indexes, the tenant index, TTL and a NEW_IMAGE stream for the outbox
 * worker) unless it exists; a table kept from an earlier version gets what it lacks (stream, indexes).
 * True when it was created.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<boolean> {
  const client = new DynamoDBClient(localClientConfig(endpoint));
  try {
    let existing: TableDescription | undefined;
    try {
      existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
    } catch (e) {
      if ((e as Error).name !== 'ResourceNotFoundException') throw e;
    }
    if (existing) {
      await upgradeTable(client, tableName, existing);
      return false;
    }
    const attributes = new Set<string>([TABLE_KEYS.partition, TABLE_KEYS.sort, ...TABLE_INDEXES.flatMap((i) => [i.partition, i.sort]), TENANT_INDEX.partition]);
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: TABLE_KEYS.partition, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sort, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          ...TABLE_INDEXES.map((i) => ({
            IndexName: i.name,
            KeySchema: [
              { AttributeName: i.partition, KeyType: 'HASH' as const },
              { AttributeName: i.sort, KeyType: 'RANGE' as const },
            ],
            Projection: { ProjectionType: 'ALL' as const },
          })),
          tenantIndex,
        ],
        StreamSpecification: STREAM,
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }),
    ).catch(() => undefined);
    return true;
  } finally {
    client.destroy();
  }
}

async function upgradeTable(client: DynamoDBClient, tableName: string, table: TableDescription) {
  if (!table.StreamSpecification?.StreamEnabled) {
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM }));
  }
  // A generic index added after the table was made (gsi4: what erasing a patient finds).
  for (const index of TABLE_INDEXES.filter((i) => !table.GlobalSecondaryIndexes?.some((g) => g.IndexName === i.name))) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [{ AttributeName: index.partition, AttributeType: 'S' }, { AttributeName: index.sort, AttributeType: 'S' }],
        GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.name, KeySchema: [{ AttributeName: index.partition, KeyType: 'HASH' }, { AttributeName: index.sort, KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } } }],
      }),
    );
    await waitFor(async () => {
      const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
      return out.Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.name)?.IndexStatus === 'ACTIVE';
    }, `The ${index.name} index of ${tableName}`, 120_000);
  }
  if (!table.GlobalSecondaryIndexes?.some((i) => i.IndexName === TENANT_INDEX.name)) {
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [{ AttributeName: TENANT_INDEX.partition, AttributeType: 'S' }],
        GlobalSecondaryIndexUpdates: [{ Create: tenantIndex }],
      }),
    );
    // Items written before the index existed are indexed in the background; wait until it is usable.
    await waitFor(async () => {
      const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
      return out.Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === TENANT_INDEX.name)?.IndexStatus === 'ACTIVE';
    }, `The ${TENANT_INDEX.name} index of ${tableName}`, 120_000);
  }
}

export async function ensureBucket(endpoint: string, bucket: string) {
  const client = new S3Client({ ...localClientConfig(endpoint), forcePathStyle: true });
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  client.destroy();
}
