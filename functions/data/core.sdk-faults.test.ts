// The DynamoDB faults the local stack cannot produce on demand, and the data core's answer to each:
// throttling, a batch write's UnprocessedItems, a transaction cancelled for TransactionConflict or for
// throttling. aws-sdk-client-mock stands in for the table's client here only (the behaviour of the
// handlers is tested against DynamoDB Local, test/integration); it replaces the client's send, so the
// SDK's own retries are not in these calls: what reaches the core is what the SDK gave up on. The
// SDK's retries themselves are checked at the end, against a stub HTTP handler under the real client.
import 'aws-sdk-client-mock-vitest/extend';
import { Readable } from 'node:stream';
import { BatchGetCommand, BatchWriteCommand, GetCommand, TransactWriteCommand, type DynamoDBDocumentClientResolvedConfig, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import { ProvisionedThroughputExceededException, ThrottlingException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { HttpResponse, type HttpRequest } from '@smithy/core/protocols';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient, type AwsStub } from 'aws-sdk-client-mock';
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENDED_MESSAGE, UNAVAILABLE_MESSAGE, endpoint } from '#http/http';
import { conflict } from '#lib/errors';
import { runInScope } from '#lib/request-scope';
import { TransactionFailure, batchGet, batchWrite, retryOnConflict, transact, type TransactItem } from './core';
import { ddb } from './dynamo';

const meta = (httpStatusCode: number) => ({ $metadata: { httpStatusCode } });
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: `Transaction cancelled [${codes.join(', ')}]`, CancellationReasons: codes.map((Code) => ({ Code })), ...meta(400) });
const throughputExceeded = () => new ProvisionedThroughputExceededException({ message: 'The level of configured provisioned throughput for the table was exceeded.', ...meta(400) });
const throttled = () => new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput.', ...meta(400) });
const put = (sk: string): TransactItem => ({ Put: { TableName: 'test-table', Item: { pk: 'ORG#o1', sk } } });

let ddbMock: AwsStub<ServiceInputTypes, ServiceOutputTypes, DynamoDBDocumentClientResolvedConfig>;
/** The pauses the core took (ms), in order: backoffs run at once, the tests count them. */
let pauses: number[];
const realSetTimeout = globalThis.setTimeout;

beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'test-table');
  ddbMock = mockClient(ddb);
  pauses = [];
  // Backoffs (under 5 s) run at once; the request's deadline (endpoint(), ~10 s) keeps its real timer.
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if ((ms ?? 0) >= 5_000) return realSetTimeout(fn, ms);
    pauses.push(ms ?? 0);
    fn();
    return 0;
  }) as never);
});
afterEach(() => {
  ddbMock.restore();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

// ---- The answer a visitor gets, through the real endpoint() chain (a public row that needs no table).

type Answer = { statusCode: number; headers: Record<string, string>; body: string };
const publicEvent = {
  version: '2.0',
  routeKey: 'GET /api/leads/forms/{formId}',
  rawPath: '/api/leads/forms/f1',
  rawQueryString: '',
  headers: {},
  pathParameters: { formId: 'f1' },
  requestContext: { http: { method: 'GET', path: '/api/leads/forms/f1', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } },
  isBase64Encoded: false,
} as unknown as APIGatewayProxyEventV2;
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

async function answerOf(core: () => Promise<unknown>): Promise<Answer> {
  const handler = endpoint({ reply: z.unknown() }, async () => {
    await core();
    return {};
  });
  return (await handler(publicEvent, context)) as Answer;
}

describe('a transaction cancelled for TransactionConflict', () => {
  it('is tried again with a growing backoff, and the write lands', async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(cancelled('None', 'TransactionConflict')).rejectsOnce(cancelled('TransactionConflict', 'None')).resolves({});

    await transact([put('a'), put('b')]);

    expect(ddbMock).toHaveReceivedCommandTimes(TransactWriteCommand, 3);
    expect(ddbMock).toHaveReceivedNthCommandWith(TransactWriteCommand, 3, { TransactItems: [put('a'), put('b')] });
    expect(pauses).toHaveLength(2);
    expect(pauses.every((ms) => ms > 0)).toBe(true);
  });

  it('that loses every try is answered 409 with a clear message, not 500', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));

    const answer = await answerOf(() => transact([put('a')]));

    expect(ddbMock).toHaveReceivedCommandTimes(TransactWriteCommand, 8);
    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(answer.body)).toEqual({ message: CONTENDED_MESSAGE });
  });

  it('next to a failed condition is an answer, not a moment: thrown at once, never tried again', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'TransactionConflict'));

    const error = await transact([put('a'), put('b')]).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TransactionFailure);
    expect((error as TransactionFailure).failedAt(0)).toBe(true);
    expect(ddbMock).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });
});

