// Where an auth response leads (spec section 4, steps 1-7), as data so it can be tested without screens.
import type { ReplyOf } from '#shared/api-contract';
import type { ApiResult } from '../../lib/api';
import { paths } from '../../config/paths';

/** What the sign-in and sign-up steps answer (the contract's reply schemas). */
export type AuthData = ReplyOf<
  'POST /users/register-email' | 'POST /users/verify-email-otp' | 'POST /users/login' | 'POST /users/login/two-factor' | 'POST /users/add-basic-details' | 'POST /users/add-organization'
>;

export type NextStep =
  /** 201 with loginVerified: save the token and user, 'Login successful', /dashboard. */
  | { kind: 'signed-in'; token: string; data: AuthData }
  /** The password was right and the account uses two-factor: ask for a code with the challenge token. */
  | { kind: 'two-factor'; challengeToken: string; message: string }
  /** 201 with the email unverified: a code was sent; switch to one-time-code mode. */
  | { kind: 'verify-email'; message: string }
  /** 200 isAlreadyRegistered: call login, then the dashboard. */
  | { kind: 'login' }
  /** 200 with a registration token: store it and go on with sign-up. */
  | { kind: 'continue-sign-up'; registrationToken: string; to: string }
  | { kind: 'error'; message: string; errors?: Record<string, string> };

export const DEFAULT_AUTH_ERROR = 'An error occurred';

export function nextStep(result: ApiResult<AuthData>): NextStep {
  const body = result.data;
  const data = body.data;
  if (!result.success || !data) {
    return { kind: 'error', message: result.message || DEFAULT_AUTH_ERROR, errors: body.errors };
  }
  if (result.responseCode === 201 && data.loginVerified && data.token) return { kind: 'signed-in', token: data.token, data };
  if (data.twoFactorRequired && data.challengeToken) return { kind: 'two-factor', challengeToken: data.challengeToken, message: result.message };
  if (!data.isEmailVerified) return { kind: 'verify-email', message: result.message };
  if (data.isAlreadyRegistered) return { kind: 'login' };
  if (data.token) {
    const to = !data.hasAddedBasicDetails ? paths.auth.addBasicDetails : paths.auth.addOrgDetails;
    return { kind: 'continue-sign-up', registrationToken: data.token, to };
  }
  return { kind: 'error', message: result.message || DEFAULT_AUTH_ERROR };
}
