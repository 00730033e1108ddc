// The second step of signing in with two-factor: a code from the authenticator app, or a recovery code.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import * as z from 'zod/mini';
import { useSubmitForm } from '../../../lib/forms';
import { CodeField, LARGE, VerifyActions } from './auth-fields';

const schema = z.object({
  code: z.string().check(z.trim(), z.minLength(6, 'Enter the 6-digit code from your authenticator app'), z.maxLength(20, 'The code is too long')),
});

interface TwoFactorFormProps {
  onVerify: (code: string) => Promise<Record<string, string> | void>;
  onCancel: () => void;
}

export function TwoFactorForm({ onVerify, onCancel }: TwoFactorFormProps) {
  const [recovery, setRecovery] = useState(false);
  const {
    register,
    submit,
    reset,
    formState: { errors, isSubmitting, isValid },
  } = useSubmitForm<{ code: string }>(zodResolver(schema), { code: '' }, ['code'], ({ code }) => onVerify(code));

  return (
    <form onSubmit={submit} noValidate aria-label="Two-step verification">
      <CodeField
        field={register('code')}
        label={recovery ? 'Recovery code' : 'Authentication code'}
        error={errors.code?.message}
        hint={recovery ? 'One of the recovery codes you saved when you turned on two-step sign-in. Each works once.' : 'The 6-digit code your authenticator app shows for Clinic Suite.'}
        {...(recovery ? ({ base: LARGE, inputMode: 'text', maxLength: 20, placeholder: 'xxxxx-xxxxx' } as const) : {})}
      />
      <VerifyActions busy={isSubmitting} invalid={!isValid} backText="Back to sign in" onBack={onCancel}>
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
      </VerifyActions>
    </form>
  );
}