describe('a read-modify-write that loses its race (retryOnConflict)', () => {
  it("reads and writes again after a failed condition, then answers the caller's 409 when every try lost", async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed')).resolves({});
    let reads = 0;
    const write = () =>
      retryOnConflict(
        async () => {
          reads++;
          await transact([put('counter')]);
          return 'written';
        },
        { attempts: 3, conditionFailures: true, exhausted: () => conflict('The record changed meanwhile.') },
      );

    await expect(write()).resolves.toBe('written');
    expect(reads).toBe(2);

    ddbMock.reset();
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    const answer = await answerOf(write);
    expect(ddbMock).toHaveReceivedCommandTimes(TransactWriteCommand, 3);
    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(answer.body).message).toBe('The record changed meanwhile.');
  });
});

describe('throttling', () => {
  it.each(['ThrottlingError', 'ProvisionedThroughputExceeded'])('a transaction cancelled for %s (which the SDK does not retry) is tried again with backoff', async (code) => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(cancelled('None', code)).rejectsOnce(cancelled(code, 'None')).resolves({});

    await transact([put('a'), put('b')]);

    expect(ddbMock).toHaveReceivedCommandTimes(TransactWriteCommand, 3);
    expect(pauses).toHaveLength(2);
  });

  it('a transaction still throttled after every try is a clean 503 with Retry-After', async () => {
    ddbMock.on(TransactWriteCommand).rejects(cancelled('ThrottlingError'));

    const answer = await answerOf(() => transact([put('a')]));

    expect(ddbMock).toHaveReceivedCommandTimes(TransactWriteCommand, 8);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['Retry-After']).toBe('2');
    expect(JSON.parse(answer.body).message).toBe(UNAVAILABLE_MESSAGE);
  });

  it.each([
    ['ProvisionedThroughputExceededException', throughputExceeded],
    ['ThrottlingException', throttled],
  ])('%s on a read, once the SDK has spent its retries, is a clean 503 with Retry-After, not 500', async (_name, error) => {
    ddbMock.on(GetCommand).rejects(error());

    const answer = await answerOf(() => ddb.send(new GetCommand({ TableName: 'test-table', Key: { pk: 'ORG#o1', sk: 'PROFILE' } })));

    expect(answer.statusCode).toBe(503);
    expect(answer.headers['Retry-After']).toBe('2');
    expect(JSON.parse(answer.body)).toEqual({ message: UNAVAILABLE_MESSAGE, requestId: 'req-1' });
  });
});

describe('a batch write whose items DynamoDB left unprocessed (throttled)', () => {
  const puts = (n: number) => Array.from({ length: n }, (_, i) => ({ PutRequest: { Item: { pk: 'ORG#o1', sk: `ITEM#${i}` } } }));

  it('sends them again, with backoff, until every item is written', async () => {
    const written: unknown[] = [];
    let call = 0;
    ddbMock.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, unknown[]> }) => {
      const requests = input.RequestItems['test-table'];
      call++;
      // The first two answers leave the last 10, then the last 3, unprocessed.
      const left = call === 1 ? 10 : call === 2 ? 3 : 0;
      written.push(...requests.slice(0, requests.length - left));
      return left ? { UnprocessedItems: { 'test-table': requests.slice(-left) } } : {};
    });

    await batchWrite(puts(25));

    expect(ddbMock).toHaveReceivedCommandTimes(BatchWriteCommand, 3);
    expect(ddbMock).toHaveReceivedNthCommandWith(BatchWriteCommand, 2, { RequestItems: { 'test-table': puts(25).slice(15) } });
    expect(written).toEqual(puts(25));
    expect(pauses).toHaveLength(2);
    expect(pauses[1]).toBeGreaterThan(pauses[0]);
  });

  it('raises an error when items are still left after 8 sends: nothing is dropped silently', async () => {
    ddbMock.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, unknown[]> }) => ({ UnprocessedItems: { 'test-table': input.RequestItems['test-table'].slice(-1) } }));

    await expect(batchWrite(puts(3))).rejects.toThrow('BatchWrite left items unprocessed');
    expect(ddbMock).toHaveReceivedCommandTimes(BatchWriteCommand, 8);
  });

  it('a batch read sends the unprocessed keys again and answers every item', async () => {
    const item = (sk: string) => ({ pk: 'ORG#o1', sk, v: sk });
    ddbMock
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { 'test-table': [item('a')] }, UnprocessedKeys: { 'test-table': { Keys: [{ pk: 'ORG#o1', sk: 'b' }], ConsistentRead: true } } })
      .resolves({ Responses: { 'test-table': [item('b')] } });

    const found = await batchGet([{ pk: 'ORG#o1', sk: 'a' }, { pk: 'ORG#o1', sk: 'b' }]);

    expect(found).toEqual([item('a'), item('b')]);
    expect(ddbMock).toHaveReceivedNthCommandWith(BatchGetCommand, 2, { RequestItems: { 'test-table': { Keys: [{ pk: 'ORG#o1', sk: 'b' }], ConsistentRead: true } } });
  });
});

