import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { verifyEmailSchema } from '#shared/account/schemas';
import { Field } from '../../../components/field';
import { PasswordInput } from '../../../components/password-input';
import { useSubmitForm } from '../../../lib/forms';
import { CodeField, LARGE, VerifyActions } from './auth-fields';

interface OtpFormProps {
  email: string;
  password: string;
  onVerify: (otp: string) => Promise<Record<string, string> | void>;
  onResend: () => Promise<void>;
  onChangeEmail: () => void;
}

interface OtpValues {
  email: string;
  password: string;
  otp: string;
}

/** One-time-code mode: email and password stay visible but disabled; the button reads 'Verify'. */
export function OtpForm({ email, password, onVerify, onResend, onChangeEmail }: OtpFormProps) {
  const [resending, setResending] = useState(false);
  const {
    register,
    submit,
    formState: { errors, isSubmitting, isValid },
  } = useSubmitForm<OtpValues>(zodResolver(verifyEmailSchema) as never, { email, password, otp: '' }, ['otp'], (values) => onVerify(values.otp));

  const resend = async () => {
    setResending(true);
    try {
      await onResend();
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Verify your email">
      <Field id="email" label="Email">
        <input id="email" className={LARGE} type="email" value={email} disabled readOnly />
      </Field>
      <Field id="password" label="Password">
        <PasswordInput id="password" className={LARGE} value={password} disabled readOnly />
      </Field>
      <CodeField field={register('otp')} label="Verification code" error={errors.otp?.message} hint="The 6-digit code from the email we just sent." />
      <VerifyActions busy={isSubmitting} invalid={!isValid} backText="Use a different email" onBack={onChangeEmail}>
        <button type="button" className="btn btn-link btn-sm p-0 text-decoration-none" onClick={resend} disabled={isSubmitting || resending}>
          {resending ? 'Sending...' : 'Resend code'}
        </button>
      </VerifyActions>
    </form>
  );
}
