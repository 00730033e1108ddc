import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { credentialsSchema, type Credentials } from '#shared/schemas/account';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { PasswordInput } from '../../../components/password-input';
import { paths } from '../../../config/paths';
import { applyServerErrors } from '../../../lib/forms';

interface CredentialsFormProps {
  defaultValues?: Partial<Credentials>;
  /** Resolves to the server's field messages when it rejected the input. */
  onSubmit(values: Credentials): Promise<Record<string, string> | void>;
}

/** Email and password: the first step of both sign-in and sign-up. */
export function CredentialsForm({ defaultValues, onSubmit }: CredentialsFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isValid },
  } = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '', ...defaultValues },
  });

  const submit = handleSubmit(async (values) => {
    const fieldErrors = await onSubmit(values);
    if (fieldErrors) applyServerErrors(setError, fieldErrors, ['email', 'password']);
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in or sign up">
      <Field id="email" label="Email" error={errors.email?.message}>
        <input
          {...register('email')}
          {...controlProps('email', errors.email?.message, { base: 'form-control form-control-lg' })}
          type="email"
          autoComplete="email"
          placeholder="you@clinic.com"
          autoFocus
        />
      </Field>
      <Field
        id="password"
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Link
            to={paths.auth.forgotPassword}
            className="small fw-semibold link-primary text-decoration-none"
            // Keeps the email focused: its blur would show a message above and move this link mid-click.
            onMouseDown={(e) => e.preventDefault()}
          >
            Forgot Password ?
          </Link>
        }
      >
        <PasswordInput
          {...register('password')}
          {...controlProps('password', errors.password?.message, { base: 'form-control form-control-lg' })}
          autoComplete="current-password"
          placeholder="Your password"
        />
      </Field>
      <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={isSubmitting || !isValid}>
        {isSubmitting ? <Busy /> : 'Continue'}
      </button>
    </form>
  );
}
