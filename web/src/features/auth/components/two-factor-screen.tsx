// The sign-in's second step: the code from the authenticator app, for the account just signed in to.
import { StatusBanner, type Status } from '../../../components/status-banner';
import { AuthHeading } from './auth-heading';
import { TwoFactorForm } from './two-factor-form';

export function TwoFactorScreen({
  email,
  status,
  onVerify,
  onCancel,
}: {
  email: string;
  status: Status | null;
  onVerify: (code: string) => Promise<Record<string, string> | void>;
  onCancel: () => void;
}) {
  return (
    <>
      <AuthHeading title="Two-step verification">
        Enter the code from your authenticator app to sign in as <strong className="text-body-emphasis">{email}</strong>.
      </AuthHeading>
      <StatusBanner status={status} />
      <TwoFactorForm onVerify={onVerify} onCancel={onCancel} />
    </>
  );
}
