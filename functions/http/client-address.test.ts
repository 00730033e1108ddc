// Which address the per-address rate limits count (functions/http/http.ts clientAddress).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, tooManyMessage } from './http';

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

describe('clientKey', () => {
  it('counts an IPv4 address as itself, also when written IPv4-mapped', () => {
    expect(clientKey(event('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientKey(event('::ffff:203.0.113.9'))).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(clientKey(event('2001:db8:85a3:42:1:2:3:4'))).toBe(key);
    expect(clientKey(event('2001:0db8:85a3:0042:ffff::1'))).toBe(key);
    expect(clientKey(event('2001:db8:85a3:42::'))).toBe(key);
    expect(clientKey(event('2001:db8::1'))).toBe('2001:db8:0:0::/64');
    expect(clientKey(event('::1'))).toBe('0:0:0:0::/64');
    expect(clientKey(event('130.176.1.1', '2001:db8:85a3:42:9:9:9:9'))).toBe(key);
  });
});

describe('tooManyMessage', () => {
  it('rounds the wait up to whole minutes', () => {
    expect(tooManyMessage(30)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyMessage(61)).toBe('Too many attempts. Please try again in 2 minutes.');
  });
});
