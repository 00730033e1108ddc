// endpoint() answers within one deadline, whatever the handler is waiting for, and aborts what the
// request still has in flight.
import * as z from 'zod/mini';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { DEADLINE_MESSAGE, UNAVAILABLE_MESSAGE, endpoint } from './http';
import { currentScope } from '#lib/request-scope';

/** These tests are about the chain, not the answer's shape: any reply. */
const anyReply = z.unknown();

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

const context = (remainingMs: number) => {
  const until = Date.now() + remainingMs;
  return { awsRequestId: 'req-1', getRemainingTimeInMillis: () => until - Date.now() } as unknown as Context;
};

describe('the request deadline', () => {
  it('answers 503 with Retry-After when the handler never finishes, and aborts its signal', async () => {
    let signal: AbortSignal | undefined;
    const handler = endpoint({ reply: anyReply }, async () => {
      signal = currentScope()?.signal;
      return new Promise<never>(() => undefined);
    });
    const started = Date.now();
    const res = (await handler(event(), context(1_600))) as { statusCode: number; headers: Record<string, string>; body: string };
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.headers['Retry-After']).toBe('2');
    expect(JSON.parse(res.body)).toEqual({ message: DEADLINE_MESSAGE, requestId: 'req-1' });
    expect(took).toBeGreaterThanOrEqual(550);
    expect(took).toBeLessThan(1_200);
    expect(signal?.aborted).toBe(true);
  });

  it('answers normally, and leaves the signal alone, when the handler is in time', async () => {
    let signal: AbortSignal | undefined;
    const handler = endpoint({ reply: anyReply }, () => {
      signal = currentScope()?.signal;
      return Promise.resolve({ data: { ok: true } });
    });
    const res = (await handler(event(), context(5_000))) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body).data).toEqual({ ok: true });
    expect(signal?.aborted).toBe(false);
  });

  it('answers 503 with Retry-After when a store cannot be reached (a restart), and 500 for other failures', async () => {
    const refused = endpoint({ reply: anyReply }, () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' })));
    const res = (await refused(event(), context(5_000))) as { statusCode: number; headers: Record<string, string>; body: string };
    expect(res.statusCode).toBe(503);
    expect(res.headers['Retry-After']).toBe('2');
    expect(JSON.parse(res.body).message).toBe(UNAVAILABLE_MESSAGE);

    const broken = endpoint({ reply: anyReply }, () => Promise.reject(new TypeError('a bug')));
    expect(((await broken(event(), context(5_000))) as { statusCode: number }).statusCode).toBe(500);
  });
});
