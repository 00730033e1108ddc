// What a public form submission costs the table, and how fresh the cached public reads are
// (functions/data/public-cache.ts). The public handlers run in THIS process (one warm container)
// against the stack's table, with their DynamoDB calls counted; staff change the form either through
// the stack (another container) or in this process.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signUpOwner, testAddress } from '../support/api';
import { solvedChallenge } from '../support/challenge';
import { eventually } from '../support/eventually';
import type { Json } from '../support/json';

type Handler = (e: APIGatewayProxyEventV2, c: Context) => Promise<unknown>;
type Answer = { status: number; body: Json };

const FIELDS = [
  { id: 'name', label: 'Full name', type: 'text', required: true },
  { id: 'email', label: 'Email', type: 'email', required: true },
];

/** The DynamoDB calls this process made, by command, while counting. */
let calls: string[] | undefined;
const COUNTER = 'publicFormReadsCounter';
let removeCounter: (() => void) | undefined;
const stubbed: string[] = [];

beforeAll(async () => {
  for (const [name, value] of Object.entries(inject('stackEnv'))) {
    if (process.env[name] === undefined) stubbed.push(name);
    process.env[name] = value;
  }
  const { ddb } = await import('../../functions/data/dynamo');
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      calls?.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize', name: COUNTER },
  );
  removeCounter = () => ddb.middlewareStack.remove(COUNTER);
});
afterAll(() => {
  removeCounter?.();
  for (const name of stubbed) delete process.env[name];
});

/** Runs a route's handler in this process. */
async function call(routeKey: string, handlerPath: string, init: { params: Record<string, string>; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> }): Promise<Answer> {
  const { handler } = (await import(handlerPath)) as { handler: Handler };
  const event = {
    routeKey,
    rawPath: routeKey.split(' ')[1],
    pathParameters: init.params,
    queryStringParameters: init.query,
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    requestContext: { http: { method: routeKey.split(' ')[0], sourceIp: testAddress() } },
  } as unknown as APIGatewayProxyEventV2;
  const res = (await handler(event, { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 10_000 } as Context)) as { statusCode: number; body: string };
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

async function submit(apiKey: string, formId: string, n: number): Promise<Answer> {
  const body = { apiKey, items: [{ fieldId: 'name', value: `Visitor ${n}` }, { fieldId: 'email', value: `visitor${n}@example.com` }] };
  const challenge = await solvedChallenge(inject('apiUrl'), 'form', apiKey);
  return call('POST /api/form-builder/form/{id}/submissions', '../../functions/forms/submit-form', {
    params: { id: formId },
    body,
    headers: { 'x-challenge': challenge, 'idempotency-key': randomUUID() },
  });
}

const publicForm = (apiKey: string, formId: string) =>
  call('GET /api/leads/forms/{formId}', '../../functions/forms/get-public-form', { params: { formId }, query: { apiKey } });

async function setUp(tag: string) {
  const owner = await signUpOwner(tag);
  const apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey as string;
  const form = (await api('POST', '/form-builder/form', { token: owner.token, body: { name: 'Intake', fields: FIELDS, successMessage: 'Thanks!' } })).body.data;
  return { owner, apiKey, formId: form.id as string };
}

describe('a public form submission in a warm container', () => {
  it('costs one DynamoDB call: one transaction holds the lead, the rate count, the Idempotency-Key claim and the challenge', async () => {
    const { owner, apiKey, formId } = await setUp('warmsubmit');
    expect((await submit(apiKey, formId, 1)).status).toBe(201);

    calls = [];
    const second = await submit(apiKey, formId, 2);
    const made = calls;
    calls = undefined;
    expect(second.status).toBe(201);
    // No read of the apiKey, the form, the organisation or the webhook endpoints: the first submission's are kept.
    // The address's rate count and the Idempotency-Key ride in the lead's transaction (http.ts challengeInWrite).
    expect(made).toEqual(['TransactWriteItemsCommand']);
    // Both are leads of the form, as staff see them.
    const leads = await api('GET', `/form-builder/form/${formId}/submissions`, { token: owner.token });
    expect(leads.body.data.items.map((l: { name: string }) => l.name).sort()).toEqual(['Visitor 1', 'Visitor 2']);
  });
});

describe('the cached public form', () => {
  it("shows this container's own change at once, and another container's within seconds", async () => {
    const { owner, apiKey, formId } = await setUp('freshform');
    expect((await publicForm(apiKey, formId)).body.data.name).toBe('Intake');

    // Saved through the stack (another process): seen here once the cached copy is a few seconds old.
    const saved = await api('PUT', `/form-builder/form/${formId}`, { token: owner.token, body: { name: 'Intake (new)', fields: FIELDS, successMessage: 'Thanks!' } });
    expect(saved.status).toBe(200);
    await eventually(async () => ((await publicForm(apiKey, formId)).body.data.name === 'Intake (new)' ? true : undefined), 'the renamed form', 8_000);

    // Saved in this process: the very next public read shows it, and a submission is checked against it.
    const here = await call('PUT /api/form-builder/form/{id}', '../../functions/forms/update-form', {
      params: { id: formId },
      body: { name: 'Intake (third)', fields: [...FIELDS, { id: 'phone', label: 'Phone', type: 'text', required: true }], successMessage: 'Thanks!' },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(here.status).toBe(200);
    expect((await publicForm(apiKey, formId)).body.data.name).toBe('Intake (third)');
    const missingPhone = await submit(apiKey, formId, 3);
    expect(missingPhone.status).toBe(400);
  });
});
