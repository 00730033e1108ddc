// Which address the per-address rate limits count (functions/lib/http.ts clientAddress).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientAddress, tooManyMessage } from './http';

const event = (sourceIp: string, forwardedFor?: string) =>
  ({ headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;

describe('clientAddress', () => {
  it('is the connection address when no proxy forwarded the request', () => {
    expect(clientAddress(event('203.0.113.9'))).toBe('203.0.113.9');
  });

  it('behind CloudFront is the viewer address CloudFront appended, not what the client claimed', () => {
    expect(clientAddress(event('130.176.1.1', '10.0.0.1, 203.0.113.9'))).toBe('203.0.113.9');
  });

  it('skips the hop API Gateway appends for the proxy it saw', () => {
    expect(clientAddress(event('130.176.1.1', '203.0.113.9, 130.176.1.1'))).toBe('203.0.113.9');
  });
});

describe('tooManyMessage', () => {
  it('rounds the wait up to whole minutes', () => {
    expect(tooManyMessage(30)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyMessage(61)).toBe('Too many attempts. Please try again in 2 minutes.');
  });
});
