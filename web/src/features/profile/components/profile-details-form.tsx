import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { UserDetails } from '../../../lib/auth';
import { basicDetailsSchema, type BasicDetails } from '#shared/account/schemas';
import { BASIC_DETAILS_FIELDS, BasicDetailsFields } from '../../../components/basic-details-fields';
import { Busy } from '../../../components/loading';
import { Card } from '../../../components/card';
import { useAuth } from '../../../lib/auth';
import { useSaveStatus } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { updateProfile } from '../api/update-profile';

export function ProfileDetailsForm({ user }: { user: UserDetails }) {
  const { setCurrentUser } = useAuth();
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

  const { status, send } = useSaveStatus(setError, BASIC_DETAILS_FIELDS);

  const submit = handleSubmit(async (values) => {
    const result = await send(() => updateProfile(values), 'Your profile could not be saved.');
    if (!result?.data.data) return;
    setCurrentUser(result.data.data);
    reset(values);
    notify.success(result.message || 'Your profile is saved.');
  });

  return (
    <Card
      titleId="profile-details-title"
      title="Profile details"
      onSubmit={submit}
      status={status}
      footer={
        <>
          <button type="button" className="btn btn-light" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
            Discard
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting || !isValid || !isDirty}>
            {isSubmitting ? <Busy /> : 'Save Changes'}
          </button>
        </>
      }
    >
      <BasicDetailsFields register={register} errors={errors} currentCountry={user.country} />
    </Card>
  );
}
