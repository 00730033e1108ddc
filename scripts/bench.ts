// `npm run bench`: size and cold start of every function of the route table and every worker, bundled exactly as the
// CDK stack bundles it (infra/constructs/bundling.ts), against a floor (one GetItem with nothing but
// the DynamoDB client), with budget verdicts; then the SPA's initial download if it has been built.
//
// Cold start = spawn a fresh `node` that imports the bundle and answers one synthetic API Gateway v2
// request (DynamoDB Local in memory behind it), timed from spawn to the printed result; median of N
// runs, interleaved across functions so background noise hits all of them alike.
//
// Then the free-times benchmark (scripts/bench/free-times.ts): the public free-time reads of 10
// practitioners over 60 days, warm, in-process, with p50/p95 and the DynamoDB reads per request.
//
// Options: --sizes (bundle sizes and their verdicts only: no DynamoDB, no cold starts, about 30 s), --runs N (default 5; without it, fewer rounds when 5 would take the cold starts past
// about 2.5 minutes, with a note), --only <substring of handler>, --keep (keep the bundles, print where),
// --free-times (only the free-times benchmark; --runs N then counts its runs, default 30),
// --patients (only the patient record: 500 items paged by 25, p95 against 300 ms; --runs N, default 10),
// --challenge (only the proof-of-work solvers' times per level; --runs N, default 5),
// --free-times-runs N (its runs after the cold starts, default 30),
// --load (only the load section, scripts/bench/load.ts: 16 concurrent requests against the local stack,
// each p50 as a multiple of a static file's; --concurrency N, --seconds N, --submissions N).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { BASE_ENVIRONMENT, LAMBDA_BUNDLING, bundleHandlers, type HandlerBundle } from '../infra/constructs/bundling';
import { API_PREFIX, PROJECT_ROOT, handlerEntry } from '../infra/constructs/paths';
import { ensureTable, localClientConfig, startDynamoDbLocal, type RunningService } from '../infra/local/services';
import { ROUTES, WORKERS, type Route } from '../functions/routes';
import { webInitialSizes } from './bench/web';
import { runFreeTimesBench } from './bench/free-times';
import { runPatientsBench } from './bench/patients';
import { runChallengeBench } from './bench/challenge';

const SIZE_BUDGET_KB = 350;
const COLD_BUDGET_RATIO = 1.5;
const TABLE_NAME = 'bench-table';
const TOKEN_SIGNING_KEY = 'bench-signing-key-0123456789abcdef0123456789abcdef';
const CHILD = join(import.meta.dirname, 'bench', 'child.mjs');
const FLOOR_ENTRY = join(import.meta.dirname, 'bench', 'floor.ts');

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS_GIVEN = option('runs') !== undefined;
let RUNS = Math.max(1, Number(option('runs') ?? 5));
/** Cold starts of all functions should fit in this unless --runs says otherwise (3 rounds at least). */
const COLD_PHASE_BUDGET_MS = 150_000;
const MIN_ADAPTIVE_RUNS = 3;
const ONLY = option('only');
const KEEP = args.includes('--keep');
const FREE_TIMES_ONLY = args.includes('--free-times');
const PATIENTS_ONLY = args.includes('--patients');
const FREE_TIMES_RUNS = Math.max(1, Number(option('free-times-runs') ?? 30));
const SIZES_ONLY = args.includes('--sizes');
const CHALLENGE_ONLY = args.includes('--challenge');
const LOAD_ONLY = args.includes('--load');

/** The event each worker is measured with: the schedule's for the sweeps, an empty SNS batch for the mail events. */
const WORKER_EVENTS: Record<string, unknown> = {
  [WORKERS.outbox]: { source: 'aws.events', 'detail-type': 'Scheduled Event' },
  [WORKERS.subscribers]: { source: 'aws.events', 'detail-type': 'Scheduled Event' },
  [WORKERS.sweeps]: { source: 'aws.events', 'detail-type': 'Scheduled Event' },
  [WORKERS.mailEvents]: { Records: [] },
};

