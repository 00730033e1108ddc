// What endpoint() logs: one JSON line per request (ids, route, organisation, status, duration) and
// errors under the same request id, never personal data; business metrics as CloudWatch EMF lines.
import * as z from 'zod/mini';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from './config';
import { endpoint } from '#http/http';
import { captureLogs, countMetric, errorFields, redact } from './log';
import { noteTenant } from './request-scope';

/** These tests are about the chain, not the answer's shape: any reply. */
const anyReply = z.unknown();

const EMAIL = 'jane.doe@example.com';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';

function event(body?: unknown): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'GET /api/leads/forms/{formId}',
    rawPath: '/api/leads/forms/f1',
    rawQueryString: '',
    headers: { authorization: `Bearer ${TOKEN}`, 'user-agent': 'Jane Doe phone' },
    pathParameters: { formId: 'f1' },
    requestContext: { requestId: 'api-req-9', http: { method: 'GET', path: '/api/leads/forms/f1', protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'test' } },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

const context = (remainingMs = 5_000) => {
  const until = Date.now() + remainingMs;
  return { awsRequestId: 'req-1', getRemainingTimeInMillis: () => until - Date.now() } as unknown as Context;
};

let lines: string[] = [];
let restore: () => void;
const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeEach(() => {
  lines = [];
  restore = captureLogs((line) => lines.push(line));
  vi.stubEnv('LOG_LEVEL', 'info');
  vi.stubEnv('LOG_FORMAT', 'json');
  resetConfig(); // the environment is parsed once (./config.ts)
});

afterEach(() => {
  restore();
  vi.unstubAllEnvs();
});

describe('the request line', () => {
  it('has the request id, route, organisation, status and duration, and no personal data', async () => {
    const handler = endpoint({ reply: anyReply }, ({ body }) => {
      noteTenant('org-1'); // as the token check or the public apiKey lookup do
      return Promise.resolve({ status: 201, data: { echo: body } });
    });
    const res = (await handler(event({ email: EMAIL, firstName: 'Jane', lastName: 'Doe', phone: '+15551234567' }), context())) as { statusCode: number };
    expect(res.statusCode).toBe(201);

    expect(parsed()).toHaveLength(1);
    const [line] = parsed();
    expect(line).toMatchObject({ level: 'info', message: 'request', requestId: 'req-1', apiRequestId: 'api-req-9', route: 'GET /api/leads/forms/{formId}', orgId: 'org-1', status: 201 });
    expect(typeof line.durationMs).toBe('number');
    for (const personal of [EMAIL, 'Jane', 'Doe', '+15551234567', TOKEN, '203.0.113.7']) expect(lines[0]).not.toContain(personal);
  });

  it('says 503 when the deadline answered, after an error line with the same request id', async () => {
    const handler = endpoint({ reply: anyReply }, () => new Promise<never>(() => undefined));
    const res = (await handler(event(), context(1_550))) as { statusCode: number };
    expect(res.statusCode).toBe(503);
    const [error, request] = parsed();
    expect(error).toMatchObject({ level: 'error', requestId: 'req-1', route: 'GET /api/leads/forms/{formId}' });
    expect(String(error.message)).toContain('No answer within');
    expect(request).toMatchObject({ message: 'request', requestId: 'req-1', status: 503 });
  });

  it('says 4xx for a refused request without an error line', async () => {
    const handler = endpoint({ reply: anyReply }, () => Promise.reject(Object.assign(new Error(`No such form for ${EMAIL}`), { statusCode: 404, expose: true })));
    await handler(event(), context());
    expect(parsed()).toEqual([expect.objectContaining({ message: 'request', status: 404 })]);
  });
});

