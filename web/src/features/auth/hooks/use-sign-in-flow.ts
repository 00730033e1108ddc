// The combined sign-in and sign-up screen's state (spec section 4): which step shows (email and password,
// the email's one-time code, the authenticator code), and the calls that follow each answer to the next.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Credentials } from '#shared/account/schemas';
import type { Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import type { ApiResult } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import type { ChallengeHandle } from '../../../lib/challenge';
import { notify } from '../../../lib/notify';
import { saveRegistrationToken } from '../../../lib/session';
import { login } from '../api/login';
import { loginTwoFactor } from '../api/login-two-factor';
import { registerEmail } from '../api/register-email';
import { verifyEmailOtp } from '../api/verify-email-otp';
import { DEFAULT_AUTH_ERROR, nextStep, type AuthData } from '../auth-flow';

export type SignInMode = 'credentials' | 'otp' | 'two-factor';

export function useSignInFlow(check: ChallengeHandle) {
  const navigate = useNavigate();
  const location = useLocation();
  const { saveAuth } = useAuth();
  const [credentials, setCredentials] = useState<Credentials>();
  const [mode, setMode] = useState<SignInMode>('credentials');
  const [challengeToken, setChallengeToken] = useState<string>();
  const flash = location.state as { message?: string; kind?: Status['kind'] } | null;
  const [status, setStatus] = useState<Status | null>(flash?.message ? { kind: flash.kind ?? 'success', text: flash.message } : null);

  /** Follows an auth response to the next step; returns field messages for the form. */
  async function follow(result: ApiResult<AuthData>, creds: Credentials, loggedIn = false): Promise<Record<string, string> | void> {
    const step = nextStep(result);
    switch (step.kind) {
      case 'signed-in':
        saveAuth(step.token, step.data.userDetails);
        notify.success('Login successful');
        navigate(paths.dashboard, { replace: true });
        return;
      case 'two-factor':
        setCredentials(creds);
        setChallengeToken(step.challengeToken);
        setMode('two-factor');
        setStatus(null);
        return;
      case 'verify-email':
        // The code screen itself says what happened (a code, or a note to an existing account).
        setCredentials(creds);
        setMode('otp');
        setStatus(null);
        return;
      case 'login':
        if (loggedIn) break;
        return follow(await login(creds), creds, true);
      case 'continue-sign-up':
        saveRegistrationToken(step.registrationToken);
        navigate(step.to);
        return;
      case 'error':
        setStatus({ kind: 'danger', text: step.message });
        return step.errors;
    }
    setStatus({ kind: 'danger', text: DEFAULT_AUTH_ERROR });
  }

  async function guarded<T>(run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      console.error(error);
      setStatus({ kind: 'danger', text: `${DEFAULT_AUTH_ERROR}. Please check your connection and try again.` });
      return undefined;
    }
  }

  const submitCredentials = (values: Credentials) =>
    guarded(async () => {
      setStatus(null);
      return follow(await registerEmail(values, await check.take()), values);
    });

  const verify = (otp: string) =>
    guarded(async () => {
      setStatus(null);
      return follow(await verifyEmailOtp({ ...credentials!, otp }), credentials!);
    });

  const resend = async () => {
    await guarded(async () => {
      const result = await registerEmail(credentials!, await check.take());
      setStatus(result.success ? { kind: 'success', text: 'We sent you a new code.' } : { kind: 'danger', text: result.message || DEFAULT_AUTH_ERROR });
    });
  };

  const verifySecondFactor = (code: string) =>
    guarded(async () => {
      setStatus(null);
      const result = await loginTwoFactor({ challengeToken: challengeToken!, code });
      // An expired challenge starts the sign-in again.
      if (result.responseCode === 401 && /expired/.test(result.message)) setMode('credentials');
      return follow(result, credentials!, true);
    });

  /** Back to the email and password (they stay filled in). */
  const backToCredentials = () => {
    setMode('credentials');
    setChallengeToken(undefined);
    setStatus(null);
  };

  return { mode, credentials, challengeToken, status, submitCredentials, verify, resend, verifySecondFactor, backToCredentials };
}
