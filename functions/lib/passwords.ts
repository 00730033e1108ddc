// Passwords are stored as argon2id hashes (node:crypto's, Node 24.7+: no dependency, no native build)
// in the PHC string form, so each hash carries its parameters; hashes from before (scrypt) still verify
// and are replaced at the next successful sign-in (needsRehash). One-time codes are salted SHA-256,
// which is enough for 6 digits that expire in 10 minutes and lock after 5 tries.
import { argon2, createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);
const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/**
 * OWASP's first argon2id setting (19 MiB, 2 passes, 1 lane). Measured on the build machine: about 42 ms
 * of CPU per hash once warm (a 512 MB Lambda has about a third of a core: ~130 ms), and 19 MiB stays
 * below glibc's mmap threshold, so the memory is reused between sign-ins instead of faulted in anew.
 */
export const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const KEY_LENGTH = 32;
/** The old scheme's cost, kept to verify (and time-equalise) the hashes stored before argon2id. */
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

async function argon2id(password: string, salt: Buffer, params: { memory: number; passes: number; parallelism: number }, tagLength = KEY_LENGTH) {
  return argon2Async('argon2id', { message: password, nonce: salt, tagLength, ...params });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await argon2id(password, salt, ARGON2_PARAMS);
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

/** A stored hash in an older scheme or with other parameters than today's: replace it after a sign-in. */
export function needsRehash(stored: string): boolean {
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  return !stored.startsWith(`$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$`);
}

/**
 * Whether `password` matches `stored`. Every call does the same work, one argon2id and one scrypt
 * evaluation, whatever is stored (argon2id, an old scrypt hash, or no account at all), so the answer's
 * time tells neither whether an account exists nor how old its hash is. The scrypt leg goes once no
 * scrypt hash is left (the PasswordHashesUpgraded metric counts the upgrades).
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = stored ? parseHash(stored) : undefined;
  const dummySalt = randomBytes(16);
  const [argon, legacy] = await Promise.all([
    parsed?.scheme === 'argon2id' ? argon2id(password, parsed.salt, parsed.params, parsed.hash.length) : argon2id(password, dummySalt, ARGON2_PARAMS),
    parsed?.scheme === 'scrypt' ? scryptAsync(password, parsed.salt, parsed.hash.length, { ...parsed.params, maxmem: SCRYPT.maxmem }) : scryptAsync(password, dummySalt, KEY_LENGTH, SCRYPT),
  ]);
  if (!parsed) return false;
  return timingSafeEqual(parsed.scheme === 'argon2id' ? argon : legacy, parsed.hash);
}

type Parsed =
  | { scheme: 'argon2id'; params: { memory: number; passes: number; parallelism: number }; salt: Buffer; hash: Buffer }
  | { scheme: 'scrypt'; params: { N: number; r: number; p: number }; salt: Buffer; hash: Buffer };

function parseHash(stored: string): Parsed | undefined {
  const argon = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (argon) {
    const [, m, t, p, salt, hash] = argon;
    return { scheme: 'argon2id', params: { memory: Number(m), passes: Number(t), parallelism: Number(p) }, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme === 'scrypt' && salt && hash) {
    return { scheme: 'scrypt', params: { N: Number(n), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
  }
  return undefined;
}

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashOtp(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('base64');
}

export function otpMatches(code: string, salt: string, storedHash: string): boolean {
  return sameSecret(hashOtp(code, salt), storedHash);
}

/** Constant-time comparison of two secrets of any length (as SHA-256 digests, which are equal-sized). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** URL-safe random id for records and keys (128 bits). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}
