// Two-factor sign-in for integration tests: codes computed from the secret the API shows (as an
// authenticator app would), turning it on, and the two-step sign-in.
import { Secret, TOTP } from 'otpauth';
import { api } from './api';

/** The TOTP code of the step `offset` steps from now (the server accepts -1, 0 and +1). */
export function totpCode(secret: string, offset = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Sets two-factor up and turns it on (with the current step's code and the password: signUpOwner's by default). */
export async function turnOnTwoFactor(token: string, currentPassword = 'Secret-123'): Promise<{ secret: string; uri: string; recoveryCodes: string[] }> {
  const setup = await api('POST', '/users/two-factor/setup', { token });
  if (setup.status !== 201) throw new Error(`two-factor/setup: ${setup.status} ${setup.body.message}`);
  const { secret, uri } = setup.body.data;
  const enabled = await api('POST', '/users/two-factor/enable', { token, body: { code: totpCode(secret), currentPassword } });
  if (enabled.status !== 200) throw new Error(`two-factor/enable: ${enabled.status} ${enabled.body.message}`);
  return { secret, uri, recoveryCodes: enabled.body.data.recoveryCodes };
}

/** The password step of a sign-in with two-factor: the challenge token. */
export async function challengeFor(email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await api('POST', '/users/login', { headers, body: { email, password } });
  if (res.status !== 200 || !res.body.data?.twoFactorRequired) throw new Error(`login: ${res.status} ${res.body.message}`);
  return res.body.data.challengeToken;
}

/** The Set-Cookie pairs of a response as a Cookie header value. */
export const cookieHeader = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
