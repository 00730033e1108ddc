// In AWS, every endpoint refuses requests that did not come through CloudFront (which adds the
// origin secret header): the API's own endpoint is no way around the CDN and its forwarded address.
import * as z from 'zod/mini';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** These tests are about the chain, not the answer's shape: any reply. */
const anyReply = z.unknown();

const ROUTE_KEY = 'GET /api/public/appointments/{apiKey}'; // a public row without a rate limit: no table needed

let extension: Server;
beforeEach(async () => {
  extension = createServer((_req, res) => res.end(JSON.stringify({ SecretString: 'cf-secret-value' })));
  await new Promise<void>((r) => extension.listen(0, '127.0.0.1', r));
  vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String((extension.address() as AddressInfo).port));
});
afterEach(() => {
  extension.close();
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function call(headers: Record<string, string>, routeKey = ROUTE_KEY) {
  const { endpoint } = await import('./http');
  const handler = endpoint({ reply: anyReply }, () => Promise.resolve({ data: 'served' }));
  const event = { routeKey, headers, requestContext: { http: { method: 'GET', sourceIp: '203.0.113.9' } } } as unknown as APIGatewayProxyEventV2;
  const res = (await handler(event, { awsRequestId: 'test' } as Context)) as { statusCode: number; body: string };
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('requests that bypass CloudFront', () => {
  it('are refused with 403 when the origin header is missing or wrong', async () => {
    vi.stubEnv('ORIGIN_SECRET_ARN', 'arn:aws:secretsmanager:us-east-1:1:secret:origin');
    expect(await call({})).toEqual({ status: 403, body: { message: 'Please use the site address.' } });
    expect((await call({ 'x-origin-verify': 'cf-secret-valuE' })).status).toBe(403);
  });

  it('pass with the value CloudFront sends', async () => {
    vi.stubEnv('ORIGIN_SECRET_ARN', 'arn:aws:secretsmanager:us-east-1:1:secret:origin');
    expect(await call({ 'X-Origin-Verify': 'cf-secret-value' })).toEqual({ status: 200, body: { message: 'OK', data: 'served' } });
  });

  it('are taken for a signed webhook, whose signature proves the sender', async () => {
    vi.stubEnv('ORIGIN_SECRET_ARN', 'arn:aws:secretsmanager:us-east-1:1:secret:origin');
    expect((await call({}, 'POST /api/payments/stripe/webhook')).status).toBe(200);
  });

  it('are not checked where no CloudFront stands in front (the local stack)', async () => {
    expect((await call({})).status).toBe(200);
  });
});
