// Second-factor codes: a TOTP code from the member's app (used once: its time step must be above the
// last one used) or one of their recovery codes (each used once). Secrets are decrypted here only.
import { createHash, randomInt } from 'node:crypto';
import { decryptSecret, encryptSecret } from '#lib/encryption';
import { badRequest } from '#lib/errors';
import { verifyPassword } from '#lib/passwords';
import { totpStep } from '#lib/totp';
import { useRecoveryCode, useTotpStep, type TwoFactorRecord } from '../../data/two-factor';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const WRONG_CODE = 'The code is incorrect. Please try again.';
export const WRONG_PASSWORD = 'Your current password is incorrect.';
export const USED_CODE = 'This code has been used already. Please wait for the next code in your app.';

/** The encryption context binds a sealed secret to its user: it cannot be copied to another record. */
const context = (userId: string) => `two-factor:${userId}`;

export const sealSecret = (userId: string, secret: string) => encryptSecret(secret, context(userId));
export const openSecret = (userId: string, sealed: string) => decryptSecret(sealed, context(userId));

/** 10 random codes like `k7m2q-x9cvb` (50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes are random enough that a plain SHA-256 (salted with the user) stores them safely. */
export function hashRecoveryCode(userId: string, code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`recovery:${userId}:${normalised}`).digest('base64url');
}

export type CodeCheck = { ok: true; kind: 'totp' | 'recovery' } | { ok: false; reason: 'wrong' | 'used' };

/**
 * Checks and uses up a code of the member's active two-factor: six digits are a TOTP code, anything
 * else is tried as a recovery code. A right code that was used already is 'used'.
 */
export async function useSecondFactor(record: TwoFactorRecord & { secret: string }, code: string): Promise<CodeCheck> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = totpStep(await openSecret(record.userId, record.secret), trimmed);
    if (step === undefined) return { ok: false, reason: 'wrong' };
    return (await useTotpStep(record.userId, record.secret, step)) ? { ok: true, kind: 'totp' } : { ok: false, reason: 'used' };
  }
  const used = await useRecoveryCode(record.userId, record.secret, hashRecoveryCode(record.userId, trimmed));
  return used ? { ok: true, kind: 'recovery' } : { ok: false, reason: 'wrong' };
}

export const isActive = (record: TwoFactorRecord | undefined): record is TwoFactorRecord & { secret: string } => Boolean(record?.secret);

/** Wrong codes (and passwords) while changing two-factor, per member (a stolen session must not guess its way). */
const WRONG_CODES_PER_MEMBER = { limit: 10, windowSeconds: 15 * 60 };
export const codeLimits = (userId: string): [string, string, { limit: number; windowSeconds: number }][] => [['two-factor-failed', userId, WRONG_CODES_PER_MEMBER]];

/**
 * The member's password, asked again before turning two-factor on or replacing the recovery codes: a
 * stolen session alone must not do either. A wrong one counts toward the member's wrong codes (`limits`,
 * checked before), so the session cannot guess the password either.
 */
export async function requirePassword(password: string, passwordHash: string, countFailure: () => Promise<void>): Promise<void> {
  if (await verifyPassword(password, passwordHash)) return;
  await countFailure();
  throw badRequest(WRONG_PASSWORD, { currentPassword: WRONG_PASSWORD });
}
