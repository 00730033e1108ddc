// /auth/add-org-details: the last step of sign-up; creates the organisation and signs in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { organizationSchema, type Organization } from '#shared/schemas/account';
import { isTimeZone } from '#shared/schemas/organization';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { clearRegistrationToken, getRegistrationToken } from '../../../lib/session';
import { addOrganization } from '../api/add-organization';
import { AuthHeading } from '../components/auth-heading';
import { SignUpSteps } from '../components/sign-up-steps';
import { applyServerErrors } from '../../../lib/forms';
import { REGISTRATION_ERROR } from './add-basic-details';

const FIELDS = ['name', 'email', 'legalName', 'websiteUrl', 'phoneNumber'] as const;

export function OrganizationForm({ onSubmit }: { onSubmit(values: Organization): Promise<Record<string, string> | void> }) {
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
  const submit = handleSubmit(async (values) => {
    const fieldErrors = await onSubmit(values);
    if (fieldErrors) applyServerErrors(setError, fieldErrors, FIELDS);
  });
  const e = (name: keyof Organization) => errors[name]?.message;

  return (
    <form onSubmit={submit} noValidate aria-label="Add organisation details">
      <Field id="name" label="Organisation name" required error={e('name')}>
        <input {...register('name')} {...controlProps('name', e('name'), { required: true })} autoComplete="organization" autoFocus />
      </Field>
      <Field id="email" label="Organisation email" required error={e('email')}>
        <input {...register('email')} {...controlProps('email', e('email'), { required: true })} type="email" autoComplete="email" placeholder="hello@clinic.com" />
      </Field>
      <Field id="legalName" label="Legal name" required error={e('legalName')}>
        <input {...register('legalName')} {...controlProps('legalName', e('legalName'), { required: true })} />
      </Field>
      <div className="row g-3 mb-3">
        <Field id="websiteUrl" label="Website" required error={e('websiteUrl')} className="col-md-6">
          <input {...register('websiteUrl')} {...controlProps('websiteUrl', e('websiteUrl'), { required: true })} type="url" autoComplete="url" placeholder="https://clinic.com" />
        </Field>
        <Field id="phoneNumber" label="Phone number" required error={e('phoneNumber')} className="col-md-6">
          <input {...register('phoneNumber')} {...controlProps('phoneNumber', e('phoneNumber'), { required: true })} type="tel" autoComplete="tel" placeholder="+15551234567" />
        </Field>
      </div>
      <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={isSubmitting || !isValid}>
        {isSubmitting ? <Busy /> : 'Create organisation'}
      </button>
    </form>
  );
}

/** The zone this browser runs in, the organisation's default (editable later in its profile); none when Intl cannot tell. */
export function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

export function AddOrgDetailsPage() {
  const navigate = useNavigate();
  const { saveAuth } = useAuth();
  const [status, setStatus] = useState<Status | null>(null);
  // Checked once: finishing the step clears the token, and that must not send the person back.
  const [registering] = useState(() => Boolean(getRegistrationToken()));
  if (!registering) return <Navigate to={paths.auth.root} replace />;

  const submit = async (values: Organization) => {
    setStatus(null);
    try {
      const result = await addOrganization({ ...values, timeZone: browserTimeZone() });
      const data = result.data.data;
      if (result.success && data?.token) {
        clearRegistrationToken();
        saveAuth(data.token, data.userDetails);
        notify.success(result.message, { long: true });
        navigate(paths.dashboard, { replace: true });
        return;
      }
      setStatus({ kind: 'danger', text: result.message || REGISTRATION_ERROR });
      return result.data.errors;
    } catch {
      setStatus({ kind: 'danger', text: REGISTRATION_ERROR });
    }
  };

  return (
    <>
      <SignUpSteps current={2} />
      <AuthHeading title="Add Organisation Details">Your clinic or practice: you can change these later.</AuthHeading>
      <StatusBanner status={status} />
      <OrganizationForm onSubmit={submit} />
    </>
  );
}
