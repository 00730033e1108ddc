// The AWS stand-ins of the embedded stack: DynamoDB Local (AWS's own emulator, run with java),
// s3rver and aws-ses-v2-local. Each binds to 127.0.0.1 on a free port unless told otherwise.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/data/table';

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
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
}

export interface RunningService {
  endpoint: string;
  /** The service's own process, where it runs in one (DynamoDB Local): fault tests pause or kill it. */
  pid?: number;
  stop(): Promise<void>;
}

export async function startDynamoDbLocal(options: { dataDir?: string; port?: number }): Promise<RunningService> {
  const jar = join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal.jar');
  if (!existsSync(jar)) {
    throw new Error(`DynamoDB Local is missing (${jar}). Run "npm install" (its postinstall fetches it).`);
  }
  const port = options.port ?? (await freePort());
  const storage = options.dataDir ? ['-sharedDb', '-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    'java',
    [`-Djava.library.path=${join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal_lib')}`, '-Xmx512m', '-jar', jar, '-port', String(port), ...storage],
    // DynamoDB Local writes a metadata file into its working directory.
    { stdio: ['ignore', 'ignore', 'pipe'], cwd: options.dataDir ?? tmpdir() },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  let exited = false;
  child.on('exit', () => (exited = true));
  child.on('error', (e) => (stderr += String(e)));
  const endpoint = `http://127.0.0.1:${port}`;
  const probe = new DynamoDBClient(localClientConfig(endpoint));
  await waitFor(async () => {
    if (exited) throw new Error(`DynamoDB Local exited: ${stderr || 'is java installed?'}`);
    await probe.send(new DescribeTableCommand({ TableName: '__probe__' })).catch((e) => {
      if (e.name !== 'ResourceNotFoundException') throw e;
    });
    return true;
  }, 'DynamoDB Local');
  probe.destroy();
  return {
    endpoint,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
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
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function localClientConfig(endpoint: string) {
  return { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
}

/** Creates the single table (with its indexes and TTL) unless it exists. */
export async function ensureTable(endpoint: string, tableName: string) {
  const client = new DynamoDBClient(localClientConfig(endpoint));
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (e) {
    if ((e as Error).name !== 'ResourceNotFoundException') throw e;
  }
  const attributes = new Set<string>([TABLE_KEYS.partition, TABLE_KEYS.sort, ...TABLE_INDEXES.flatMap((i) => [i.partition, i.sort])]);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partition, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sort, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_INDEXES.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partition, KeyType: 'HASH' },
          { AttributeName: i.sort, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }),
  ).catch(() => undefined);
  client.destroy();
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
