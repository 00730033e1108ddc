// /auth/accept-invite?token=...: an invited member chooses a password (which also verifies the email)
// and is signed in. The page first shows what the invitation is for; a suggested password follows the
// spec's helper (inviter's name, the member's name, then '@' and four random characters).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import * as z from 'zod/mini';
import { password } from '#shared/common/schemas';
import { suggestPassword } from '#shared/password-suggestion';
import { Busy, Loading } from '../../../components/loading';
import { PasswordField } from '../../../components/password-input';
import { StatusBanner } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useSaveStatus } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { acceptInvite, inviteDetails, type InviteDetails } from '../api/members';

export const acceptInviteFormSchema = z
  .object({ password, confirmPassword: z.string() })
  .check(z.refine((v) => v.password === v.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] }));
type Values = z.infer<typeof acceptInviteFormSchema>;

async function loadDetails([, token]: [string, string]): Promise<InviteDetails> {
  const result = await inviteDetails(token);
  if (!result.success || !result.data.data) throw new Error(result.message || 'This invitation link is not valid.');
  return result.data.data;
}

function ChoosePassword({ token, details }: { token: string; details: InviteDetails }) {
  const navigate = useNavigate();
  const { saveAuth } = useAuth();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting, isValid },
  } = useForm<Values>({ resolver: zodResolver(acceptInviteFormSchema), mode: 'onTouched', defaultValues: { password: '', confirmPassword: '' } });
  const { status, send } = useSaveStatus();
  const [suggested, setSuggested] = useState<string>();
  const e = (name: keyof Values) => errors[name]?.message;

  const suggest = () => {
    const value = suggestPassword(details.inviterName, details.firstName ?? details.email.split('@')[0]);
    setSuggested(value);
    setValue('password', value, { shouldValidate: true, shouldTouch: true });
    setValue('confirmPassword', value, { shouldValidate: true, shouldTouch: true });
  };

  const submit = handleSubmit(async (values) => {
    const result = await send(() => acceptInvite(token, values.password), 'The invitation could not be accepted.');
    const data = result?.data.data;
    if (!result || !data?.token) return;
    saveAuth(data.token, data.userDetails);
    notify.success(result.message || 'Login successful', { long: true });
    navigate(paths.dashboard, { replace: true });
  });

  return (
    <>
      <h1 className="h3 fw-bold text-body-emphasis mb-1">Join {details.organizationName}</h1>
      <p className="text-body-secondary mb-4">
        {details.inviterName} invited you{details.firstName ? `, ${details.firstName}` : ''}. Choose a password to sign in as <strong>{details.email}</strong>.
      </p>
      <StatusBanner status={status} />
      <form onSubmit={submit} noValidate aria-label="Accept the invitation">
        <PasswordField
          field={register('password')}
          label="Password"
          required
          error={e('password')}
          labelAside={
            // The password field has the focus (autoFocus): pressing here must not take it away, or
            // its blur check shows 'Password is required', the form grows under the pointer and the
            // click that was to fill it lands elsewhere. Keyboard users still reach it with Tab.
            <button type="button" className="btn btn-link btn-sm p-0" onMouseDown={(event) => event.preventDefault()} onClick={suggest}>
              Suggest a password
            </button>
          }
          hint={suggested ? `Suggested: ${suggested} (keep it somewhere safe)` : undefined}
          autoComplete="new-password"
          meter
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- accepting an invitation is a single-task page: the password it asks for takes the focus as it opens
          autoFocus
        />
        <PasswordField field={register('confirmPassword')} label="Confirm password" required error={e('confirmPassword')} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={isSubmitting || !isValid}>
          {isSubmitting ? <Busy /> : 'Accept and sign in'}
        </button>
      </form>
    </>
  );
}

export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data, error, isLoading } = useSWR<InviteDetails, Error, [string, string] | null>(token ? ['invite-details', token] : null, loadDetails, { revalidateOnFocus: false, shouldRetryOnError: false });
  if (!token || error) {
    return (
      <>
        <h1 className="h3 fw-bold text-body-emphasis mb-3">Invitation</h1>
        <StatusBanner status={{ kind: 'danger', text: error?.message || 'The invitation link is incomplete. Please open the link from the email again.' }} />
        <Link to={paths.auth.root} className="btn btn-light">
          Go to sign in
        </Link>
      </>
    );
  }
  if (isLoading || !data) return <Loading label="Opening your invitation..." showLabel />;
  return <ChoosePassword token={token} details={data} />;
}

export { AcceptInvitePage as Component };
