import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { changePasswordSchema } from '#shared/schemas/account';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { PasswordInput } from '../../../components/password-input';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { applyServerErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { changePassword } from '../api/change-password';
import { failureText } from '../../../lib/api';

export const changePasswordFormSchema = z
  .extend(changePasswordSchema, { confirmPassword: z.string() })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] }));
type Values = z.infer<typeof changePasswordFormSchema>;

export function ChangePasswordForm() {
  const [status, setStatus] = useState<Status | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isValid },
  } = useForm<Values>({ resolver: zodResolver(changePasswordFormSchema), mode: 'onTouched', defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const e = (name: keyof Values) => errors[name]?.message;

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setStatus(null);
    try {
      const result = await changePassword({ currentPassword, newPassword });
      if (result.success) {
        reset();
        notify.success(result.message || 'Your password has been changed.');
        return;
      }
      setStatus({ kind: 'danger', text: failureText(result, 'Your password could not be changed.') });
      applyServerErrors(setError, result.data.errors, ['currentPassword', 'newPassword']);
    } catch {
      setStatus({ kind: 'danger', text: 'Your password could not be changed. Please check your connection.' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-title" className="card border-0 shadow-sm">
      <div className="card-header bg-transparent py-3">
        <h2 id="password-title" className="h6 fw-bold mb-0">
          Change password
        </h2>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        <div className="row g-3">
          <Field id="currentPassword" label="Current password" required error={e('currentPassword')} className="col-md-4">
            <PasswordInput {...register('currentPassword')} {...controlProps('currentPassword', e('currentPassword'), { required: true })} autoComplete="current-password" />
          </Field>
          <Field id="newPassword" label="New password" required error={e('newPassword')} className="col-md-4">
            <PasswordInput {...register('newPassword')} {...controlProps('newPassword', e('newPassword'), { required: true })} autoComplete="new-password" meter />
          </Field>
          <Field id="confirmPassword" label="Confirm new password" required error={e('confirmPassword')} className="col-md-4">
            <PasswordInput {...register('confirmPassword')} {...controlProps('confirmPassword', e('confirmPassword'), { required: true })} autoComplete="new-password" />
          </Field>
        </div>
      </div>
      <div className="card-footer bg-transparent d-flex justify-content-end py-3">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isValid}>
          {isSubmitting ? <Busy /> : 'Update Password'}
        </button>
      </div>
    </form>
  );
}
