import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UserDetails } from '#shared/api';
import { COUNTRIES } from '#shared/countries';
import { basicDetailsSchema, GENDERS, type BasicDetails } from '#shared/schemas/account';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { updateProfile } from '../api/update-profile';

const GENDER_LABELS: Record<string, string> = { male: 'Male', female: 'Female', other: 'Other', 'prefer not to say': 'Prefer not to say' };

export function ProfileDetailsForm({ user }: { user: UserDetails }) {
  const { setCurrentUser } = useAuth();
  const [status, setStatus] = useState<Status | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isValid, isDirty },
  } = useForm<BasicDetails>({
    resolver: zodResolver(basicDetailsSchema),
    mode: 'onTouched',
    defaultValues: {
      username: user.username ?? '',
      firstName: user.firstName ?? '',
      middleName: user.middleName ?? '',
      lastName: user.lastName ?? '',
      phoneNumber: user.phoneNumber ?? '',
      gender: user.gender as BasicDetails['gender'],
      city: user.city ?? '',
      country: user.country ?? '',
    },
  });
  const e = (name: keyof BasicDetails) => errors[name]?.message;

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const result = await updateProfile(values);
      if (result.success && result.data.data) {
        setCurrentUser(result.data.data);
        reset(values);
        notify.success(result.message || 'Your profile is saved.');
        return;
      }
      setStatus({ kind: 'danger', text: result.message });
      for (const [field, message] of Object.entries(result.data.errors ?? {})) setError(field as keyof BasicDetails, { type: 'server', message });
    } catch {
      setStatus({ kind: 'danger', text: 'Your profile could not be saved. Please check your connection.' });
    }
  });

  const countries: readonly string[] = user.country && !(COUNTRIES as readonly string[]).includes(user.country) ? [user.country, ...COUNTRIES] : COUNTRIES;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-details-title" className="card border-0 shadow-sm">
      <div className="card-header bg-transparent py-3">
        <h2 id="profile-details-title" className="h6 fw-bold mb-0">
          Profile details
        </h2>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        <div className="row g-3">
          <Field id="username" label="Username" required error={e('username')} className="col-md-6">
            <input {...register('username')} {...controlProps('username', e('username'))} autoComplete="username" />
          </Field>
          <Field id="phoneNumber" label="Phone number" required error={e('phoneNumber')} className="col-md-6">
            <input {...register('phoneNumber')} {...controlProps('phoneNumber', e('phoneNumber'))} type="tel" autoComplete="tel" />
          </Field>
          <Field id="firstName" label="First name" required error={e('firstName')} className="col-md-4">
            <input {...register('firstName')} {...controlProps('firstName', e('firstName'))} autoComplete="given-name" />
          </Field>
          <Field id="middleName" label="Middle name" error={e('middleName')} className="col-md-4">
            <input {...register('middleName')} {...controlProps('middleName', e('middleName'))} autoComplete="additional-name" />
          </Field>
          <Field id="lastName" label="Last name" required error={e('lastName')} className="col-md-4">
            <input {...register('lastName')} {...controlProps('lastName', e('lastName'))} autoComplete="family-name" />
          </Field>
          <Field id="gender" label="Gender" required error={e('gender')} className="col-md-4">
            <select {...register('gender')} {...controlProps('gender', e('gender'), 'form-select')}>
              <option value="">Select your gender</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_LABELS[g]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="city" label="City" error={e('city')} className="col-md-4">
            <input {...register('city')} {...controlProps('city', e('city'))} autoComplete="address-level2" />
          </Field>
          <Field id="country" label="Country" error={e('country')} className="col-md-4">
            <select {...register('country')} {...controlProps('country', e('country'), 'form-select')}>
              <option value="">Select a country</option>
              {countries.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </div>
      <div className="card-footer bg-transparent d-flex justify-content-end gap-2 py-3">
        <button type="button" className="btn btn-light" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
          Discard
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isValid || !isDirty}>
          {isSubmitting ? <Busy /> : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
