// /auth/add-basic-details: step 3 of sign-up (registration token).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { COUNTRIES } from '#shared/countries';
import { basicDetailsSchema, GENDERS, type BasicDetails } from '#shared/schemas/account';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { getRegistrationToken, saveRegistrationToken } from '../../../lib/session';
import { addBasicDetails } from '../api/add-basic-details';
import { AuthHeading } from '../components/auth-heading';
import { SignUpSteps } from '../components/sign-up-steps';
import { applyServerErrors } from '../lib';

export const REGISTRATION_ERROR = 'The registration details is incorrect';
const FIELDS = ['username', 'firstName', 'middleName', 'lastName', 'phoneNumber', 'gender', 'city', 'country'] as const;

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer not to say': 'Prefer not to say',
};

export function BasicDetailsForm({ onSubmit }: { onSubmit(values: BasicDetails): Promise<Record<string, string> | void> }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isValid },
  } = useForm<BasicDetails>({
    resolver: zodResolver(basicDetailsSchema),
    mode: 'onTouched',
    defaultValues: { username: '', firstName: '', middleName: '', lastName: '', phoneNumber: '', city: '', country: '' },
  });
  const submit = handleSubmit(async (values) => {
    const fieldErrors = await onSubmit(values);
    if (fieldErrors) applyServerErrors(setError, fieldErrors, FIELDS);
  });
  const e = (name: keyof BasicDetails) => errors[name]?.message;

  return (
    <form onSubmit={submit} noValidate aria-label="Add basic details">
      <Field id="username" label="Username" required error={e('username')}>
        <input {...register('username')} {...controlProps('username', e('username'))} autoComplete="username" autoFocus />
      </Field>
      <div className="row g-3 mb-3">
        <Field id="firstName" label="First name" required error={e('firstName')} className="col-md-4">
          <input {...register('firstName')} {...controlProps('firstName', e('firstName'))} autoComplete="given-name" />
        </Field>
        <Field id="middleName" label="Middle name" error={e('middleName')} className="col-md-4">
          <input {...register('middleName')} {...controlProps('middleName', e('middleName'))} autoComplete="additional-name" />
        </Field>
        <Field id="lastName" label="Last name" required error={e('lastName')} className="col-md-4">
          <input {...register('lastName')} {...controlProps('lastName', e('lastName'))} autoComplete="family-name" />
        </Field>
      </div>
      <div className="row g-3 mb-3">
        <Field id="phoneNumber" label="Phone number" required error={e('phoneNumber')} className="col-md-6">
          <input {...register('phoneNumber')} {...controlProps('phoneNumber', e('phoneNumber'))} type="tel" autoComplete="tel" placeholder="+15551234567" />
        </Field>
        <Field id="gender" label="Gender" required error={e('gender')} className="col-md-6">
          <select {...register('gender')} {...controlProps('gender', e('gender'), 'form-select')} defaultValue="">
            <option value="" disabled>
              Select your gender
            </option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {GENDER_LABELS[g]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="row g-3 mb-3">
        <Field id="city" label="City" error={e('city')} className="col-md-6">
          <input {...register('city')} {...controlProps('city', e('city'))} autoComplete="address-level2" />
        </Field>
        <Field id="country" label="Country" error={e('country')} className="col-md-6">
          <select {...register('country')} {...controlProps('country', e('country'), 'form-select')}>
            <option value="">Select a country</option>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={isSubmitting || !isValid}>
        {isSubmitting ? <Busy /> : 'Continue'}
      </button>
    </form>
  );
}

export function AddBasicDetailsPage() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status | null>(null);
  // Checked once: finishing the step clears the token, and that must not send the person back.
  const [registering] = useState(() => Boolean(getRegistrationToken()));
  if (!registering) return <Navigate to={paths.auth.root} replace />;

  const submit = async (values: BasicDetails) => {
    setStatus(null);
    try {
      const result = await addBasicDetails(values);
      if (result.success) {
        // The answer carries a fresh registration token for the next step.
        if (result.data.data?.token) saveRegistrationToken(result.data.data.token);
        navigate(paths.auth.addOrgDetails);
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
      <SignUpSteps current={1} />
      <AuthHeading title="Add Basic Details">Tell us a little about yourself.</AuthHeading>
      <StatusBanner status={status} />
      <BasicDetailsForm onSubmit={submit} />
    </>
  );
}
