// Token signing key rotation: new tokens name the current key in their kid; tokens signed with a
// previous key stay valid until they expire; a key that is no longer listed verifies nothing.
import { SignJWT, decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyId } from './token-keys';

const OLD = 'old-key-0123456789abcdef0123456789abcdef';
const NEW = 'new-key-fedcba9876543210fedcba9876543210';

/** A fresh tokens module (and so fresh secrets) for the given keys. */
async function tokensWith(current: string, previous: string[] = []) {
  vi.resetModules();
  vi.stubEnv('APP_SECRETS_ARN', '');
  vi.stubEnv('TOKEN_SIGNING_KEY', current);
  vi.stubEnv('PREVIOUS_TOKEN_SIGNING_KEYS', previous.join(','));
  return import('./tokens');
}

describe('token signing keys', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  it('signs with the current key and names it in the kid header (never the key itself)', async () => {
    const { signToken, verifyToken } = await tokensWith(NEW, [OLD]);
    const token = await signToken({ userId: 'u1', orgId: 'o1', type: 'access' });
    const header = decodeProtectedHeader(token);
    expect(header.kid).toBe(keyId(NEW));
    expect(header.kid).not.toBe(keyId(OLD));
    expect(token).not.toContain(NEW);
    expect(await verifyToken(token, 'access')).toEqual({ userId: 'u1', orgId: 'o1', type: 'access' });
  });

  it('keeps tokens signed with a previous key valid after a rotation', async () => {
    const before = await tokensWith(OLD);
    const access = await before.signToken({ userId: 'u1', orgId: 'o1', type: 'access' });
    const registration = await before.signToken({ userId: 'u2', type: 'registration' });

    const after = await tokensWith(NEW, [OLD]);
    expect(await after.verifyToken(access, 'access')).toEqual({ userId: 'u1', orgId: 'o1', type: 'access' });
    expect(await after.verifyToken(registration, 'registration')).toEqual({ userId: 'u2', orgId: undefined, type: 'registration' });
    expect(await after.verifyToken(access, 'registration')).toBeUndefined();
  });

  it('refuses tokens of a key that was retired, and of a key never listed', async () => {
    const before = await tokensWith(OLD);
    const token = await before.signToken({ userId: 'u1', orgId: 'o1', type: 'access' });
    const retired = await tokensWith(NEW);
    expect(await retired.verifyToken(token, 'access')).toBeUndefined();

    const forged = await new SignJWT({ typ: 'access', org: 'o1' })
      .setProtectedHeader({ alg: 'HS256', kid: keyId(NEW) })
      .setSubject('u1')
      .setIssuer('clinic-suite')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-key-of-someone-else-0123456789abcdef'));
    expect(await retired.verifyToken(forged, 'access')).toBeUndefined();
  });

  it('accepts tokens issued before tokens carried a kid, with any listed key', async () => {
    const legacy = await new SignJWT({ typ: 'access', org: 'o1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('clinic-suite')
      .setIssuedAt()
      .setExpirationTime('12h')
      .sign(new TextEncoder().encode(OLD));
    const { verifyToken } = await tokensWith(NEW, [OLD]);
    expect(await verifyToken(legacy, 'access')).toEqual({ userId: 'u1', orgId: 'o1', type: 'access' });
    expect(await (await tokensWith(NEW)).verifyToken(legacy, 'access')).toBeUndefined();
  });

  it('still refuses an expired token of a previous key', async () => {
    const before = await tokensWith(OLD);
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const token = await before.signToken({ userId: 'u1', type: 'registration' });
    const after = await tokensWith(NEW, [OLD]);
    vi.setSystemTime(Date.parse('2026-01-01T01:00:01Z'));
    expect(await after.verifyToken(token, 'registration')).toBeUndefined();
  });

  it('picks up a rotation in a warm container once the secrets are read again', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const { signToken } = await tokensWith(OLD);
    const { SECRETS_REFRESH_MS } = await import('./secrets');
    expect(decodeProtectedHeader(await signToken({ userId: 'u1', type: 'registration' })).kid).toBe(keyId(OLD));
    vi.stubEnv('TOKEN_SIGNING_KEY', NEW);
    vi.stubEnv('PREVIOUS_TOKEN_SIGNING_KEYS', OLD);
    // The rotated key (the secret's new value in AWS): the environment stands in for it here.
    (await import('./config')).resetConfig();
    expect(decodeProtectedHeader(await signToken({ userId: 'u1', type: 'registration' })).kid).toBe(keyId(OLD));
    vi.setSystemTime(Date.parse('2026-01-01T00:00:00Z') + SECRETS_REFRESH_MS + 1);
    expect(decodeProtectedHeader(await signToken({ userId: 'u1', type: 'registration' })).kid).toBe(keyId(NEW));
  });
});
