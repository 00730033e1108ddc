// Sign-up's first step after the email and password: the 6-digit code sent to a new address. The server
// answers the same for an existing account (it emails a note instead), so the screen says both.
import { Link } from 'react-router-dom';
import type { Credentials } from '#shared/account/schemas';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { AuthHeading } from './auth-heading';
import { OtpForm } from './otp-form';
import { SignUpSteps } from './sign-up-steps';

export function VerifyEmailScreen({
  credentials,
  status,
  onVerify,
  onResend,
  onBack,
}: {
  credentials: Credentials;
  status: Status | null;
  onVerify: (otp: string) => Promise<Record<string, string> | void>;
  onResend: () => Promise<void>;
  onBack: () => void;
}) {
  return (
    <>
      <SignUpSteps current={0} />
      <AuthHeading title="Verify your email">
        If <strong className="text-body-emphasis">{credentials.email}</strong> is new here, we sent it a 6-digit code: enter it below.
      </AuthHeading>
      <div className="alert alert-light border small" role="note">
        Already have an account with this address? Then no code is coming: we emailed you a note instead. Sign in with your password, or reset it.
        <div className="d-flex flex-wrap gap-3 mt-2">
          <button type="button" className="btn btn-link btn-sm p-0 text-decoration-none" onClick={onBack}>
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            Back to sign-in
          </button>
          <Link to={paths.auth.forgotPassword} state={{ email: credentials.email }} className="btn btn-link btn-sm p-0 text-decoration-none">
            Reset your password
          </Link>
        </div>
      </div>
      <StatusBanner status={status} />
      <OtpForm email={credentials.email} password={credentials.password} onVerify={onVerify} onResend={onResend} onChangeEmail={onBack} />
    </>
  );
}
