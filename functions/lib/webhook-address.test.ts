import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from './config';
import { HTTPS_REQUIRED, PUBLIC_ADDRESS_REQUIRED, URL_NOT_VALID, isAllowedAddress, urlProblem } from './webhook-address';

// Off unless a test turns it on: an earlier file in the same worker may have started the local stack,
// which sets it in the process's environment.
// The environment is parsed once (./config.ts): parse it again after each change.
const allowLoopback = (value: '' | '1') => {
  vi.stubEnv('WEBHOOKS_ALLOW_LOOPBACK', value);
  resetConfig();
};
beforeEach(() => allowLoopback(''));
afterEach(() => vi.unstubAllEnvs());

describe('webhook addresses', () => {
  it('allow public IPv4 and IPv6 addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isAllowedAddress(address, false), address).toBe(true);
    }
  });

  it('refuse loopback, private, link-local (metadata), CGNAT, this-network, multicast and reserved IPv4', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.255', '0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250', '255.255.255.255', '240.0.0.1']) {
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
  });

  it('refuse IPv6 loopback, unspecified, unique-local, link-local, multicast, IPv4-mapped private forms and tunnels to IPv4 (6to4, Teredo, SIIT)', () => {
    for (const address of ['::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:c0a8:0101', '64:ff9b::a00:1', '::127.0.0.1', '2002:7f00:1::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '::ffff:0:a00:1']) {
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
  });

  it('allow loopback only when the local stack says so, and never private ranges', () => {
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', true)).toBe(false);
    expect(isAllowedAddress('not an address', true)).toBe(false);
  });
});

describe('webhook URLs', () => {
  it('must be https on a public address', () => {
    expect(urlProblem('https://example.com/hooks')).toBeUndefined();
    expect(urlProblem('https://93.184.216.34:8443/x')).toBeUndefined();
    expect(urlProblem('http://example.com')).toBe(HTTPS_REQUIRED);
    expect(urlProblem('ftp://example.com')).toBe(HTTPS_REQUIRED);
    expect(urlProblem('https://10.0.0.1/x')).toBe(PUBLIC_ADDRESS_REQUIRED);
    expect(urlProblem('https://169.254.169.254/')).toBe(PUBLIC_ADDRESS_REQUIRED);
    expect(urlProblem('https://[::1]/')).toBe(PUBLIC_ADDRESS_REQUIRED);
    expect(urlProblem('https://[::ffff:192.168.0.1]/')).toBe(PUBLIC_ADDRESS_REQUIRED);
    // The URL parser reads these shorthand forms as 127.0.0.1.
    expect(urlProblem('https://2130706433/')).toBe(PUBLIC_ADDRESS_REQUIRED);
    expect(urlProblem('https://0x7f.1/')).toBe(PUBLIC_ADDRESS_REQUIRED);
    expect(urlProblem('https://localhost/')).toBe(PUBLIC_ADDRESS_REQUIRED);
    expect(urlProblem('https://user:pw@example.com/')).toMatch(/user name or password/);
    expect(urlProblem('not a url')).toBe(URL_NOT_VALID);
  });

  it('may be http on loopback only where the local stack allows it', () => {
    expect(urlProblem('http://127.0.0.1:4000/hook')).toBe(HTTPS_REQUIRED);
    allowLoopback('1');
    expect(urlProblem('http://127.0.0.1:4000/hook')).toBeUndefined();
    expect(urlProblem('http://localhost:4000/hook')).toBeUndefined();
    expect(urlProblem('http://example.com/hook')).toBe(HTTPS_REQUIRED);
    expect(urlProblem('https://10.0.0.1/x')).toBe(PUBLIC_ADDRESS_REQUIRED);
  });
});
