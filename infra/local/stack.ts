// The embedded local stack: the AWS stand-ins plus one HTTP server that turns /api/* requests into
// API Gateway HTTP API (v2) events for the real handlers, dispatched from the same route table the
// CDK stack is built from; /assets/* are uploads read back from S3; everything else is the SPA (infra/local/web-files.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ROUTES, WORKERS, type Route } from '../../functions/routes';
import { API_PREFIX } from '../../shared/api';
import { htmlFileFor, publicPageAt } from '../../shared/public-pages';
import { pageFileFor } from '../constructs/page-rewrite';
import { ROOT, ensureBucket, ensureTable, freePort, localClientConfig, startDynamoDbLocal, startS3, startSes, type RunningService } from './services';
import { resetConfig } from '../../functions/lib/config';
import { isPublicKey } from '../../functions/lib/upload-keys';
import { LOCAL_PAGES, type LocalPage } from './pages';
import { LOCAL_STRIPE_KEY, createLocalStripe } from './stripe';
import { serveGracefully } from './graceful';
import { startOutboxWorker, type OutboxHandler } from './outbox-worker';
import { enforceDeclaredTableAccess, withDeclaredAccess } from './declared-access';
import { apiDocsServer, type ApiDocumentSource } from './api-docs';
import { serveWebFile } from './web-files';

export interface LocalStackOptions {
  /** HTTP port of the app; 0 picks a free one. Default 3000. */
  port?: number;
  /** Where data persists between runs. Default .data/ at the project root. */
  dataDir?: string;
  /** The built SPA it serves. Default dist/web (`npm run build:web`). */
  webDir?: string;
  /** Keep nothing: DynamoDB in memory and a temporary S3 folder (tests). */
  inMemory?: boolean;
  /** Port of the SES inbox page; default 8005 when free, else any free port. */
  sesPort?: number;
  /** Log only warnings and errors of the handlers (tests), not a line per request. */
  quiet?: boolean;
  /** It serves for more than minutes (`npm start`, the load benches): services.ts DynamoDbLocalOptions.longRunning. */
  longRunning?: boolean;
  /**
   * Makes the API document for /api/openapi.json (scripts/openapi/document.ts buildOpenApiDocument:
   * the test setups pass it). Default: the file npm run build:openapi wrote into webDir.
   */
  apiDocument?: ApiDocumentSource;
  /** The outbox worker's sweep period and first retry pause (fault tests shorten them). */
  outbox?: { sweepMs?: number; retryBaseMs?: number };
  /**
   * DynamoDB Local died and could not be started again: the stack cannot go on. Default: log it (the
   * `npm start` process stops itself).
   */
  onFatal?: (error: Error) => void;
}

export interface LocalStack {
  url: string;
  inboxUrl: string;
  env: Record<string, string>;
  /** Where card payments go: Stripe's test mode (STRIPE_SECRET_KEY set) or the local checkout page. */
  stripeMode: 'stripe-test-mode' | 'local-checkout';
  /** The DynamoDB Local java process (fault tests stop, continue or kill it; it is restarted if it dies). */
  dynamoDbPid: () => number | undefined;
  /** Fault tests: the SES stand-in stops answering (sends fail), then comes back on the same port. */
  stopSes: () => Promise<void>;
  startSes: () => Promise<void>;
  /** Runs the outbox worker's sweep now. */
  sweepOutbox: () => Promise<void>;
  /** Stops taking requests, lets those in flight finish (up to 10 s), then stops the services. */
  stop: () => Promise<void>;
}

export const TABLE_NAME = 'clinic-suite';
export const UPLOADS_BUCKET = 'clinic-suite-uploads';
const MAX_REQUEST_BYTES = 12 * 1024 * 1024;
const WEB_DIR = join(ROOT, 'dist', 'web');

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  params: string[];
}

function compile(route: Route): CompiledRoute {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)(\+)?\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(param[1]);
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), params };
}

/** Static segments win over parameters, as in API Gateway: /users/profile before /users/{id}. */
const COMPILED = ROUTES.map(compile).sort((a, b) => a.params.length - b.params.length);

export type RouteMatch =
  | { route: Route; params: Record<string, string> }
  | { allowed: string[] }
  | undefined;

/** The row for a request, or the methods the path allows (405), or nothing (404). */
export function matchRoute(method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const c of COMPILED) {
    const m = c.pattern.exec(path);
    if (!m) continue;
    if (c.route.method !== method) {
      allowed.push(c.route.method);
      continue;
    }
    const params = Object.fromEntries(c.params.map((name, i) => [name, decodeURIComponent(m[i + 1])]));
    return { route: c.route, params };
  }
  return allowed.length ? { allowed } : undefined;
}

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<string, Promise<LambdaHandler>>();

