// Time-based one-time passwords (RFC 6238 through the otpauth library): 6 digits, 30-second steps,
// SHA-1 (what every authenticator app reads from an otpauth:// URI), one step of clock drift either
// side. A code is identified by its time step, so the caller can refuse a step used before.
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Clinic Suite';

const totp = (secretBase32: string, label = 'account') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });

/** A new random secret (160 bits, as RFC 4226 recommends) and the URI an authenticator app scans. */
export function newTotpSecret(accountName: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totp(secret, accountName).toString() };
}

/** The time step a code belongs to (now, or one step either side), or undefined for a wrong code. */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}
