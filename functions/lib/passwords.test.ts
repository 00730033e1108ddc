import { describe, expect, it } from 'vitest';
import { hashOtp, hashPassword, newOtp, otpMatches, verifyPassword } from './passwords';

describe('passwords and codes', () => {
  it('stores passwords as salted scrypt hashes that verify only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toContain('correct horse');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('wrong horse', a)).toBe(false);
    expect(await verifyPassword('anything', undefined)).toBe(false);
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
