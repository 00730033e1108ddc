import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from './config';
import { AddressNotAllowed, checkedLookup } from './webhook-address';
import { sendWebhook, signatureHeader } from './webhook-send';

// Off: an earlier file in the same worker may have started the local stack, which turns it on.
beforeEach(() => {
  vi.stubEnv('WEBHOOKS_ALLOW_LOOPBACK', '');
  resetConfig(); // the environment is parsed once (./config.ts)
});
afterEach(() => vi.unstubAllEnvs());

describe('webhook signatures', () => {
  it('are t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const body = '{"id":"evt_1"}';
    const expected = createHmac('sha256', 'whsec_test').update(`1767261600.${body}`).digest('hex');
    expect(signatureHeader('whsec_test', 1767261600, body)).toBe(`t=1767261600,v1=${expected}`);
    expect(signatureHeader('whsec_other', 1767261600, body)).not.toBe(`t=1767261600,v1=${expected}`);
  });
});

describe('sending', () => {
  it('refuses private addresses before connecting', async () => {
    const send = (url: string) => sendWebhook({ url, body: '{}', secret: 'whsec_x', eventId: 'evt_1' });
    await expect(send('https://10.0.0.1/x')).rejects.toThrow('The URL must point to a public address.');
    await expect(send('https://169.254.169.254/latest/meta-data')).rejects.toThrow('The URL must point to a public address.');
    await expect(send('http://example.com/')).rejects.toThrow('The URL must use https.');
    await expect(send('https://localhost/')).rejects.toThrow('The URL must point to a public address.');
  });

  it('connects only to addresses the lookup checked: a name that resolves to loopback is refused', async () => {
    const lookedUp = await new Promise<Error | null>((resolve) => checkedLookup('localhost', { all: true }, (error) => resolve(error)));
    expect(lookedUp).toBeInstanceOf(AddressNotAllowed);
    const single = await new Promise<Error | null>((resolve) => checkedLookup('localhost', {}, (error) => resolve(error)));
    expect(single).toBeInstanceOf(AddressNotAllowed);
  });
});
