// When SES does not take a code mail, the person is told to try again and can, at once: the unsent
// code is void and the once-a-minute resend rule does not hold them back. The handler runs in this
// process against the local table with the mail call failing; the retry goes through the real stack.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { api, latestCode, mailsTo, uniqueEmail } from '../support/api';

vi.mock('#lib/mail', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#lib/mail')>()),
  sendMail: vi.fn(async () => {
    throw Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailableException' });
  }),
}));

beforeAll(() => {
  for (const [name, value] of Object.entries(inject('stackEnv'))) vi.stubEnv(name, value);
});
afterAll(() => vi.unstubAllEnvs());

async function registerWithFailingMail(email: string) {
  const { handler } = await import('../../functions/account/register-email');
  const event = {
    routeKey: 'POST /api/users/register-email',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Secret-123' }),
    requestContext: { http: { method: 'POST', sourceIp: '198.18.200.1' } },
  } as unknown as APIGatewayProxyEventV2;
  const res = (await handler(event, { awsRequestId: 'test' } as Context)) as { statusCode: number; headers: Record<string, string>; body: string };
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
}

describe('a code mail that SES refuses', () => {
  it('answers 503 with a clear message, and a retry sends a working code at once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const email = uniqueEmail('sesdown');
    // More failures than the 5 codes an hour allows: unsent codes do not use up the allowance.
    for (let i = 0; i < 6; i++) {
      const failed = await registerWithFailingMail(email);
      expect(failed.status).toBe(503);
      expect(failed.body.message).toBe('We could not send the email just now. Please try again in a moment.');
      expect(failed.headers['Retry-After']).toBe('5');
    }
    expect(await mailsTo(email)).toHaveLength(0);

    const retry = await api('POST', '/users/register-email', { body: { email, password: 'Secret-123' } });
    expect(retry.status).toBe(201);
    const verified = await api('POST', '/users/verify-email-otp', { body: { email, otp: await latestCode(email), password: 'Secret-123' } });
    expect(verified.status).toBe(200);
  });
});
