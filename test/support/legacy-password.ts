// A password hash as the product wrote it before argon2id (scrypt N=2^14, r=8, p=1), for the tests of
// the upgrade at sign-in.
import { randomBytes, scryptSync } from 'node:crypto';

export function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}
