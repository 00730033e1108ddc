// /auth/add-basic-details: step 3 of sign-up (registration token).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { basicDetailsSchema, type BasicDetails } from '#shared/account/schemas';
import { BASIC_DETAILS_FIELDS, BasicDetailsFields } from '../../../components/basic-details-fields';
import { Busy } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useSaveStatus } from '../../../lib/forms';
import { saveRegistrationToken } from '../../../lib/session';
import { addBasicDetails } from '../api/add-basic-details';
import { SignUpStep } from '../components/sign-up-steps';

export const REGISTRATION_ERROR = 'The registration details is incorrect';

export function AddBasicDetailsPage() {
  const navigate = useNavigate();
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
  const { status, send } = useSaveStatus(setError, BASIC_DETAILS_FIELDS);

  const submit = handleSubmit(async (values) => {
    const result = await send(() => addBasicDetails(values), REGISTRATION_ERROR, REGISTRATION_ERROR);
    if (!result) return;
    // The answer carries a fresh registration token for the next step.
    if (result.data.data?.token) saveRegistrationToken(result.data.data.token);
    navigate(paths.auth.addOrgDetails);
  });

  return (
    <SignUpStep current={1} title="Add Basic Details" intro="Tell us a little about yourself." status={status}>
      <form onSubmit={submit} noValidate aria-label="Add basic details">
        {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- a sign-up step, a single-task page: its first field takes the focus as it opens */}
        <BasicDetailsFields register={register} errors={errors} autoFocus />
        <button type="submit" className="btn btn-primary btn-lg w-100 mt-4" disabled={isSubmitting || !isValid}>
          {isSubmitting ? <Busy /> : 'Continue'}
        </button>
      </form>
    </SignUpStep>
  );
}
