import { argon2Sync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { legacyScryptHash } from '../../test/support/legacy-password';
import { ARGON2_PARAMS, hashOtp, hashPassword, needsRehash, newOtp, otpMatches, verifyPassword } from './passwords';

// Counts the key derivations each verification runs (the calls themselves are what is tested).
const derivations = vi.hoisted(() => ({ argon2: [] as number[], scrypt: [] as number[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  return {
    ...real,
    argon2: (algorithm: string, params: { memory: number }, callback: never) => {
      derivations.argon2.push(params.memory);
      return real.argon2(algorithm as 'argon2id', params as never, callback);
    },
    scrypt: (password: string, salt: Buffer, length: number, options: { N: number }, callback: never) => {
      derivations.scrypt.push(options.N);
      return real.scrypt(password, salt, length, options, callback);
    },
  };
});

describe('passwords and codes', () => {
  it('stores passwords as salted argon2id hashes (OWASP: 19 MiB, 2 passes, 1 lane) that verify only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(ARGON2_PARAMS.memory).toBeGreaterThanOrEqual(19 * 1024);
    expect(ARGON2_PARAMS.passes).toBeGreaterThanOrEqual(2);
    expect(a).not.toContain('correct horse');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('wrong horse', a)).toBe(false);
    expect(await verifyPassword('anything', undefined)).toBe(false);
    expect(await verifyPassword('anything', 'not a hash')).toBe(false);
  });

  it('writes a standard argon2id hash: the same derivation from its own parameters gives the stored tag', async () => {
    const [, , , params, salt, tag] = (await hashPassword('correct horse')).split('$');
    const [m, t, p] = params.split(',').map((kv) => Number(kv.split('=')[1]));
    const again = argon2Sync('argon2id', { message: 'correct horse', nonce: Buffer.from(salt, 'base64'), memory: m, passes: t, parallelism: p, tagLength: 32 });
    expect(again.toString('base64').replace(/=+$/, '')).toBe(tag);
  });

  it('still verifies a password stored with scrypt before argon2id, and says it needs rehashing', async () => {
    const old = legacyScryptHash('correct horse');
    expect(await verifyPassword('correct horse', old)).toBe(true);
    expect(await verifyPassword('wrong horse', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA')).toBe(true);
  });

  it('does the same work whatever is stored (argon2id, scrypt, no account): one argon2id and one scrypt each', async () => {
    const current = await hashPassword('correct horse');
    const old = legacyScryptHash('correct horse');
    for (const stored of [current, old, undefined]) {
      derivations.argon2.length = 0;
      derivations.scrypt.length = 0;
      await verifyPassword('wrong horse', stored);
      expect({ argon2: derivations.argon2, scrypt: derivations.scrypt }, String(stored)).toEqual({ argon2: [ARGON2_PARAMS.memory], scrypt: [16384] });
    }
  });

  it('makes 6-digit codes and checks them against their salted hash', () => {
    const codes = Array.from({ length: 200 }, newOtp);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(190);
    const hash = hashOtp('123456', 'salt');
    expect(hash).not.toContain('123456');
    expect(otpMatches('123456', 'salt', hash)).toBe(true);
    expect(otpMatches('123457', 'salt', hash)).toBe(false);
    expect(otpMatches('123456', 'other', hash)).toBe(false);
  });
});