function loadHandler(name: string): Promise<LambdaHandler> {
  let loaded = handlers.get(name);
  if (!loaded) {
    loaded = import(pathToFileURL(join(ROOT, 'functions', `${name}.ts`)).href).then((m: { handler: LambdaHandler }) => m.handler);
    handlers.set(name, loaded);
  }
  return loaded;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) return 'too-large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export function toEvent(req: IncomingMessage, url: URL, route: Route, params: Record<string, string>, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  const key = `${route.method} ${API_PREFIX}${route.path}`;
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies: headers.cookie?.split(/;\s*/),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: { method: route.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !isText,
  };
}

function lambdaContext(route: Route, requestId: string): Context {
  const deadline = Date.now() + 10_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${route.handler.replace(/\//g, '-')}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:local',
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
  const path = url.pathname.slice(API_PREFIX.length) || '/';
  const match = matchRoute(req.method ?? 'GET', path);
  if (match === undefined) return send(res, 404, { message: 'Not found.' });
  if ('allowed' in match) return send(res, 405, { message: 'Method not allowed.' }, { allow: [...new Set(match.allowed)].join(', ') });
  const body = await readBody(req);
  if (body === 'too-large') return send(res, 413, { message: 'The request is too large.' });
  const event = toEvent(req, url, match.route, match.params, body);
  const handler = await loadHandler(match.route.handler);
  const result = await withDeclaredAccess(match.route, () => handler(event, lambdaContext(match.route, event.requestContext.requestId)));
  const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}

const PLACEHOLDER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clinic Suite</title></head>
<body style="font-family:system-ui;margin:3rem"><h1>Clinic Suite API is running</h1>
<p>The console has not been built yet: run <code>npm run build:web</code>, then reload.</p></body></html>`;

/**
 * A page path: a public page's own prerendered HTML in the language the request asks (chosen by
 * CloudFront's own function, infra/constructs/page-rewrite.ts), else the console's index.html
 * (client-side routes). A build without that language's file (an older one): the page's English file.
 */
function serveIndex(req: IncomingMessage, res: ServerResponse, webDir: string, url: URL) {
  const inLanguage = publicPageAt(url.pathname) && pageFileFor(url.pathname, url.searchParams, req.headers['accept-language']);
  if (inLanguage && serveWebFile(req, res, webDir, inLanguage)) return;
  if (serveWebFile(req, res, webDir, `/${htmlFileFor(url.pathname)}`)) return;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  res.end(PLACEHOLDER_PAGE);
}

async function serveUpload(res: ServerResponse, s3: S3Client, key: string): Promise<void> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: UPLOADS_BUCKET, Key: key }));
    res.writeHead(200, {
      'content-type': out.ContentType ?? 'application/octet-stream',
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    res.end(Buffer.from(await out.Body!.transformToByteArray()));
  } catch {
    send(res, 404, { message: 'Not found.' });
  }
}

interface LocalSecrets {
  tokenSigningKey: string;
  /** Rotated-out keys still accepted (docs/operations.md, "Token signing key rotation"). */
  previousTokenSigningKeys?: string[];
  /** Encrypts two-factor secrets in the table (functions/lib/encryption.ts). */
  dataEncryptionKey: string;
  /** Signs the local Stripe stand-in's events. */
  localStripeWebhookSecret: string;
  /** Signs the public pages' proof-of-work challenges (functions/lib/challenge.ts). */
  challengeHmacKey: string;
}

export function loadOrCreateSecrets(dataDir: string | undefined): LocalSecrets {
  const fresh = (): LocalSecrets => ({
    tokenSigningKey: randomBytes(48).toString('base64url'),
    dataEncryptionKey: randomBytes(32).toString('base64url'),
    localStripeWebhookSecret: `whsec_local_${randomBytes(24).toString('hex')}`,
    challengeHmacKey: randomBytes(32).toString('base64url'),
  });
  if (!dataDir) return fresh();
  const file = join(dataDir, 'secrets.json');
  // Migration: a file written before a key existed (the first shape had only tokenSigningKey and
  // localStripeWebhookSecret) keeps its keys and gains the missing ones, saved at once so they stay.
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>) : {};
  const secrets = { ...fresh(), ...stored };
  if (Object.keys(secrets).some((k) => !(k in stored))) writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Handlers run in this process and are configured through process.env, so one stack per process. */
let running = false;

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  if (running) throw new Error('An embedded stack is already running in this process; its handlers read process.env, so a second one would mix their configuration. Start it in another process.');
  running = true;
  const inMemory = options.inMemory ?? false;
  const dataDir = inMemory ? undefined : resolve(options.dataDir ?? join(ROOT, '.data'));
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const s3Dir = dataDir ? join(dataDir, 's3') : mkdtempSync(join(tmpdir(), 'clinic-s3-'));
  const webDir = resolve(options.webDir ?? WEB_DIR);
  const serveApiDocs = apiDocsServer(webDir, options.apiDocument);

  const services: RunningService[] = [];
  const stopAll = async () => {
    for (const s of services.reverse()) await s.stop().catch(() => undefined);
    if (!dataDir) rmSync(s3Dir, { recursive: true, force: true });
  };
  const log = (line: string) => console.error(line);
  try {
    const sesPort = options.sesPort ?? (inMemory ? 0 : await portOr(8005));
    const started = await Promise.allSettled([
      startDynamoDbLocal({
        dataDir: dataDir ? join(dataDir, 'dynamodb') : undefined,
        longRunning: options.longRunning,
        supervise: {
          // In memory, the table went with the process; on disk it is still there.
          onRestarted: () => ensureTable(dynamo.endpoint, TABLE_NAME).then(() => undefined),
          onFatal: options.onFatal,
          log,
        },
      }),
      startS3({ dataDir: s3Dir }),
      startSes({ port: sesPort }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') services.push(result.value);
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw (failed).reason;
    const [dynamo, s3, firstSes] = started.map((r) => (r as PromiseFulfilledResult<RunningService>).value) as [RunningService, RunningService, RunningService];
    // The SES stand-in can be stopped and started again by fault tests: stop whichever runs.
    let ses: RunningService | undefined = firstSes;
    services[2] = { endpoint: firstSes.endpoint, stop: async () => ses?.stop() };
    const [tableCreated] = await Promise.all([ensureTable(dynamo.endpoint, TABLE_NAME), ensureBucket(s3.endpoint, UPLOADS_BUCKET)]);

    const server = createServer();
    const port = options.port ?? Number(process.env.PORT ?? 3000);
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolveListen());
    });
    const url = `http://localhost:${(server.address() as AddressInfo).port}`;

    const secrets = loadOrCreateSecrets(dataDir);
    // With a Stripe key in the environment, Stripe's test mode is used; without one, the local stand-in.
    const realStripe = Boolean(process.env.STRIPE_SECRET_KEY) && process.env.STRIPE_SECRET_KEY !== LOCAL_STRIPE_KEY;
    const stripeEnv: Record<string, string> = realStripe
      ? { STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY!, STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET ?? '' }
      : { STRIPE_SECRET_KEY: LOCAL_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: secrets.localStripeWebhookSecret, STRIPE_API_BASE: url };
    const env: Record<string, string> = {
      ...stripeEnv,
      TABLE_NAME,
      UPLOADS_BUCKET,
      AWS_REGION: 'us-east-1',
      // s3rver accepts only its own fixed key pair; DynamoDB Local and the SES stand-in accept any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SESV2: firstSes.endpoint,
      AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
      AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      TOKEN_SIGNING_KEY: secrets.tokenSigningKey,
      PREVIOUS_TOKEN_SIGNING_KEYS: (secrets.previousTokenSigningKeys ?? []).join(','),
      DATA_ENCRYPTION_KEY: secrets.dataEncryptionKey,
      CHALLENGE_HMAC_KEY: secrets.challengeHmacKey,
      APP_URL: url,
      MAIL_FROM: process.env.MAIL_FROM ?? 'Clinic Suite <no-reply@clinic-suite.local>',
      LOCAL_STACK: 'true',
      // Webhooks may go to a receiver on this machine (tests, a developer's tools); never set in AWS.
      WEBHOOKS_ALLOW_LOOPBACK: '1',
      // functions/http/http.ts: each answer is checked against its handler's declared `reply` schema (a
      // mismatch is a 500 naming the path), so every integration test and `npm start` proves them.
      REPLY_CHECK: process.env.REPLY_CHECK ?? 'strict',
      // functions/lib/log.ts: readable lines; tests (quiet) show only warnings and errors.
      LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
      LOG_LEVEL: process.env.LOG_LEVEL ?? (options.quiet ? 'warn' : 'info'),
      ...(options.outbox?.retryBaseMs ? { OUTBOX_RETRY_BASE_MS: String(options.outbox.retryBaseMs) } : {}),
    };
    // The handlers run in this process and read their configuration from the environment, as in Lambda.
    Object.assign(process.env, env);
    resetConfig(); // parsed again from what was just set (functions/lib/config.ts)
    await enforceDeclaredTableAccess(join(ROOT, 'functions'));
    const uploads = new S3Client({ ...localClientConfig(s3.endpoint), forcePathStyle: true });

    // What the table's stream and the schedule do in AWS: the same worker handler, fed locally.
    const workerHandler = async (name: string) => ((await import(pathToFileURL(join(ROOT, 'functions', `${name}.ts`)).href)) as { handler: OutboxHandler }).handler;
    const [deliverHandler, subscribersHandler, sweepsHandler] = [await workerHandler(WORKERS.outbox), await workerHandler(WORKERS.subscribers), await workerHandler(WORKERS.sweeps)];
    // In AWS each outbox worker gets the stream records of its own lane (the event source's filter) and
    // a sweep of its own; here both read every batch (each takes only its lane's rows) and sweep on one
    // timer: the subscribers first, so the mail a subscriber writes goes out in the same sweep. The
    // scheduled sweeps (reminders, lapsed holds) are a function of their own in AWS, on the same
    // one-minute schedule: here they run on the worker's sweep timer, after it.
    type Batch = { batchItemFailures: { itemIdentifier: string }[] };
    const outboxHandler: OutboxHandler = async (event, context) => {
      const ran = (await subscribersHandler(event, context)) as Batch | undefined;
      const delivered = (await deliverHandler(event, context)) as Batch | undefined;
      if (!('Records' in event)) {
        await sweepsHandler(event, context);
        return delivered;
      }
      return { batchItemFailures: [...(ran?.batchItemFailures ?? []), ...(delivered?.batchItemFailures ?? [])] };
    };
    const outbox = startOutboxWorker({
      endpoint: dynamo.endpoint,
      tableName: TABLE_NAME,
      handler: outboxHandler,
      sweepMs: options.outbox?.sweepMs,
      fromTrimHorizon: tableCreated,
      log,
    });

    const localStripe = realStripe ? undefined : createLocalStripe({ appUrl: url, webhookSecret: secrets.localStripeWebhookSecret });
    const pages: LocalPage[] = [...LOCAL_PAGES, ...(localStripe ? [localStripe.apiPage, localStripe] : [])];
    server.removeAllListeners('request');
    const graceful = serveGracefully(server, async (req, res) => {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
        decodeURIComponent(url.pathname);
      } catch {
        return send(res, 400, { message: 'The request path is not valid.' });
      }
      try {
        if (await serveApiDocs(req, res, url)) return; // GET /api/openapi.json and /api/docs (issue 16)
        if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) return await handleApi(req, res, url);
        const page = pages.find((p) => url.pathname.startsWith(p.prefix));
        if (page) return await page.handle(req, res, url);
        if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { message: 'Method not allowed.' });
        if (serveWebFile(req, res, webDir, decodeURIComponent(url.pathname))) return;
        if (url.pathname.startsWith('/assets/')) {
          const key = decodeURIComponent(url.pathname.slice('/assets/'.length));
          // Private uploads (appointment attachments) are only reachable through signed links.
          if (!isPublicKey(key)) return send(res, 404, { message: 'Not found.' });
          return await serveUpload(res, uploads, key);
        }
        serveIndex(req, res, webDir, url);
      } catch (error) {
        console.error(JSON.stringify({ level: 'error', where: 'local-server', path: url.pathname, message: (error as Error).message, stack: (error as Error).stack }));
        if (!res.headersSent) send(res, 500, { message: 'Something went wrong on our side. Please try again.' });
        else res.end();
      }
    });

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        try {
          const { cut } = await graceful.close(10_000);
          if (cut) log(`Stopped with ${cut} request(s) unfinished after 10 s.`);
          await outbox.stop();
          await localStripe?.stop();
          uploads.destroy();
        } finally {
          await stopAll();
          running = false;
        }
      })());
    return {
      url,
      inboxUrl: firstSes.endpoint,
      env,
      stop,
      dynamoDbPid: () => dynamo.pid,
      stopSes: async () => {
        await ses?.stop();
        ses = undefined;
      },
      startSes: async () => {
        ses ??= await startSes({ port: Number(new URL(firstSes.endpoint).port) });
      },
      sweepOutbox: () => outbox.sweep(),
      stripeMode: realStripe ? 'stripe-test-mode' : 'local-checkout',
    };
  } catch (error) {
    running = false;
    await stopAll();
    throw error;
  }
}

async function portOr(preferred: number): Promise<number> {
  const probe = createServer();
  const free = await new Promise<boolean>((r) => {
    probe.once('error', () => r(false));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => r(true)));
  });
  return free ? preferred : freePort();
}

