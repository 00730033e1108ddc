import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { credentialsSchema, type Credentials } from '#shared/account/schemas';
import { Busy } from '../../../components/loading';
import { PasswordField } from '../../../components/password-input';
import { paths } from '../../../config/paths';
import { useSubmitForm, type SubmitFields } from '../../../lib/forms';
import { EmailField, LARGE } from './auth-fields';

interface CredentialsFormProps {
  defaultValues?: Partial<Credentials>;
  /** Resolves to the server's field messages when it rejected the input. */
  onSubmit: SubmitFields<Credentials>;
}

/** Email and password: the first step of both sign-in and sign-up. */
export function CredentialsForm({ defaultValues, onSubmit }: CredentialsFormProps) {
  const {
    register,
    submit,
    formState: { errors, isSubmitting, isValid },
  } = useSubmitForm<Credentials>(zodResolver(credentialsSchema), { email: '', password: '', ...defaultValues }, ['email', 'password'], onSubmit);

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in or sign up">
      <EmailField field={register('email')} error={errors.email?.message} />
      <PasswordField
        field={register('password')}
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
        base={LARGE}
        autoComplete="current-password"
        placeholder="Your password"
      />
      <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={isSubmitting || !isValid}>
        {isSubmitting ? <Busy /> : 'Continue'}
      </button>
    </form>
  );
}
