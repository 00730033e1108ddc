// `npx tsx scripts/bench/submit-profile.ts [N]`: where a public form submission's time goes. The local
// stack in memory, one clinic with a form; then 20 submissions one after the other and N more at 16
// concurrent, with every DynamoDB call of this process timed and grouped by who made it (`req`: the
// submission's handler; `wkr`: the outbox workers, which run in the same process here) and by
// command and key. What `npm run bench -- --load` cannot say: which calls a submission makes and
// what each costs, alone and under load. Print `cat /proc/loadavg` beside what you quote.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { startLocalStack } from '../../infra/local/stack';
import type { ApiBody } from '../../shared/api';
import type { Operation, ReplyOf } from '../../shared/api-contract';

const CONCURRENT = Math.max(20, Number(process.argv[2] ?? 160));
const ALONE = 20;

let visitor = 0;
/** A new visitor's address (the benchmarking range): the per-address limits count each apart. */
const nextAddress = () => {
  visitor++;
  return `198.18.${(visitor >> 8) & 255}.${visitor & 255}`;
};

interface Stat {
  ms: number[];
}

const stack = await startLocalStack({ inMemory: true, port: 0, quiet: true, longRunning: true });
try {
  // A call of `operation` (its method, and its path unless one with ids or a query is given); the reply's
  // data typed as the API's contract has it (shared/api-contract.ts).
  const api = async <K extends Operation>(operation: K, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}, path = operation.slice(operation.indexOf(' ') + 1)) => {
    const res = await fetch(`${stack.url}/api${path}`, {
      method: operation.slice(0, operation.indexOf(' ')),
      headers: { 'x-forwarded-for': nextAddress(), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as ApiBody<ReplyOf<K>> };
  };
  const must = async <T>(what: string, call: Promise<{ status: number; body: ApiBody<T> }>) => {
    const res = await call;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.body.message}`);
    return res.body.data!;
  };
  const fetchChallenge = async (page: string, apiKey: string): Promise<Challenge> => {
    const res = await fetch(`${stack.url}/api/public/challenge?${new URLSearchParams({ page, ...(apiKey ? { apiKey } : {}) })}`, { headers: { 'x-forwarded-for': nextAddress() } });
    return ((await res.json()) as { data: Challenge }).data;
  };
  const solved = async (challenge: Challenge) => Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString('base64url');

  // ---- A clinic with a form, its owner signed up as a person does ------------------------------
  const email = `profile-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Bench-pass-1';
  await must('register', api('POST /users/register-email', { body: { email, password }, headers: { 'x-challenge': await solved(await fetchChallenge('sign-up', '')) } }));
  const inbox = (await (await fetch(`${stack.inboxUrl}/store`)).json()) as { emails: { subject: string; destination: { to: string[] } }[] };
  const code = /\b(\d{6})\b/.exec(inbox.emails.filter((m) => m.destination.to.includes(email)).at(-1)!.subject)![1];
  const registration = (await must('verify', api('POST /users/verify-email-otp', { body: { email, otp: code, password } }))).token as string;
  await must('details', api('POST /users/add-basic-details', { token: registration, body: { username: `prof${randomUUID().slice(0, 6)}`, firstName: 'Pat', lastName: 'Owner', phoneNumber: '+15550000000', gender: 'other' } }));
  const org = await must('organisation', api('POST /users/add-organization', { token: registration, body: { name: 'Profile Clinic', email, legalName: 'Profile Clinic LLC', websiteUrl: 'https://profile.example.com', phoneNumber: '+15550000000' } }));
  const token = org.token as string;
  const integration = await must('integration', api('GET /organization/integration', { token }));
  const { apiKey } = integration;
  const form = await must('form', api('POST /form-builder/form', {
    token,
    body: { name: 'Intake', fields: [{ id: 'name', label: 'Full name', type: 'text', required: true }, { id: 'email', label: 'Email', type: 'email', required: true }, { id: 'reason', label: 'Reason', type: 'textarea', required: false }], successMessage: 'Thanks.' },
  }));
  const challenges: Challenge[] = [];
  for (let i = 0; i < ALONE + CONCURRENT + 1; i++) challenges.push(await fetchChallenge('form', apiKey));
  const solutions = await Promise.all(challenges.map(solved));

  // ---- Every DynamoDB call of this process, timed, by maker, command and key --------------------
  const { ddb } = await import('../../functions/data/dynamo');
  const { currentScope } = await import('../../functions/lib/request-scope');
  let stats = new Map<string, Stat>();
  /** What a DynamoDB command's input says of its key (Get/Put/Update/Query/TransactWrite...); the table's keys are strings. */
  interface KeyedInput { Key?: { pk?: string }; Item?: { pk?: string }; ExpressionAttributeValues?: { ':pk'?: string }; TransactItems?: unknown[] }
  const keyOf = (input: KeyedInput) => {
    const key = input.Key?.pk ?? input.Item?.pk ?? input.ExpressionAttributeValues?.[':pk'] ?? (input.TransactItems ? `${input.TransactItems.length} items` : '');
    return key.replace(/[^#]+@[^#]+/g, '<email>').replace(/[A-Za-z0-9_-]{16,}/g, '*').slice(0, 40);
  };
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const route = currentScope()?.log?.route;
      const who = !route ? '-' : route.startsWith('POST /api') ? 'req' : 'wkr';
      const name = `${who} ${context.commandName} ${keyOf(args.input as KeyedInput)}`;
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        const stat = stats.get(name) ?? { ms: [] };
        stat.ms.push(performance.now() - started);
        stats.set(name, stat);
      }
    },
    { step: 'initialize', name: 'submitProfile' },
  );

  let used = 0;
  const submit = async () => {
    const solution = solutions[used++];
    const n = used;
    const started = performance.now();
    const res = await fetch(`${stack.url}/api/form-builder/form/${form.id}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), 'x-challenge': solution, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ apiKey, items: [{ fieldId: 'name', value: `Visitor ${n}` }, { fieldId: 'email', value: `visitor${n}@example.com` }, { fieldId: 'reason', value: 'A sore knee.' }] }),
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`submission ${res.status} ${text.slice(0, 200)}`);
    return performance.now() - started;
  };
  const total = (ms: number[]) => ms.reduce((a, b) => a + b, 0);
  const report = (title: string, times: number[], seconds: number) => {
    times.sort((a, b) => a - b);
    console.log(`\n== ${title}: p50 ${times[Math.floor(times.length / 2)].toFixed(1)} ms, ${(times.length / seconds).toFixed(1)} per s, n ${times.length}; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const [name, stat] of [...stats].sort((a, b) => total(b[1].ms) - total(a[1].ms)).slice(0, 25)) {
      const sorted = [...stat.ms].sort((a, b) => a - b);
      console.log(`${name.padEnd(72)} n ${String(sorted.length).padStart(5)}  p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(1).padStart(7)} ms  total ${total(sorted).toFixed(0).padStart(7)} ms`);
    }
  };

  await submit(); // warms the handler (and its caches) up
  stats = new Map();
  const alone: number[] = [];
  let started = performance.now();
  for (let i = 0; i < ALONE; i++) alone.push(await submit());
  report(`${ALONE} submissions one after the other`, alone, (performance.now() - started) / 1000);

  stats = new Map();
  const concurrent: number[] = [];
  let left = CONCURRENT;
  started = performance.now();
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (left-- > 0) concurrent.push(await submit());
  }));
  report(`${CONCURRENT} submissions at 16 concurrent`, concurrent, (performance.now() - started) / 1000);
} finally {
  await stack.stop();
}
