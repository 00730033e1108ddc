// SES's faults that the local SES (aws-ses-v2-local) cannot produce on demand, and what sendMail makes
// of them: a refused message (MessageRejected) is a refusal for good of that one mail, throttling is
// one for the moment, and a direct send (a sign-in code) that SES throttles past its client's retry
// answers the visitor 503 with Retry-After, not 500. aws-sdk-client-mock stands in for SES here only:
// what mail is sent, and how it looks, is tested against the local SES (test/integration).
import 'aws-sdk-client-mock-vitest/extend';
import { MessageRejected, SESv2Client, SendEmailCommand, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import * as z from 'zod/mini';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_MESSAGE, endpoint } from '#http/http';
import { resetConfig } from './config';
import { isPermanentMailRefusal, sendMail } from './mail';

const sesMock = mockClient(SESv2Client);
const rejected = () => new MessageRejected({ message: 'Email address is not verified.', $metadata: { httpStatusCode: 400 } });
const throttled = () => new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: { httpStatusCode: 429 } });
const mail = (to: string) => ({ to, subject: 'Your appointment', text: 'See you on Monday.' });

/** The metric lines sendMail wrote (functions/lib/log.ts writes them to stdout as JSON). */
let metrics: Record<string, unknown>[];

beforeEach(() => {
  sesMock.reset();
  vi.stubEnv('APP_URL', 'https://app.example.org');
  vi.stubEnv('LOG_LEVEL', 'info');
  vi.stubEnv('LOG_FORMAT', 'json');
  resetConfig();
  metrics = [];
  vi.spyOn(process.stdout, 'write').mockImplementation(((line: string) => {
    const entry = JSON.parse(line) as Record<string, unknown>;
    if (entry.message === 'metric') metrics.push(entry);
    return true;
  }) as never);
});
afterAll(() => {
  sesMock.restore();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetConfig();
});

describe('SES refusing one recipient (MessageRejected)', () => {
  it('fails that send alone, counted as failed, and is a refusal for good (not retried)', async () => {
    sesMock.on(SendEmailCommand).resolves({ MessageId: 'm1' });
    sesMock.on(SendEmailCommand, { Destination: { ToAddresses: ['refused@example.org'] } }).rejects(rejected());

    await expect(sendMail(mail('first@example.org'))).resolves.toBeUndefined();
    const error = await sendMail(mail('refused@example.org')).catch((e: unknown) => e);
    await expect(sendMail(mail('third@example.org'))).resolves.toBeUndefined();

    expect(isPermanentMailRefusal(error)).toBe(true);
    // One recipient a message: SES's refusal of one address concerns no other mail.
    expect(sesMock).toHaveReceivedCommandTimes(SendEmailCommand, 3);
    for (const call of sesMock.commandCalls(SendEmailCommand)) expect(call.args[0].input.Destination?.ToAddresses).toHaveLength(1);
    expect(metrics.map((m) => m.metric)).toEqual(['MailsSent', 'MailsFailed', 'MailsSent']);
    expect(metrics[1]).toMatchObject({ error: 'MessageRejected' });
  });
});

describe('SES throttling (TooManyRequestsException)', () => {
  it('is a refusal for the moment: the outbox tries the mail again later', async () => {
    sesMock.on(SendEmailCommand).rejects(throttled());

    const error = await sendMail(mail('patient@example.org')).catch((e: unknown) => e);

    expect((error as Error).name).toBe('TooManyRequestsException');
    expect(isPermanentMailRefusal(error)).toBe(false);
    expect(metrics).toEqual([expect.objectContaining({ metric: 'MailsFailed', error: 'TooManyRequestsException' })]);
  });

  it('on a direct send (a sign-in code) answers the visitor 503 with Retry-After, not 500', async () => {
    sesMock.on(SendEmailCommand).rejects(throttled());
    const handler = endpoint({ reply: z.unknown() }, async () => {
      await sendMail(mail('patient@example.org'));
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
    expect(JSON.parse(answer.body).message).toBe(UNAVAILABLE_MESSAGE);
  });
});
