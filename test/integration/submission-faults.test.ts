// A public form submission whose ONE write stalls: DynamoDB Local is paused (SIGSTOP) at the moment the
// lead's transaction goes out, on a stack of this file's own (pausing it must never stall the shared
// stack of the other files). The visitor gets the clean 503 with Retry-After within the deadline;
// nothing is half-written (the lead with its Idempotency-Key record, and its event that spent the
// solution, are there together or not at all, whether the stalled write landed late or not); the retry with the same
// Idempotency-Key after SIGCONT stores exactly one lead, counted once (the day's count is made by the
// lead's event's subscriber, after the write: waited for).
import { createHash, randomUUID } from 'node:crypto';
import { TransactGetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { mailsTo, testAddress, uniqueEmail } from '../support/api';
import { solvedChallenge } from '../support/challenge';
import { eventually } from '../support/eventually';
import { todayIn } from '../../shared/bookings/time';
import { DEFAULT_TIME_ZONE } from '../../shared/bookings/slots';
import type { Json } from '../support/json';
import { resumeProcess } from '../support/pause';

const DEADLINE_MESSAGE = 'This is taking longer than it should. Please try again in a moment.';
/** The local Lambda's 10 s less the 1 s margin, and a little for the answer to travel. */
const ANSWER_WITHIN_MS = 9_800;
const ROUTE_KEY = 'POST /api/form-builder/form/{id}/submissions';

let stack: LocalStack;
let ddb: typeof import('../../functions/data/dynamo').ddb;
let table: string;
/** Set by the test: the next transaction that stores a lead pauses DynamoDB Local before it is sent. */
let pauseOnLeadWrite = false;
let pausedAt = 0;

interface Answer {
  status: number;
  body: { message: string; data?: Json };
  headers: Headers;
  ms: number;
}

async function call(method: string, path: string, options: { body?: unknown; token?: string; key?: string; challenge?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': testAddress() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.key) headers['idempotency-key'] = options.key;
  if (options.challenge) headers['x-challenge'] = options.challenge;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const started = Date.now();
  const res = await fetch(`${stack.url}/api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  let body: Answer['body'];
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    body = { message: text };
  }
  return { status: res.status, body, headers: res.headers, ms: Date.now() - started };
}

let owner: { token: string; orgId: string };
let apiKey: string;
let formId: string;

beforeAll(async () => {
  stack = await startLocalStack({ inMemory: true, port: 0, sesPort: 0, quiet: true });
  // The stack runs the handlers in this process: its data layer is this module (imported after the stack set the environment).
  const dynamo = await import('../../functions/data/dynamo');
  ddb = dynamo.ddb;
  table = dynamo.table();
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const items = (args.input as { TransactItems?: { Put?: { Item?: { pk?: string } } }[] }).TransactItems;
      if (pauseOnLeadWrite && context.commandName === 'TransactWriteItemsCommand' && items?.some((i) => i.Put?.Item?.pk?.includes('#SUB#'))) {
        pauseOnLeadWrite = false;
        process.kill(stack.dynamoDbPid()!, 'SIGSTOP');
        pausedAt = Date.now();
      }
      return next(args);
    },
    { step: 'initialize', name: 'pauseOnLeadWrite' },
  );

  const email = uniqueEmail('stall');
  const password = 'Secret-123';
  const signUp = await call('POST', '/users/register-email', { body: { email, password }, challenge: await solvedChallenge(`${stack.url}/api`, 'sign-up') });
  expect(signUp.status).toBe(201);
  const code = await eventually(async () => (await mailsTo(email, stack.inboxUrl)).map((m) => /\b(\d{6})\b/.exec(m.subject)?.[1]).find(Boolean), 'the sign-up code');
  const registration = (await call('POST', '/users/verify-email-otp', { body: { email, otp: code, password } })).body.data as { token: string };
  await call('POST', '/users/add-basic-details', { token: registration.token, body: { username: 'stallname', firstName: 'Olive', lastName: 'Owner', phoneNumber: '+15551234567', gender: 'female' } });
  const org = await call('POST', '/users/add-organization', { token: registration.token, body: { name: 'Stall Clinic', email, legalName: 'Stall Clinic LLC', websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567' } });
  expect(org.status).toBe(201);
  const data = org.body.data as { token: string; userDetails: { organizationId: string } };
  owner = { token: data.token, orgId: data.userDetails.organizationId };
  apiKey = ((await call('GET', '/organization/integration', { token: owner.token })).body.data as { apiKey: string }).apiKey;
  formId = ((await call('POST', '/form-builder/form', { token: owner.token, body: { name: 'Intake', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }] } })).body.data as { id: string }).id;
}, 90_000);

afterAll(async () => {
  resumeProcess(stack?.dynamoDbPid());
  await stack?.stop();
}, 30_000);

const leadsOf = async (email: string) => ((await call('GET', '/leads?limit=100', { token: owner.token })).body.data as { items: { id: string; email: string }[] }).items.filter((l) => l.email === email);

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The lead's transaction as stored, read in one snapshot (TransactGetItems: never half of a transaction
 * that is landing): the lead (named by the key) with the request's record it carries, and its event
 * (named by the solution, whose first write spent it). Their names are the route's own (http.ts newId,
 * data/submissions.ts putSubmission).
 */
async function sideRecords(key: string, challenge: string) {
  const { signature } = (JSON.parse(Buffer.from(challenge, 'base64url').toString('utf8')) as { challenge: { signature: string } }).challenge;
  const { derivedId, keyForWrite } = await import('../../functions/data/idempotency');
  const { eventRowId } = await import('../../functions/data/events');
  const leadId = derivedId(keyForWrite(ROUTE_KEY, key, '', apiKey).seed, 'lead');
  const keys = [
    { pk: `ORG#${owner.orgId}#SUB#${leadId}`, sk: 'SUB' },
    { pk: `OUTBOX#${eventRowId('form-submitted', owner.orgId, `solution-${sha256(signature)}`)}`, sk: 'MESSAGE' },
  ];
  const out = await ddb.send(new TransactGetCommand({ TransactItems: keys.map((Key) => ({ Get: { TableName: table, Key } })) }));
  const [lead, spent] = (out.Responses ?? []).map((r) => r?.Item);
  return { keyStatus: (lead?.requestRecord as { status?: string } | undefined)?.status, spent: Boolean(spent) };
}

/** The day's count of leads (its subscriber's, after the lead's write), on today in the clinic's zone (the default: none was given). */
async function leadsReceived() {
  const out = await ddb.send(new TransactGetCommand({ TransactItems: [{ Get: { TableName: table, Key: { pk: `ORG#${owner.orgId}#REPORT`, sk: `DAY#${todayIn(DEFAULT_TIME_ZONE)}` } } }] }));
  return Number(out.Responses?.[0]?.Item?.['leads:received'] ?? 0);
}

describe('DynamoDB paused during the lead’s one write', () => {
  it('answers 503 with Retry-After, writes nothing half, and the retry with the same key stores one lead', async () => {
    const email = uniqueEmail('visitor');
    const key = randomUUID();
    const body = { apiKey, items: [{ fieldId: 'email', value: email }] };
    // The solution, solved while the table answers; the retry brings the same one (allowed with the same key).
    const challenge = await solvedChallenge(`${stack.url}/api`, 'form', apiKey);
    const submit = () => call('POST', `/form-builder/form/${formId}/submissions`, { key, challenge, body });

    pauseOnLeadWrite = true;
    let first: Answer;
    try {
      first = await submit();
    } finally {
      if (pausedAt) process.kill(stack.dynamoDbPid()!, 'SIGCONT');
    }
    expect(pausedAt, 'the lead’s transaction was the write that stalled').toBeGreaterThan(0);
    expect(first.status).toBe(503);
    expect(first.body.message).toBe(DEADLINE_MESSAGE);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(first.ms).toBeLessThanOrEqual(ANSWER_WITHIN_MS);

    // Whether the stalled transaction landed late or not (it may land any moment now), all of it is there or none of it.
    const side = await sideRecords(key, challenge);
    expect([{ keyStatus: 'completed', spent: true }, { keyStatus: undefined, spent: false }]).toContainEqual(side);
    console.log(`submission-faults: answered ${first.status} after ${first.ms} ms; the stalled transaction ${side.keyStatus ? 'had landed (all of it)' : 'had not landed (none of it)'} right after SIGCONT`);

    // The visitor sends the same request again (same key, same solution) until it is answered.
    let done = await submit();
    for (let tries = 0; (done.status === 409 || done.status === 503) && tries < 5; tries++) done = await submit();
    expect(done.status).toBe(201);
    // A replay when the stalled write had landed; the first write otherwise. Either way one lead, counted once.
    if (side.keyStatus) expect(done.headers.get('idempotent-replayed')).toBe('true');
    const leads = await leadsOf(email);
    expect(leads.map((l) => l.id)).toEqual([(done.body.data as { submissionId: string }).submissionId]);
    expect(await sideRecords(key, challenge)).toEqual({ keyStatus: 'completed', spent: true });
    const again = await submit();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(done.body);
    // Counted once by the lead's event's subscriber, whichever write stored it, and no more after a while.
    await eventually(async () => ((await leadsReceived()) === 1 ? true : undefined), 'the lead counted');
    await stack.sweepOutbox();
    expect(await leadsReceived()).toBe(1);
  }, 40_000);
});
