import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { changePasswordSchema } from '#shared/account/schemas';
import { Card } from '../../../components/card';
import { Busy } from '../../../components/loading';
import { PasswordField } from '../../../components/password-input';
import { useSaveStatus } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { changePassword } from '../api/change-password';

export const changePasswordFormSchema = z
  .extend(changePasswordSchema, { confirmPassword: z.string() })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] }));
type Values = z.infer<typeof changePasswordFormSchema>;

export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isValid },
  } = useForm<Values>({ resolver: zodResolver(changePasswordFormSchema), mode: 'onTouched', defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const { status, send } = useSaveStatus(setError, ['currentPassword', 'newPassword']);
  const e = (name: keyof Values) => errors[name]?.message;

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    const result = await send(() => changePassword({ currentPassword, newPassword }), 'Your password could not be changed.');
    if (!result) return;
    reset();
    notify.success(result.message || 'Your password has been changed.');
  });

  return (
    <Card
      titleId="password-title"
      title="Change password"
      onSubmit={submit}
      status={status}
      footer={
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isValid}>
          {isSubmitting ? <Busy /> : 'Update Password'}
        </button>
      }
    >
      <div className="row g-3">
        <PasswordField field={register('currentPassword')} label="Current password" required error={e('currentPassword')} className="col-md-4" autoComplete="current-password" />
        <PasswordField field={register('newPassword')} label="New password" required error={e('newPassword')} className="col-md-4" autoComplete="new-password" meter />
        <PasswordField field={register('confirmPassword')} label="Confirm new password" required error={e('confirmPassword')} className="col-md-4" autoComplete="new-password" />
      </div>
    </Card>
  );
}
