import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { verifyEmailSchema } from '#shared/schemas/account';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { PasswordInput } from '../../../components/password-input';
import { applyServerErrors } from '../../../lib/forms';

interface OtpFormProps {
  email: string;
  password: string;
  onVerify(otp: string): Promise<Record<string, string> | void>;
  onResend(): Promise<void>;
  onChangeEmail(): void;
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
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isValid },
  } = useForm<OtpValues>({
    resolver: zodResolver(verifyEmailSchema) as never,
    mode: 'onTouched',
    defaultValues: { email, password, otp: '' },
  });

  const submit = handleSubmit(async (values) => {
    const fieldErrors = await onVerify(values.otp);
    if (fieldErrors) applyServerErrors(setError, fieldErrors, ['otp']);
  });

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
        <input id="email" className="form-control form-control-lg" type="email" value={email} disabled readOnly />
      </Field>
      <Field id="password" label="Password">
        <PasswordInput id="password" className="form-control form-control-lg" value={password} disabled readOnly />
      </Field>
      <Field id="otp" label="Verification code" error={errors.otp?.message} hint="The 6-digit code from the email we just sent.">
        <input
          {...register('otp')}
          {...controlProps('otp', errors.otp?.message, { base: 'form-control form-control-lg otp-input' })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          autoFocus
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={isSubmitting || !isValid}>
        {isSubmitting ? <Busy /> : 'Verify'}
      </button>
      <div className="d-flex justify-content-between mt-3 small">
        <button type="button" className="btn btn-link btn-sm p-0 text-decoration-none" onClick={onChangeEmail} disabled={isSubmitting}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Use a different email
        </button>
        <button type="button" className="btn btn-link btn-sm p-0 text-decoration-none" onClick={resend} disabled={isSubmitting || resending}>
          {resending ? 'Sending...' : 'Resend code'}
        </button>
      </div>
    </form>
  );
}