// ---- The SDK's own retries: the real client, its HTTP handler replaced (no mock of send here).

describe("the table client's own retries (the SDK's standard strategy, maxAttempts 3)", () => {
  const throttledAnswer = () =>
    new HttpResponse({
      statusCode: 400,
      headers: { 'content-type': 'application/x-amz-json-1.0' },
      body: Readable.from([Buffer.from(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'Rate exceeded' }))]),
    });
  const okAnswer = () =>
    new HttpResponse({ statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Readable.from([Buffer.from(JSON.stringify({ Item: { pk: { S: 'ORG#o1' }, sk: { S: 'PROFILE' } } }))]) });

  let requests: HttpRequest[];
  let original: unknown;
  /** The table's HTTP answers, in order (the last one repeats). */
  function table(...answers: (() => HttpResponse)[]) {
    requests = [];
    original = ddb.config.requestHandler;
    (ddb.config as { requestHandler: unknown }).requestHandler = {
      handle: (request: HttpRequest, options?: { abortSignal?: AbortSignal }) => {
        if (options?.abortSignal?.aborted) return Promise.reject(Object.assign(new Error('Request aborted'), { name: 'AbortError' }));
        requests.push(request);
        return new Promise<{ response: HttpResponse }>((resolve) => resolve({ response: answers[Math.min(requests.length, answers.length) - 1]() }));
      },
      updateHttpClientConfig: () => undefined,
      httpHandlerConfigs: () => ({}),
    };
  }

  beforeEach(() => {
    ddbMock.restore(); // the real client
    vi.mocked(globalThis.setTimeout).mockRestore(); // the SDK's real pauses
    vi.stubEnv('AWS_REGION', 'eu-west-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  });
  afterEach(() => {
    (ddb.config as { requestHandler: unknown }).requestHandler = original;
  });

  const get = () => ddb.send(new GetCommand({ TableName: 'test-table', Key: { pk: 'ORG#o1', sk: 'PROFILE' } }));

  it('retries a throttled call, and the read succeeds on a later try', async () => {
    table(throttledAnswer, throttledAnswer, okAnswer);

    const out = await get();

    expect(out.Item).toEqual({ pk: 'ORG#o1', sk: 'PROFILE' });
    expect(requests).toHaveLength(3);
  });

  it('gives up after 3 tries, well inside a request deadline, with the error the 503 is answered for', async () => {
    table(throttledAnswer);
    const started = Date.now();

    const error = await get().catch((e: unknown) => e);

    expect(requests).toHaveLength(3);
    expect((error as Error).name).toBe('ProvisionedThroughputExceededException');
    // Two throttling backoffs of at most 0.5 s and 1 s (full jitter from a 500 ms base); an API function's deadline is longer.
    expect(Date.now() - started).toBeLessThan(3_500);
  });

  it("stops retrying when the request's deadline has passed (its signal aborts what is in flight)", async () => {
    const controller = new AbortController();
    // The deadline passes while the first try is answered throttled.
    table(() => {
      controller.abort(new Error('The request ran out of time.'));
      return throttledAnswer();
    });

    const error = await runInScope({ signal: controller.signal }, get).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Error);
    expect(requests).toHaveLength(1);
  });
});
