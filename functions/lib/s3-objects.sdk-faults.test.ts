// S3 asking us to slow down (503 SlowDown), which s3rver cannot be made to answer. Object requests go
// through #lib/s3-objects (signed by the SDK's presigner, sent with fetch: no S3Client to mock), so the
// fault is produced where it arrives: a local HTTP server on 127.0.0.1 answers as S3 does. The
// requests are retried with backoff; S3 still busy after the last try is a clean 503 with Retry-After
// for the visitor (functions/http/http.ts), never a 500; S3 refusing the request itself is not retried.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_MESSAGE, endpoint } from '#http/http';
import { resetConfig } from './config';
import { putObject } from './s3-objects';

const SLOW_DOWN = { status: 503, body: '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message><RequestId>R1</RequestId></Error>' };
const ACCESS_DENIED = { status: 403, body: '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>' };
const OK = { status: 200, body: '' };

let server: Server;
/** What the stand-in S3 answers, in order (the last one repeats), and the requests it got (with when). */
let answers: { status: number; body: string }[];
let received: { method?: string; url?: string; at: number }[];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, at: Date.now() });
      const answer = answers[Math.min(received.length, answers.length) - 1];
      res.writeHead(answer.status, { 'content-type': 'application/xml' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  vi.unstubAllEnvs();
  resetConfig();
});
beforeEach(() => {
  received = [];
  vi.stubEnv('AWS_ENDPOINT_URL_S3', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubEnv('UPLOADS_BUCKET', 'uploads');
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  resetConfig();
});

const file = new TextEncoder().encode('%PDF-1.7 a consent form');

describe('S3 answering 503 SlowDown', () => {
  it('is tried again after a growing pause, and the object is stored once S3 takes it', async () => {
    answers = [SLOW_DOWN, SLOW_DOWN, OK];

    await putObject('org/o1/forms/f1/consent.pdf', file, 'application/pdf');

    expect(received.map((r) => r.method)).toEqual(['PUT', 'PUT', 'PUT']);
    expect(received[0].url).toMatch(/^\/uploads\/org\/o1\/forms\/f1\/consent\.pdf\?/);
    const pauses = [received[1].at - received[0].at, received[2].at - received[1].at];
    expect(pauses[0]).toBeGreaterThanOrEqual(150);
    expect(pauses[1]).toBeGreaterThan(pauses[0]);
  });

  it('still there after the last try is S3\'s SlowDown, and a public route answers 503 with Retry-After, not 500', async () => {
    answers = [SLOW_DOWN];
    const error = await putObject('org/o1/a.pdf', file, 'application/pdf').catch((e: unknown) => e);
    expect(received).toHaveLength(3);
    expect(error).toMatchObject({ name: 'SlowDown', $metadata: { httpStatusCode: 503 } });

    received = [];
    const handler = endpoint({ reply: z.unknown() }, async () => {
      await putObject('org/o1/a.pdf', file, 'application/pdf');
      return {};
    });
    const event = {
      version: '2.0',
      routeKey: 'GET /api/leads/forms/{formId}',
      rawPath: '/api/leads/forms/f1',
      rawQueryString: '',
      headers: {},
      pathParameters: { formId: 'f1' },
      requestContext: { http: { method: 'GET', path: '/api/leads/forms/f1', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' } },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
    const answer = (await handler(event, { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context)) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };

    expect(answer.statusCode).toBe(503);
    expect(answer.headers['Retry-After']).toBe('2');
    expect(JSON.parse(answer.body)).toEqual({ message: UNAVAILABLE_MESSAGE, requestId: 'req-1' });
  });

  it('is told from S3 refusing the request itself (403), which is not tried again', async () => {
    answers = [ACCESS_DENIED];

    const error = await putObject('org/o1/a.pdf', file, 'application/pdf').catch((e: unknown) => e);

    expect(received).toHaveLength(1);
    expect(error).toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
  });
});
