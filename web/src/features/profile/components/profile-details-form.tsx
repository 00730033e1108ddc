import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { UserDetails } from '../../../lib/auth';
import { basicDetailsSchema, type BasicDetails } from '#shared/schemas/account';
import { BASIC_DETAILS_FIELDS, BasicDetailsFields } from '../../../components/basic-details-fields';
import { Busy } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { useAuth } from '../../../lib/auth';
import { applyServerErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { updateProfile } from '../api/update-profile';
import { failureText } from '../../../lib/api';

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
      setStatus({ kind: 'danger', text: failureText(result, 'Your profile could not be saved.') });
      applyServerErrors(setError, result.data.errors, BASIC_DETAILS_FIELDS);
    } catch {
      setStatus({ kind: 'danger', text: 'Your profile could not be saved. Please check your connection.' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-details-title" className="card border-0 shadow-sm">
      <div className="card-header bg-transparent py-3">
        <h2 id="profile-details-title" className="h6 fw-bold mb-0">
          Profile details
        </h2>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        <BasicDetailsFields register={register} errors={errors} currentCountry={user.country} />
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