interface Target {
  name: string;
  entry: string;
  /** The row whose synthetic request it answers (none for the floor and the workers). */
  route?: Route;
  /** A worker's event (WORKER_EVENTS). */
  workerEvent?: unknown;
  isFloor?: boolean;
  bundle?: string;
  minBytes?: number;
  gzipBytes?: number;
  inputs?: HandlerBundle['inputs'];
  event?: string;
  samples: { totalMs: number; importMs: number; invokeMs: number; status: string; error?: string }[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

async function main() {
  const started = Date.now();
  const work = mkdtempSync(join(tmpdir(), 'clinic-bench-'));
  let dynamo: RunningService | undefined;
  try {
    // ---- Which functions: one per handler module of the table -----------------------------------
    const notes: string[] = [];
    const targets: Target[] = [];
    const seen = new Set<string>();
    for (const route of ROUTES) {
      if (seen.has(route.handler)) continue;
      seen.add(route.handler);
      if (ONLY && !route.handler.includes(ONLY)) continue;
      const entry = handlerEntry(route.handler);
      if (!existsSync(entry)) {
        notes.push(`skipped ${route.handler}: ${entry.replace(PROJECT_ROOT + '/', '')} does not exist yet`);
        continue;
      }
      targets.push({ name: route.handler, entry, route, samples: [] });
    }
    for (const worker of Object.values(WORKERS)) {
      if (ONLY && !worker.includes(ONLY)) continue;
      targets.push({ name: worker, entry: handlerEntry(worker), workerEvent: WORKER_EVENTS[worker] ?? {}, samples: [] });
    }
    const floor: Target = { name: 'FLOOR (GetItem, client-dynamodb only)', entry: FLOOR_ENTRY, isFloor: true, samples: [] };
    const all = [floor, ...targets];

    // ---- Bundle like the stack: the very function the stack calls ---------------------------------
    const bundleStart = Date.now();
    const failed: Target[] = [];
    const request = (t: Target) => ({ name: t.name, entry: t.entry });
    let bundles: Map<string, HandlerBundle>;
    try {
      bundles = bundleHandlers(join(work, 'bundles'), all.map(request));
    } catch {
      // One broken handler fails the batch: bundle one by one to name it and measure the rest.
      bundles = new Map();
      for (const [i, t] of all.entries()) {
        try {
          bundles.set(t.name, bundleHandlers(join(work, `single-${i}`), [request(t)]).get(t.name)!);
        } catch (error) {
          failed.push(t);
          notes.push(`skipped ${t.name}: bundling failed: ${String((error as Error).message).split('\n').slice(0, 2).join(' ')}`);
        }
      }
    }
    for (const t of all) {
      const bundle = bundles.get(t.name);
      if (!bundle) continue;
      const code = readFileSync(bundle.file);
      t.bundle = bundle.file;
      t.minBytes = code.length;
      t.gzipBytes = gzipSync(code, { level: 9 }).length;
      t.inputs = bundle.inputs;
    }
    const bundled = all.filter((t) => t.bundle);
    const bundleSeconds = (Date.now() - bundleStart) / 1000;
    if (SIZES_ONLY) {
      printSizes(bundled, notes, bundleSeconds);
      if (failed.length) process.exitCode = 1;
      return;
    }
    process.stderr.write(`  bundled ${bundled.length} functions in ${bundleSeconds.toFixed(1)} s; starting DynamoDB Local\n`);

    // ---- DynamoDB Local in memory, the single table, a warmed JVM --------------------------------
    dynamo = await startDynamoDbLocal({});
    await ensureTable(dynamo.endpoint, TABLE_NAME);
    const warm = new DynamoDBClient(localClientConfig(dynamo.endpoint));
    for (let i = 0; i < 40; i++) {
      await warm.send(new GetItemCommand({ TableName: TABLE_NAME, Key: { pk: { S: 'BENCH' }, sk: { S: `WARM${i}` } } }));
    }
    warm.destroy();

    // ---- Synthetic requests --------------------------------------------------------------------
    process.env.TOKEN_SIGNING_KEY = TOKEN_SIGNING_KEY;
    delete process.env.APP_SECRETS_ARN;
    const { signToken } = await import('../functions/lib/tokens');
    const tokens = {
      access: await signToken({ userId: 'bench-user', orgId: 'bench-org', type: 'access' }),
      registration: await signToken({ userId: 'bench-user', type: 'registration' }),
    };
    for (const [i, t] of bundled.entries()) {
      const file = join(work, `event-${i}.json`);
      writeFileSync(file, JSON.stringify(t.route ? apiEvent(t.route, tokens) : (t.workerEvent ?? {})));
      t.event = file;
    }

    // The child's environment: what Lambda gives the function, pointed at DynamoDB Local. Other AWS
    // endpoints go to a closed local port so nothing can reach the internet. Secrets come from the
    // environment here (Lambda: one localhost call to the secrets extension, not measured).
    const childEnv: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      ...BASE_ENVIRONMENT,
      TABLE_NAME,
      UPLOADS_BUCKET: 'bench-uploads',
      MAIL_FROM: 'no-reply@example.com',
      APP_URL: 'https://bench.example.com',
      TOKEN_SIGNING_KEY,
      // Public writes check a proof-of-work solution with it (the synthetic request sends none: 4xx).
      CHALLENGE_HMAC_KEY: 'bench-challenge-key-0123456789abcdef0123456789',
      AWS_REGION: 'us-east-1',
      // DynamoDB Local keeps one database per access key and region (no -sharedDb): use the key the
      // table was created with.
      AWS_ACCESS_KEY_ID: localClientConfig(dynamo.endpoint).credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localClientConfig(dynamo.endpoint).credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9',
      AWS_ENDPOINT_URL_SESV2: 'http://127.0.0.1:9',
      AWS_ENDPOINT_URL_SNS: 'http://127.0.0.1:9',
      AWS_ENDPOINT_URL_SECRETS_MANAGER: 'http://127.0.0.1:9',
      STRIPE_SECRET_KEY: '',
      // The child's first stdout line is its result: no log lines (functions/lib/log.ts) before it.
      LOG_LEVEL: 'silent',
    };

    // ---- Cold starts: RUNS rounds, every function once per round -------------------------------
    const coldStart = Date.now();
    await coldRun(floor, childEnv); // warm the OS caches for node itself; not counted
    // The floor is the yardstick of every verdict, so it is sampled three times per round (start,
    // middle, end) to keep one noisy moment on a shared machine from moving every verdict.
    const functions = bundled.filter((t) => !t.isFloor);
    const floorAt = new Set([0, Math.floor(functions.length / 2), functions.length]);
    for (let round = 0; round < RUNS; round++) {
      const roundStart = Date.now();
      for (let i = 0; i <= functions.length; i++) {
        if (floorAt.has(i)) floor.samples.push(await coldRun(floor, childEnv));
        if (i < functions.length) functions[i].samples.push(await coldRun(functions[i], childEnv));
      }
      const roundMs = Date.now() - roundStart;
      process.stderr.write(`  cold-start round ${round + 1}/${RUNS}: ${(roundMs / 1000).toFixed(1)} s\n`);
      if (round === 0 && !RUNS_GIVEN && roundMs * RUNS > COLD_PHASE_BUDGET_MS) {
        const fit = Math.max(MIN_ADAPTIVE_RUNS, Math.floor(COLD_PHASE_BUDGET_MS / roundMs));
        if (fit < RUNS) {
          notes.push(`${fit} rounds instead of ${RUNS}: one round took ${(roundMs / 1000).toFixed(0)} s (busy machine or many functions); --runs 5 forces five`);
          RUNS = fit;
        }
      }
    }
    const coldSeconds = (Date.now() - coldStart) / 1000;

    // ---- Report --------------------------------------------------------------------------------
    const floorMs = median(floor.samples.map((s) => s.totalMs));
    const limitMs = floorMs * COLD_BUDGET_RATIO;
    console.log('');
    console.log(
      `Lambda functions: bundled as deployed (minified ESM, ${LAMBDA_BUNDLING.target}, platform node, all deps bundled); ` +
        `cold start = spawn -> answer, median of ${RUNS} (floor: ${floor.samples.length}), Node ${process.version}`,
    );
    console.log(`Budgets: <= ${SIZE_BUDGET_KB} KB minified; cold start <= ${COLD_BUDGET_RATIO}x floor (${floorMs.toFixed(0)} ms -> ${limitMs.toFixed(0)} ms)`);
    console.log('');
    const nameWidth = Math.max(36, ...bundled.map((t) => t.name.length));
    const header = [pad('handler', nameWidth), lpad('min KB', 8), lpad('gzip KB', 8), lpad('cold ms', 8), lpad('import', 7), lpad('invoke', 7), lpad('status', 7), '  size', '  cold'];
    console.log(header.join(' '));
    console.log('-'.repeat(header.join(' ').length));
    let over = 0;
    const overRows: Target[] = [];
    for (const t of bundled) {
      const cold = median(t.samples.map((s) => s.totalMs));
      const sizeOk = t.minBytes! <= SIZE_BUDGET_KB * 1024;
      const coldOk = t.isFloor || cold <= limitMs;
      if (!t.isFloor && (!sizeOk || !coldOk)) {
        over++;
        overRows.push(t);
      }
      const statuses = [...new Set(t.samples.map((s) => s.status))].join('/');
      console.log(
        [
          pad(t.name, nameWidth),
          lpad(kb(t.minBytes!), 8),
          lpad(kb(t.gzipBytes!), 8),
          lpad(cold.toFixed(0), 8),
          lpad(median(t.samples.map((s) => s.importMs)).toFixed(0), 7),
          lpad(median(t.samples.map((s) => s.invokeMs)).toFixed(0), 7),
          lpad(statuses, 7),
          t.isFloor ? '  floor' : sizeOk ? '  PASS ' : '  OVER ',
          t.isFloor ? '' : coldOk ? '  PASS' : '  OVER',
        ].join(' '),
      );
    }
    console.log('');
    const measured = bundled.filter((t) => !t.isFloor);
    const sizes = measured.map((t) => t.minBytes!);
    console.log(
      `Summary: ${measured.length} function${measured.length === 1 ? "" : "s"}, ${measured.length - over} within budget, ${over} over` +
        (sizes.length ? `; minified ${kb(Math.min(...sizes))}-${kb(Math.max(...sizes))} KB (median ${kb(median(sizes))})` : '') +
        (measured.length ? `; cold start median ${median(measured.map((t) => median(t.samples.map((s) => s.totalMs)))).toFixed(0)} ms vs floor ${floorMs.toFixed(0)} ms` : ''),
    );
    for (const t of overRows) {
      if (t.minBytes! > SIZE_BUDGET_KB * 1024) console.log(`  size ${t.name}: largest inputs ${largestInputs(t.inputs!)}`);
    }
    const coldOver = overRows.filter((t) => median(t.samples.map((x) => x.totalMs)) > limitMs);
    if (coldOver.length) {
      console.log(`  cold ${coldOver.map((t) => `${t.name} ${(median(t.samples.map((x) => x.totalMs)) / floorMs).toFixed(2)}x`).join(', ')}`);
    }
    // How much to trust the cold verdicts: the floor's own spread and the machine's load.
    const floorSamples = floor.samples.map((x) => x.totalMs);
    const spread = Math.max(...floorSamples) / Math.min(...floorSamples);
    console.log(
      `  floor samples ${Math.min(...floorSamples).toFixed(0)}-${Math.max(...floorSamples).toFixed(0)} ms; load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores` +
        (spread > 1.5 || loadavg()[0] > availableParallelism() ? ' (busy machine: cold-start verdicts are noisy, sizes are exact)' : ''),
    );
    for (const t of bundled) {
      const errors = [...new Set(t.samples.map((s) => s.error).filter(Boolean))];
      if (errors.length) console.log(`  note: ${t.name} threw: ${errors.join('; ')}`);
    }
    for (const note of notes) console.log(`  note: ${note}`);
    console.log(`  (bundling ${bundleSeconds.toFixed(1)} s, cold starts ${coldSeconds.toFixed(1)} s for ${bundled.reduce((n, t) => n + t.samples.length, 1)} spawns)`);

    // ---- Web ----------------------------------------------------------------------------------
    console.log('');
    const web = webInitialSizes(join(PROJECT_ROOT, 'dist', 'web'));
    if ('skipped' in web) {
      console.log(`Web initial download: skipped (${web.skipped}).`);
    } else {
      console.log('Web initial download (gzip, level 9):');
      console.log([pad('page', 60), lpad('JS files', 9), lpad('HTML KB', 8), lpad('CSS KB', 8), lpad('JS KB', 8), lpad('total KB', 9)].join(' '));
      for (const row of web.rows) {
        console.log(
          [pad(row.label, 60), lpad(String(row.jsFiles), 9), lpad(kb(row.htmlGzipBytes), 8), lpad(kb(row.cssGzipBytes), 8), lpad(kb(row.jsGzipBytes), 8), lpad(kb(row.totalGzipBytes), 9)].join(' '),
        );
      }
      console.log('  (a public page\'s CSS is inline in its HTML; budgets: public page total <= 110 KB, console JS <= 200 KB)');
      for (const note of web.notes) console.log(`  note: ${note}`);
    }

    // ---- Free times (warm, in this process, on the same DynamoDB Local) --------------------------
    if (!ONLY) {
      process.stderr.write('  free times: seeding 10 practitioners and 60 days of bookings\n');
      await runFreeTimesBench({ runs: FREE_TIMES_RUNS, endpoint: dynamo.endpoint });
      await runPatientsBench({ runs: 10, endpoint: dynamo.endpoint });
      await runChallengeBench();
    }
    if (KEEP) console.log(`\nBundles kept in ${work}`);
    console.log(`\nBench finished in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    if (failed.length) process.exitCode = 1;
  } finally {
    await dynamo?.stop();
    if (!KEEP) rmSync(work, { recursive: true, force: true });
  }
}

/** --sizes: each function's bundle against the budget, largest first, and what weighs most in those over it. */
function printSizes(bundled: Target[], notes: string[], bundleSeconds: number) {
  const measured = bundled.filter((t) => !t.isFloor).sort((a, b) => b.minBytes! - a.minBytes!);
  const nameWidth = Math.max(36, ...measured.map((t) => t.name.length));
  console.log(`\nLambda bundles (minified ESM, ${LAMBDA_BUNDLING.target}, as deployed); budget <= ${SIZE_BUDGET_KB} KB minified\n`);
  console.log([pad('handler', nameWidth), lpad('min KB', 8), lpad('gzip KB', 8), '  size'].join(' '));
  const over = measured.filter((t) => t.minBytes! > SIZE_BUDGET_KB * 1024);
  for (const t of measured) console.log([pad(t.name, nameWidth), lpad(kb(t.minBytes!), 8), lpad(kb(t.gzipBytes!), 8), over.includes(t) ? '  OVER' : '  PASS'].join(' '));
  console.log(`\nSummary: ${measured.length} functions, ${measured.length - over.length} within budget, ${over.length} over (bundling ${bundleSeconds.toFixed(1)} s)`);
  for (const t of over) console.log(`  size ${t.name}: largest inputs ${largestInputs(t.inputs!)}`);
  for (const note of notes) console.log(`  note: ${note}`);
}

/** A synthetic API Gateway v2 (payload 2.0) request for a row, with the token its access needs. */
function apiEvent(route: Route, tokens: { access: string; registration: string }) {
  const pathParameters: Record<string, string> = {};
  const rawPath =
    API_PREFIX +
    route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
      pathParameters[name] = `bench-${name}`;
      return `bench-${name}`;
    });
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    host: 'bench.example.com',
    'user-agent': 'clinic-bench',
  };
  if (route.access === 'user' || route.access === 'owner') headers.authorization = `Bearer ${tokens.access}`;
  if (route.access === 'registration') headers.authorization = `Bearer ${tokens.registration}`;
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  const now = Date.now();
  return {
    version: '2.0',
    routeKey: `${route.method} ${API_PREFIX}${route.path}`,
    rawPath,
    rawQueryString: '',
    headers,
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'bench',
      domainName: 'bench.example.com',
      domainPrefix: 'bench',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'clinic-bench' },
      requestId: 'bench-request',
      routeKey: `${route.method} ${API_PREFIX}${route.path}`,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(hasBody ? { body: '{}' } : {}),
    isBase64Encoded: false,
  };
}

/** Spawn -> first line of output: one cold start. */
function coldRun(t: Target, env: Record<string, string>): Promise<Target['samples'][number]> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [CHILD, t.bundle!, t.event!], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let totalMs: number | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (totalMs === undefined && out.includes('\n')) totalMs = performance.now() - t0;
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = out.split('\n')[0];
      if (totalMs === undefined || !line) return reject(new Error(`${t.name}: no answer (exit ${code}): ${err.slice(0, 500)}`));
      const parsed = JSON.parse(line) as { status?: number | string; error?: string; importMs: number; invokeMs: number };
      resolve({ totalMs, importMs: parsed.importMs, invokeMs: parsed.invokeMs, status: parsed.error ? 'threw' : String(parsed.status), ...(parsed.error ? { error: parsed.error } : {}) });
    });
  });
}

/** The packages (or our own folders) that weigh most in a bundle, for rows over budget. */
function largestInputs(inputs: HandlerBundle['inputs']): string {
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const key = match ? match[1] : input.split('/').slice(0, 2).join('/');
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  return [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, bytes]) => `${name} ${kb(bytes)} KB`)
    .join(', ');
}

if (PATIENTS_ONLY) await runPatientsBench({ runs: Math.max(1, Number(option('runs') ?? 10)) });
else if (FREE_TIMES_ONLY) await runFreeTimesBench({ runs: Math.max(1, Number(option('runs') ?? 30)) });
else if (CHALLENGE_ONLY) await runChallengeBench(Math.max(1, Number(option('runs') ?? 5)));
else if (LOAD_ONLY) {
  const number = (name: string) => (option(name) === undefined ? undefined : Number(option(name)));
  const { runLoadBench } = await import('./bench/load');
  await runLoadBench({ concurrency: number('concurrency'), seconds: number('seconds'), submissions: number('submissions') });
}
else await main();
