// /auth/forgot-password: request a code by email, then set a new password with it.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { password } from '#shared/common/schemas';
import { forgotPasswordSchema, otp } from '#shared/account/schemas';
import { Busy } from '../../../components/loading';
import { PasswordField } from '../../../components/password-input';
import { StatusBanner } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { forgotPassword, resetPassword } from '../api/forgot-password';
import { AuthHeading } from '../components/auth-heading';
import { CodeField, EmailField, LARGE } from '../components/auth-fields';
import { useSaveStatus } from '../../../lib/forms';

const FAILURE = 'An error occurred';
const NETWORK_ERROR = 'An error occurred. Please check your connection and try again.';

export const resetFormSchema = z
  .object({ otp, password, confirmPassword: z.string() })
  .check(z.refine((v) => v.password === v.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] }));
type ResetValues = z.infer<typeof resetFormSchema>;

function RequestCodeForm({ onSent }: { onSent: (email: string, message: string) => void }) {
  const navigate = useNavigate();
  // The code screen's 'Reset your password' link brings the address along.
  const email = (useLocation().state as { email?: string } | null)?.email ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isValid },
  } = useForm<{ email: string }>({ resolver: zodResolver(forgotPasswordSchema), mode: 'onTouched', defaultValues: { email } });
  const { status, send } = useSaveStatus(setError, ['email']);

  const submit = handleSubmit(async ({ email }) => {
    const result = await send(() => forgotPassword({ email }), FAILURE, NETWORK_ERROR);
    if (!result) return;
    notify.success(result.message, { long: true });
    onSent(email, result.message);
  });

  return (
    <>
      <AuthHeading title="Forgot Password ?">Enter your email to reset your password.</AuthHeading>
      <StatusBanner status={status} />
      <form onSubmit={submit} noValidate aria-label="Forgot password">
        <EmailField field={register('email')} error={errors.email?.message} />
        <div className="d-flex gap-2 mt-4">
          <button type="submit" className="btn btn-primary btn-lg flex-fill" disabled={isSubmitting || !isValid}>
            {isSubmitting ? <Busy /> : 'Submit'}
          </button>
          <button type="button" className="btn btn-light btn-lg flex-fill" disabled={isSubmitting || !isValid} onClick={() => navigate(paths.auth.root)}>
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}

function ResetPasswordForm({ email, sentMessage, onResend }: { email: string; sentMessage: string; onResend: () => Promise<string> }) {
  const navigate = useNavigate();
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isValid },
  } = useForm<ResetValues>({ resolver: zodResolver(resetFormSchema), mode: 'onTouched', defaultValues: { otp: '', password: '', confirmPassword: '' } });
  const { status, setStatus, send } = useSaveStatus(setError, ['otp', 'password'], { kind: 'success', text: sentMessage });

  const submit = handleSubmit(async (values) => {
    const result = await send(() => resetPassword({ email, otp: values.otp, password: values.password }), FAILURE, NETWORK_ERROR);
    if (!result) return;
    notify.success(result.message, { long: true });
    navigate(paths.auth.root, { replace: true, state: { message: result.message } });
  });

  const resend = async () => {
    setResending(true);
    try {
      setStatus({ kind: 'success', text: await onResend() });
    } catch {
      setStatus({ kind: 'danger', text: NETWORK_ERROR });
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <AuthHeading title="Set a new password">
        Enter the code we emailed to <strong className="text-body-emphasis">{email}</strong> and choose a new password.
      </AuthHeading>
      <StatusBanner status={status} />
      <form onSubmit={submit} noValidate aria-label="Reset password">
        <CodeField field={register('otp')} label="Reset code" error={errors.otp?.message} />
        <PasswordField
          field={register('password')}
          label="New password"
          error={errors.password?.message}
          hint="Use 8 or more characters with a mix of letters, numbers and symbols."
          base={LARGE}
          autoComplete="new-password"
          meter
        />
        <PasswordField field={register('confirmPassword')} label="Confirm new password" error={errors.confirmPassword?.message} base={LARGE} autoComplete="new-password" />
        <div className="d-flex gap-2 mt-4">
          <button type="submit" className="btn btn-primary btn-lg flex-fill" disabled={isSubmitting || !isValid}>
            {isSubmitting ? <Busy /> : 'Reset Password'}
          </button>
          <button type="button" className="btn btn-light btn-lg flex-fill" disabled={isSubmitting} onClick={() => navigate(paths.auth.root)}>
            Cancel
          </button>
        </div>
        <div className="text-center mt-3">
          <button type="button" className="btn btn-link btn-sm text-decoration-none" onClick={resend} disabled={resending || isSubmitting}>
            {resending ? 'Sending...' : 'Send a new code'}
          </button>
        </div>
      </form>
    </>
  );
}

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<{ email: string; message: string }>();
  if (!sent) return <RequestCodeForm onSent={(email, message) => setSent({ email, message })} />;
  return (
    <ResetPasswordForm
      email={sent.email}
      sentMessage={sent.message}
      onResend={async () => {
        const result = await forgotPassword({ email: sent.email });
        return result.message;
      }}
    />
  );
}
