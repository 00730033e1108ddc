// /auth/add-org-details: the last step of sign-up; creates the organisation and signs in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { organizationSchema, type Organization } from '#shared/account/schemas';
import { isTimeZone } from '#shared/organization/schemas';
import { InputField } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { clearRegistrationToken } from '../../../lib/session';
import { addOrganization } from '../api/add-organization';
import { SignUpStep } from '../components/sign-up-steps';
import { useSaveStatus } from '../../../lib/forms';
import { REGISTRATION_ERROR } from './add-basic-details';

const FIELDS = ['name', 'email', 'legalName', 'websiteUrl', 'phoneNumber'] as const;

/** The zone this browser runs in, the organisation's default (editable later in its profile); none when Intl cannot tell. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

export function AddOrgDetailsPage() {
  const navigate = useNavigate();
  const { saveAuth } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isValid },
  } = useForm<Organization>({
    resolver: zodResolver(organizationSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', legalName: '', websiteUrl: '', phoneNumber: '' },
  });
  const { status, send } = useSaveStatus(setError, FIELDS);
  const e = (name: keyof Organization) => errors[name]?.message;

  const submit = handleSubmit(async (values) => {
    const result = await send(() => addOrganization({ ...values, timeZone: browserTimeZone() }), REGISTRATION_ERROR, REGISTRATION_ERROR);
    const data = result?.data.data;
    if (!result || !data?.token) return;
    clearRegistrationToken();
    saveAuth(data.token, data.userDetails);
    notify.success(result.message, { long: true });
    navigate(paths.dashboard, { replace: true });
  });

  return (
    <SignUpStep current={2} title="Add Organisation Details" intro="Your clinic or practice: you can change these later." status={status}>
      <form onSubmit={submit} noValidate aria-label="Add organisation details">
        {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- a sign-up step, a single-task page: its first field takes the focus as it opens */}
        <InputField field={register('name')} label="Organisation name" required error={e('name')} autoComplete="organization" autoFocus />
        <InputField field={register('email')} label="Organisation email" required error={e('email')} type="email" autoComplete="email" placeholder="hello@clinic.com" />
        <InputField field={register('legalName')} label="Legal name" required error={e('legalName')} />
        <div className="row g-3 mb-3">
          <InputField field={register('websiteUrl')} label="Website" required error={e('websiteUrl')} className="col-md-6" type="url" autoComplete="url" placeholder="www.yourclinic.com" />
          <InputField field={register('phoneNumber')} label="Phone number" required error={e('phoneNumber')} className="col-md-6" type="tel" autoComplete="tel" placeholder="+15551234567" />
        </div>
        <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={isSubmitting || !isValid}>
          {isSubmitting ? <Busy /> : 'Create organisation'}
        </button>
      </form>
    </SignUpStep>
  );
}
