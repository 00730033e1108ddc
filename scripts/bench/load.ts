// `npm run bench -- --load`: the local stack (the embedded server `npm start` runs, in memory) under 16
// concurrent requests, with each p50 as a multiple of a static file's (the floor of this machine and
// server). Four kinds of request, one after the other, each for a fixed time after a warm-up:
//   - a static file of the built web (dist/web: `npm run build:web` first, else that row is skipped),
//   - a public form read (GET /leads/forms/{formId}, what the form page asks for),
//   - the appointments list's first page with 2,000 appointments (GET /appointments, as the console),
//   - a public form submission with a solved proof-of-work challenge, an Idempotency-Key and an address
//     of its own (each a new visitor, as the page sends them). The challenges are fetched and solved
//     with the page's solver before the timing starts, so only the submission itself is timed.
// The load average is printed beside the figures: on a shared machine they move with it. Under the
// table, the DynamoDB calls made while the submissions ran, by origin (the route, or a local worker),
// command and transaction size, with their mean time and the failures by reason: where the time goes.
// Beside each p50, the CPU each request cost DynamoDB Local (its java process, from /proc on Linux) and
// this process (the server, the handlers, the local workers and the load itself): on a shared machine
// they move far less than the p50 (though contention raises them too), and they say which side a
// change relieved.
//
// Options (with --load): --concurrency N (default 16), --seconds N (each kind's timed run, default 8),
// --submissions N (solutions solved ahead; default 350 a second of the run, warm-up included: 3,150 for
// 8 s, about 70 s to solve, above the ~220 a second this machine sends. With too few the run stops
// early, and its figures are those of a JVM still compiling its hot code).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { PROJECT_ROOT } from '../../infra/constructs/paths';
import { startLocalStack } from '../../infra/local/stack';
import type { ApiBody } from '../../shared/api';
import type { Operation, ReplyOf } from '../../shared/api-contract';

const APPOINTMENTS = 2_000;

interface Options {
  concurrency?: number;
  seconds?: number;
  submissions?: number;
}

interface Row {
  name: string;
  /** DynamoDB calls per request of this kind (the handlers' own, by their request scope). */
  dynamoCalls?: number;
  p50: number;
  p95: number;
  perSecond: number;
  count: number;
  failures: string[];
  /** CPU ms per request (all requests of the run, warm-up included) of DynamoDB Local and of this process. */
  cpu?: { dynamo: number; node: number };
}

/** CPU ms a process has used so far (Linux /proc, 100 ticks a second); undefined where it cannot be read. */
function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
const ownCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/** A new visitor's address (198.18.0.0/15, the benchmarking range): the per-address limits count each apart. */
let visitor = 0;
const nextAddress = () => {
  visitor++;
  return `198.18.${(visitor >> 8) & 255}.${visitor & 255}`;
};

/**
 * `concurrency` workers send `request()` back to back for `seconds`; each answer must be `ok`. The first
 * second (and the first request of each worker) warms up and is not counted.
 */
async function measure(name: string, concurrency: number, seconds: number, request: () => Promise<{ ok: boolean; detail: string }>, dynamoPid?: number): Promise<Row> {
  const cpuBefore = { dynamo: processCpuMs(dynamoPid), node: ownCpuMs() };
  let sent = 0;
  const warmUntil = performance.now() + 1000;
  const stopAt = warmUntil + seconds * 1000;
  const times: number[] = [];
  const failures: string[] = [];
  let exhausted = false;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < stopAt && !exhausted) {
        const started = performance.now();
        let result;
        try {
          result = await request();
        } catch (error) {
          if (error instanceof OutOfSolutions) {
            exhausted = true;
            return;
          }
          result = { ok: false, detail: String((error as Error).message) };
        }
        const ms = performance.now() - started;
        sent++;
        if (!result.ok) failures.push(result.detail);
        else if (started >= warmUntil) times.push(ms);
      }
    }),
  );
  const timedSeconds = Math.max(0.001, (Math.min(performance.now(), stopAt) - warmUntil) / 1000);
  times.sort((a, b) => a - b);
  const dynamoAfter = processCpuMs(dynamoPid);
  const cpu = cpuBefore.dynamo !== undefined && dynamoAfter !== undefined && sent ? { dynamo: (dynamoAfter - cpuBefore.dynamo) / sent, node: (ownCpuMs() - cpuBefore.node) / sent } : undefined;
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), perSecond: times.length / timedSeconds, count: times.length, failures, cpu };
}

class OutOfSolutions extends Error {}

