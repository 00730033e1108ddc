// Every answer has a declared schema (`reply`): a core that answers another shape does not compile,
// and under REPLY_CHECK=strict (the local stack) an answer that slips through anyway (a cast, data
// read from the table) is a 500 naming the path, so an integration test's 2xx proves conformity.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noData, pageOf } from '#shared/common/schemas';
import { resetConfig } from '#lib/config';
import { log } from '#lib/log';
import { checkReply, endpoint, rawReply, type Reply } from './http';

const item = z.object({ id: z.string(), name: z.string(), note: z.optional(z.string()) });
const listReply = pageOf(item);

function event(): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'GET /api/leads/forms/{formId}',
    rawPath: '/api/leads/forms/f1',
    rawQueryString: '',
    headers: {},
    pathParameters: { formId: 'f1' },
    requestContext: { http: { method: 'GET', path: '/api/leads/forms/f1', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 5_000 } as unknown as Context;
type Result = { statusCode: number; body: string };

describe('reply types (compile time: tsc fails if an @ts-expect-error below stops being an error)', () => {
  it('accepts the declared shape and refuses a wrong field, a missing field and a forgotten data', () => {
    endpoint({ reply: listReply }, () => Promise.resolve({ data: { items: [{ id: 'a', name: 'A' }] } }));
    // @ts-expect-error name must be a string
    endpoint({ reply: listReply }, () => Promise.resolve({ data: { items: [{ id: 'a', name: 1 }] } }));
    // @ts-expect-error name is missing
    endpoint({ reply: listReply }, () => Promise.resolve({ data: { items: [{ id: 'a' }] } }));
    // @ts-expect-error a misspelled field (a field the schema lacks beside the right ones is caught at run time, below)
    endpoint({ reply: listReply }, () => Promise.resolve({ data: { item: [] } }));
    // @ts-expect-error data declared but not given
    endpoint({ reply: listReply }, () => Promise.resolve({ message: 'OK' }));
    endpoint({ reply: noData }, () => Promise.resolve({ message: 'Saved.' }));
    // @ts-expect-error noData: no data may be given
    endpoint({ reply: noData }, () => Promise.resolve({ message: 'Saved.', data: { id: 'x' } }));
    endpoint({ reply: rawReply('text/csv') }, () => Promise.resolve({ rawBody: 'a,b', headers: { 'content-type': 'text/csv' } }));
    // @ts-expect-error a raw reply needs its raw body
    endpoint({ reply: rawReply('text/csv') }, () => Promise.resolve({ data: 'a,b' }));
    expect(true).toBe(true);
  });
});

describe('checkReply (run time)', () => {
  const check = (declared: Parameters<typeof checkReply>[1], reply: Reply) => () => checkReply('GET /x', declared, reply);

  it('passes a conforming answer, dates and absent optionals included', () => {
    const withDate = z.object({ at: z.string() });
    expect(check(listReply, { data: { items: [{ id: 'a', name: 'A', note: undefined }], nextCursor: 'c' } })).not.toThrow();
    expect(check(withDate, { data: { at: new Date(0) } })).not.toThrow();
    expect(check(noData, { message: 'Saved.' })).not.toThrow();
    expect(check(rawReply('text/csv'), { rawBody: 'a', headers: { 'Content-Type': 'text/csv; charset=utf-8' } })).not.toThrow();
  });

  it('names the path of a wrong type, a missing field and an undeclared field', () => {
    expect(check(listReply, { data: { items: [{ id: 'a', name: 2 }] } })).toThrow(/GET \/x: .*data\.items\.0\.name/);
    expect(check(listReply, { data: { items: [{ id: 'a' }] } })).toThrow(/data\.items\.0\.name/);
    expect(check(listReply, { data: { items: [{ id: 'a', name: 'A', passwordHash: 'x' }] } })).toThrow(/undeclared field data\.items\.0\.passwordHash/);
    expect(check(noData, { data: { id: 'a' } })).toThrow(/data/);
    expect(check(listReply, { message: 'OK' })).toThrow(/data/);
    expect(check(rawReply('text/csv'), { rawBody: 'a', headers: { 'content-type': 'text/html' } })).toThrow(/text\/html/);
    expect(check(rawReply('text/csv'), { data: 'a' })).toThrow(/raw body/);
  });
});

describe('endpoint() under REPLY_CHECK=strict', () => {
  beforeEach(() => {
    vi.stubEnv('REPLY_CHECK', 'strict');
    resetConfig(); // the environment is parsed once (functions/lib/config.ts)
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfig();
  });

  it('answers 500 and logs the failing path when the core answers another shape', async () => {
    const errors = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const handler = endpoint({ reply: listReply }, () => Promise.resolve({ data: { items: [{ id: 'a', name: 7 }] } } as never));
    const res = (await handler(event(), context)) as Result;
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body).message).toBe('Something went wrong on our side. Please try again.');
    expect(String(errors.mock.calls[0]?.[1])).toMatch(/data\.items\.0\.name/);
    errors.mockRestore();
  });

  it('answers a conforming reply as usual, and without the flag does not check', async () => {
    const good = endpoint({ reply: listReply }, () => Promise.resolve({ data: { items: [{ id: 'a', name: 'A' }] } }));
    expect(((await good(event(), context)) as Result).statusCode).toBe(200);
    vi.stubEnv('REPLY_CHECK', '');
    resetConfig();
    const bad = endpoint({ reply: listReply }, () => Promise.resolve({ data: { items: [{ id: 'a', name: 7 }] } } as never));
    expect(((await bad(event(), context)) as Result).statusCode).toBe(200);
  });
});
