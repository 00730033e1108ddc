// /auth and /auth/register-email: the combined email and password screen (spec sections 2 and 4).
import { useEffect, type ComponentProps } from 'react';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { ChallengeStatus, type ChallengeHandle } from '../../../lib/challenge';
import { clearRegistrationToken } from '../../../lib/session';
import { AuthHeading } from '../components/auth-heading';
import { CredentialsForm } from '../components/credentials-form';
import { TwoFactorScreen } from '../components/two-factor-screen';
import { VerifyEmailScreen } from '../components/verify-email-screen';
import { useArmedChallenge } from '../hooks/use-armed-challenge';
import { useSignInFlow } from '../hooks/use-sign-in-flow';

export function RegisterEmailPage() {
  // A sign-up left half-way starts again from here.
  useEffect(() => clearRegistrationToken(), []);
  const check = useArmedChallenge();
  const flow = useSignInFlow(check);
  const { mode, credentials, challengeToken, status } = flow;

  if (mode === 'two-factor' && credentials && challengeToken) {
    return <TwoFactorScreen email={credentials.email} status={status} onVerify={flow.verifySecondFactor} onCancel={flow.backToCredentials} />;
  }
  if (mode === 'otp' && credentials) {
    return <VerifyEmailScreen credentials={credentials} status={status} onVerify={flow.verify} onResend={flow.resend} onBack={flow.backToCredentials} />;
  }
  return <SignInScreen status={status} defaultValues={credentials} onSubmit={flow.submitCredentials} challenge={check} />;
}

/** The combined sign-in and sign-up screen's first step; also index.html's first paint on /auth (first-paint.tsx). */
export function SignInScreen({ status, challenge, ...form }: { status: Status | null; challenge?: ChallengeHandle } & ComponentProps<typeof CredentialsForm>) {
  return (
    <>
      <AuthHeading title="Welcome">Sign in, or create your account, with your email and a password.</AuthHeading>
      <StatusBanner status={status} />
      <CredentialsForm {...form} />
      {/* Empty in the first paint (first-paint.tsx), so the line's space is there from the start. */}
      <ChallengeStatus challenge={challenge} />
      <p className="text-body-secondary small text-center mt-4 mb-0">
        New here? Continue with your email and we will send you a code to verify it.
      </p>
    </>
  );
}