export async function runLoadBench(options: Options = {}): Promise<void> {
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const seconds = Math.max(1, options.seconds ?? 8);
  const solutionsAhead = Math.max(concurrency, options.submissions ?? 350 * (seconds + 1));
  const webBuilt = existsSync(join(PROJECT_ROOT, 'dist', 'web', 'index.html'));
  const stack = await startLocalStack({ inMemory: true, port: 0, quiet: true, longRunning: true });
  try {
    // A call of `operation` (its method, and its path unless one with ids or a query is given); the reply's
    // data typed as the API's contract has it (shared/api-contract.ts).
    const api = async <K extends Operation>(operation: K, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}, path = operation.slice(operation.indexOf(' ') + 1)) => {
      const res = await fetch(`${stack.url}/api${path}`, {
        method: operation.slice(0, operation.indexOf(' ')),
        headers: {
          'x-forwarded-for': nextAddress(),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as ApiBody<ReplyOf<K>> };
    };
    const must = async <T>(what: string, call: Promise<{ status: number; body: ApiBody<T> }>) => {
      const res = await call;
      if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.body.message}`);
      return res.body.data!;
    };

    // ---- A clinic: an owner signed up as a person does (the code from the local inbox), a form ----
    process.stderr.write(`  load: setting up a clinic with a form and ${APPOINTMENTS} appointments\n`);
    const email = `load-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Bench-pass-1';
    await must('register', api('POST /users/register-email', { body: { email, password }, headers: { 'x-challenge': await solved(await fetchChallenge('sign-up', '')) } }));
    const inbox = (await (await fetch(`${stack.inboxUrl}/store`)).json()) as { emails: { subject: string; destination: { to: string[] } }[] };
    const code = /\b(\d{6})\b/.exec(inbox.emails.filter((m) => m.destination.to.includes(email)).at(-1)!.subject)![1];
    const registration = (await must('verify', api('POST /users/verify-email-otp', { body: { email, otp: code, password } }))).token as string;
    await must('details', api('POST /users/add-basic-details', { token: registration, body: { username: `load${randomUUID().slice(0, 6)}`, firstName: 'Load', lastName: 'Owner', phoneNumber: '+15550000000', gender: 'other' } }));
    const org = await must('organisation', api('POST /users/add-organization', { token: registration, body: { name: 'Load Clinic', email, legalName: 'Load Clinic LLC', websiteUrl: 'https://load.example.com', phoneNumber: '+15550000000' } }));
    const token = org.token as string;
    const orgId = org.userDetails!.organizationId!;
    const integration = await must('integration', api('GET /organization/integration', { token }));
    const { apiKey } = integration;
    const form = await must(
      'form',
      api('POST /form-builder/form', {
        token,
        body: {
          name: 'New patient intake',
          fields: [
            { id: 'name', label: 'Full name', type: 'text', required: true },
            { id: 'email', label: 'Email', type: 'email', required: true },
            { id: 'reason', label: 'Reason for your visit', type: 'textarea', required: false },
          ],
          successMessage: 'Thanks, we will call you.',
        },
      }),
    );
    // The data layer reads its endpoints from the environment the stack set: imported now.
    const { seedAppointments } = await import('./seed-appointments');
    await seedAppointments(orgId, APPOINTMENTS);
    const list = await must('list', api('GET /appointments', { token }, '/appointments?pageSize=20&pageNumber=1'));
    if (list.total !== APPOINTMENTS || list.items.length !== 20) throw new Error(`the list shows ${list.total} appointments, ${list.items.length} on its first page`);

    // ---- The submissions' challenges, solved ahead with the page's solver (Web Crypto PBKDF2) ------
    // All fetched while the page is quiet, so all are of the normal level, as a visitor's would be.
    const solveStarted = performance.now();
    const challenges: Challenge[] = [];
    for (let i = 0; i < solutionsAhead; i++) challenges.push(await fetchChallenge('form', apiKey));
    // Solved 50 at a time: all at once, a loaded machine ran past the solver's 90 s limit.
    const solutions: string[] = [];
    for (let i = 0; i < challenges.length; i += 50) solutions.push(...(await Promise.all(challenges.slice(i, i + 50).map((c) => solved(c)))));
    process.stderr.write(`  load: ${solutions.length} challenges solved in ${((performance.now() - solveStarted) / 1000).toFixed(1)} s (not timed)\n`);

    const answered = (res: Response, expected: number) => res.status === expected;
    const staticFile = async () => {
      const res = await fetch(`${stack.url}/favicon.svg`);
      await res.arrayBuffer();
      return { ok: answered(res, 200), detail: `static ${res.status}` };
    };
    const formRead = async () => {
      const res = await fetch(`${stack.url}/api/leads/forms/${form.id}?apiKey=${apiKey}`, { headers: { 'x-forwarded-for': nextAddress() } });
      await res.arrayBuffer();
      return { ok: answered(res, 200), detail: `form read ${res.status}` };
    };
    const appointmentsList = async () => {
      const res = await fetch(`${stack.url}/api/appointments?pageSize=20&pageNumber=1`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      return { ok: answered(res, 200), detail: `list ${res.status}` };
    };
    let used = 0;
    const submission = async () => {
      const solution = solutions[used++];
      if (!solution) throw new OutOfSolutions();
      const n = used;
      const res = await fetch(`${stack.url}/api/form-builder/form/${form.id}/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), 'x-challenge': solution, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ apiKey, items: [{ fieldId: 'name', value: `Visitor ${n}` }, { fieldId: 'email', value: `visitor${n}@example.com` }, { fieldId: 'reason', value: 'A sore knee after running.' }] }),
      });
      const text = await res.text();
      return { ok: answered(res, 201), detail: `submission ${res.status} ${text.slice(0, 120)}` };
    };

    // The DynamoDB calls each request makes (the stack runs the handlers in this process): counted by
    // the route of the request scope they run in, so the outbox worker's calls are not in them.
    const { ddb } = await import('../../functions/data/dynamo');
    const { currentScope } = await import('../../functions/lib/request-scope');
    const callsByRoute = new Map<string, number>();
    // Every call's time too, by where it came from (a route, or the local workers: no request scope).
    const timeByOrigin = new Map<string, { calls: number; ms: number }>();
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        const route = currentScope()?.log?.route;
        if (route) callsByRoute.set(route, (callsByRoute.get(route) ?? 0) + 1);
        const items = (args.input as { TransactItems?: unknown[] }).TransactItems?.length;
        const origin = `${route ?? 'local workers'} ${context.commandName}${items ? ` of ${items}` : ''}`;
        const started = performance.now();
        try {
          return await next(args);
        } catch (error) {
          // Why a call failed (a transaction cancelled by a conflict, a condition): counted by its origin too.
          const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.map((r) => r.Code).filter((c) => c && c !== 'None');
          const what = `${origin} failed: ${(error as Error).name}${reasons?.length ? ` (${[...new Set(reasons)].join(', ')})` : ''}`;
          const t = timeByOrigin.get(what) ?? { calls: 0, ms: 0 };
          t.calls++;
          timeByOrigin.set(what, t);
          throw error;
        } finally {
          const t = timeByOrigin.get(origin) ?? { calls: 0, ms: 0 };
          t.calls++;
          t.ms += performance.now() - started;
          timeByOrigin.set(origin, t);
        }
      },
      { step: 'initialize', name: 'benchCallCounter' },
    );
    // Counted on a second request: the first fills the per-container cache of public reads
    // (functions/data/public-cache.ts), as the first seconds of the load do.
    const perRequest = async (route: string, send: () => Promise<{ ok: boolean; detail: string }>) => {
      const first = await send();
      if (!first.ok) throw new Error(first.detail);
      const was = callsByRoute.get(route) ?? 0;
      const result = await send();
      if (!result.ok) throw new Error(result.detail);
      return (callsByRoute.get(route) ?? 0) - was;
    };
    // Two requests of each kind alone, before the load: the second's DynamoDB calls (a warm container's).
    const calls = {
      form: await perRequest('GET /api/leads/forms/{formId}', formRead),
      list: await perRequest('GET /api/appointments', appointmentsList),
      submission: await perRequest('POST /api/form-builder/form/{id}/submissions', submission),
    };

    const before = load();
    const rows: Row[] = [];
    const pid = stack.dynamoDbPid();
    if (webBuilt) rows.push(await measure('static file (GET /favicon.svg)', concurrency, seconds, staticFile, pid));
    rows.push({ ...(await measure('public form read (GET /leads/forms/{id})', concurrency, seconds, formRead, pid)), dynamoCalls: calls.form });
    rows.push({ ...(await measure(`appointments list, page 1 of ${APPOINTMENTS}`, concurrency, seconds, appointmentsList, pid)), dynamoCalls: calls.list });
    timeByOrigin.clear();
    rows.push({ ...(await measure('public form submission, challenge solved', concurrency, seconds, submission, pid)), dynamoCalls: calls.submission });
    const during = [...timeByOrigin].map(([origin, t]) => `${origin}: ${t.calls} calls, mean ${(t.ms / t.calls).toFixed(1)} ms`).join('; ');
    const after = load();
    // What the submissions left to the local workers (their events, notices, subscribers), after the
    // timed run: in a burst they fall behind, so their DynamoDB work is mostly done here. Not timed.
    timeByOrigin.clear();
    const drainStarted = performance.now();
    const drainCpuBefore = processCpuMs(pid);
    const drained = await outboxDrained(150_000);
    const drainCpu = (processCpuMs(pid) ?? NaN) - (drainCpuBefore ?? NaN);
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const leftCalls = [...timeByOrigin].map(([origin, t]) => `${origin}: ${t.calls}`).join('; ');

    const floor = webBuilt ? rows[0].p50 : NaN;
    console.log(`\nLoad: ${concurrency} concurrent, ${seconds} s each after 1 s of warm-up, the local stack in memory, Node ${process.version}`);
    console.log(`load average ${before} (before) / ${after} (after) on ${availableParallelism()} cores`);
    console.log(`${'request'.padEnd(46)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'per s'.padStart(8)}${'x static p50'.padStart(14)}${'n'.padStart(7)}${'DynamoDB calls'.padStart(16)}${'cpu ms/req: DynamoDB'.padStart(22)}${'node'.padStart(6)}`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(46)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.perSecond.toFixed(0).padStart(8)}${(webBuilt ? (r.p50 / floor).toFixed(1) : '-').padStart(14)}${String(r.count).padStart(7)}${(r.dynamoCalls === undefined ? '-' : String(r.dynamoCalls)).padStart(16)}${(r.cpu ? r.cpu.dynamo.toFixed(2) : '-').padStart(22)}${(r.cpu ? r.cpu.node.toFixed(2) : '-').padStart(6)}`,
      );
    }
    console.log(`  DynamoDB calls during the submissions (${rows.at(-1)!.count} timed): ${during}`);
    const submitted = used - 2; // the two counted alone before the load ran earlier
    const sub = rows.at(-1)!;
    console.log(
      `  after the submissions, the workers ${drained ? 'emptied the outbox' : 'had NOT emptied the outbox'} in ${drainSeconds.toFixed(1)} s, DynamoDB CPU ${(drainCpu / submitted).toFixed(2)} ms per submission sent (${submitted});` +
        ` with the run's: ${sub.cpu ? (sub.cpu.dynamo + drainCpu / submitted).toFixed(2) : '-'} ms per submission. Their calls: ${leftCalls}`,
    );
    if (!webBuilt) console.log('  note: no static file row: dist/web is not built (npm run build:web)');
    if (used >= solutions.length) console.log(`  note: the submissions stopped when the ${solutions.length} solutions ran out (--submissions N solves more)`);
    for (const r of rows) {
      if (r.failures.length) {
        console.log(`  FAILED ${r.name}: ${r.failures.length} answers not as expected, e.g. ${[...new Set(r.failures)].slice(0, 3).join(' | ')}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await stack.stop();
  }

  /** Waits (at most `ms`) until no outbox row of either lane is pending or claimed: true when none is left. */
  async function outboxDrained(ms: number): Promise<boolean> {
    const { ddb: client, table } = await import('../../functions/data/dynamo');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { duePartitionOf } = await import('../../functions/data/outbox');
    const until = performance.now() + ms;
    const left = async (lane: 'delivery' | 'events') =>
      ((await client.send(new QueryCommand({ TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :due', ExpressionAttributeValues: { ':due': duePartitionOf(lane) }, Limit: 1 }))).Items ?? []).length;
    while (performance.now() < until) {
      if ((await left('delivery')) + (await left('events')) === 0) return true;
      await new Promise((r) => setTimeout(r, 500));
    }
    return false;
  }

  async function fetchChallenge(page: 'form' | 'sign-up', apiKey: string): Promise<Challenge> {
    const query = new URLSearchParams({ page, ...(apiKey ? { apiKey } : {}) });
    const res = await fetch(`${stack.url}/api/public/challenge?${query}`, { headers: { 'x-forwarded-for': nextAddress() } });
    const body = (await res.json()) as { message: string; data: Challenge };
    if (res.status !== 200) throw new Error(`GET /public/challenge: ${res.status} ${body.message}`);
    return body.data;
  }
}

/** The x-challenge header of a challenge, solved as the page solves it (Web Crypto's PBKDF2). */
export async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('A challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url');
}
