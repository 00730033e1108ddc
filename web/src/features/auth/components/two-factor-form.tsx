// The second step of signing in with two-factor: a code from the authenticator app, or a recovery code.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { applyServerErrors } from '../../../lib/forms';

const schema = z.object({
  code: z.string().check(z.trim(), z.minLength(6, 'Enter the 6-digit code from your authenticator app'), z.maxLength(20, 'The code is too long')),
});

interface TwoFactorFormProps {
  onVerify(code: string): Promise<Record<string, string> | void>;
  onCancel(): void;
}

export function TwoFactorForm({ onVerify, onCancel }: TwoFactorFormProps) {
  const [recovery, setRecovery] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isValid },
  } = useForm<{ code: string }>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: { code: '' } });

  const submit = handleSubmit(async ({ code }) => {
    const fieldErrors = await onVerify(code);
    if (fieldErrors) applyServerErrors(setError, fieldErrors, ['code']);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Two-step verification">
      <Field
        id="code"
        label={recovery ? 'Recovery code' : 'Authentication code'}
        error={errors.code?.message}
        hint={recovery ? 'One of the recovery codes you saved when you turned on two-step sign-in. Each works once.' : 'The 6-digit code your authenticator app shows for Clinic Suite.'}
      >
        <input
          {...register('code')}
          {...controlProps('code', errors.code?.message, { base: `form-control form-control-lg${recovery ? '' : ' otp-input'}` })}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={recovery ? 20 : 6}
          placeholder={recovery ? 'xxxxx-xxxxx' : '000000'}
          autoFocus
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={isSubmitting || !isValid}>
        {isSubmitting ? <Busy /> : 'Verify'}
      </button>
      <div className="d-flex justify-content-between mt-3 small">
        <button type="button" className="btn btn-link btn-sm p-0 text-decoration-none" onClick={onCancel} disabled={isSubmitting}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Back to sign in
        </button>
        <button
          type="button"
          className="btn btn-link btn-sm p-0 text-decoration-none"
          disabled={isSubmitting}
          onClick={() => {
            setRecovery((r) => !r);
            reset({ code: '' });
          }}
        >
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
      </div>
    </form>
  );
}