describe('the error line', () => {
  it('carries the request id, route, organisation, error name and stack, with addresses and tokens blanked', async () => {
    const handler = endpoint({ reply: anyReply }, () => {
      noteTenant('org-2');
      return Promise.reject(new TypeError(`Cannot send to ${EMAIL} with Bearer ${TOKEN}`));
    });
    const res = (await handler(event({ email: EMAIL }), context())) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body).requestId).toBe('req-1');

    const [error, request] = parsed();
    expect(error).toMatchObject({ level: 'error', message: 'Unexpected error', requestId: 'req-1', route: 'GET /api/leads/forms/{formId}', orgId: 'org-2', error: 'TypeError' });
    expect(error.errorMessage).toBe('Cannot send to [email] with Bearer [token]');
    expect(String(error.stack)).toContain('TypeError');
    expect(request).toMatchObject({ message: 'request', requestId: 'req-1', orgId: 'org-2', status: 500 });
    for (const line of lines) {
      expect(line).not.toContain(EMAIL);
      expect(line).not.toContain(TOKEN);
    }
  });

  it('writes a thrown value that is not an Error as its JSON, addresses blanked (not "[object Object]")', () => {
    expect(errorFields({ status: 'bounced', to: EMAIL })).toEqual({ error: '{"status":"bounced","to":"[email]"}' });
    expect(errorFields('timed out')).toEqual({ error: 'timed out' });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(errorFields(cycle)).toEqual({ error: 'object' });
  });
});

describe('business metrics', () => {
  it('are CloudWatch embedded-metric lines: namespace, one service dimension, the count, the request ids as properties', async () => {
    const handler = endpoint({ reply: anyReply }, () => {
      noteTenant('org-3');
      countMetric('BookingsHeld');
      return Promise.resolve({});
    });
    await handler(event(), context());
    const metric = parsed().find((line) => line.metric === 'BookingsHeld')!;
    expect(metric).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: 'ClinicSuite', Dimensions: [['service']], Metrics: [{ Name: 'BookingsHeld', Unit: 'Count' }] }] },
      service: 'clinic-suite',
      BookingsHeld: 1,
      requestId: 'req-1',
      orgId: 'org-3',
    });
    expect(typeof (metric._aws as { Timestamp: unknown }).Timestamp).toBe('number');
  });

  it('works outside a request too (the outbox worker, Stripe events)', () => {
    countMetric('MailsFailed', 1, { error: 'ThrottlingException' });
    expect(parsed()).toEqual([expect.objectContaining({ MailsFailed: 1, error: 'ThrottlingException' })]);
    expect(parsed()[0]).not.toHaveProperty('requestId');
  });
});

describe('levels and formats', () => {
  it('leaves out request lines and metrics at LOG_LEVEL=warn (tests), keeps errors', async () => {
    vi.stubEnv('LOG_LEVEL', 'warn');
    resetConfig();
    await endpoint({ reply: anyReply }, () => {
      countMetric('SignInsFailed');
      return Promise.resolve({});
    })(event(), context());
    expect(lines).toEqual([]);
    await endpoint({ reply: anyReply }, () => Promise.reject(new Error('boom')))(event(), context());
    expect(parsed()).toEqual([expect.objectContaining({ level: 'error', error: 'Error', errorMessage: 'boom' })]);
  });

  it('writes one readable line per request with LOG_FORMAT=pretty (npm start)', async () => {
    vi.stubEnv('LOG_FORMAT', 'pretty');
    resetConfig();
    await endpoint({ reply: anyReply }, () => Promise.resolve({}))(event(), context());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/api\/leads\/forms\/\{formId\} 200 \d+ ms {2}requestId=req-1/);
  });
});

describe('redact', () => {
  it('blanks email addresses, E.164 phone numbers and tokens, and keeps the rest', () => {
    expect(redact('MessageRejected: Email address is not verified: <a.b+c@mail.example.org>, at 2026-01-02T03:04:05Z')).toBe(
      'MessageRejected: Email address is not verified: <[email]>, at 2026-01-02T03:04:05Z',
    );
    expect(redact('Invalid parameter: PhoneNumber +447700900123 Reason: opted out')).toBe('Invalid parameter: PhoneNumber [phone] Reason: opted out');
    expect(redact(`jwt ${TOKEN} and authorization: Bearer abc.def-123`)).toBe('jwt [token] and authorization: Bearer [token]');
  });
});
