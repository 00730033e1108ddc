// /auth/add-basic-details: step 3 of sign-up (registration token).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { basicDetailsSchema, type BasicDetails } from '#shared/schemas/account';
import { BASIC_DETAILS_FIELDS, BasicDetailsFields } from '../../../components/basic-details-fields';
import { Busy } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { getRegistrationToken, saveRegistrationToken } from '../../../lib/session';
import { addBasicDetails } from '../api/add-basic-details';
import { AuthHeading } from '../components/auth-heading';
import { SignUpSteps } from '../components/sign-up-steps';
import { applyServerErrors } from '../../../lib/forms';

export const REGISTRATION_ERROR = 'The registration details is incorrect';

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
    if (fieldErrors) applyServerErrors(setError, fieldErrors, BASIC_DETAILS_FIELDS);
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add basic details">
      <BasicDetailsFields register={register} errors={errors} autoFocus />
      <button type="submit" className="btn btn-primary btn-lg w-100 mt-4" disabled={isSubmitting || !isValid}>
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
