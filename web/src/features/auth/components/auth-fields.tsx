// The sign-in screens' large controls, the same on each screen that asks for them: the email, a
// one-time code, and the code forms' buttons ('Verify', a way back, another way in).
import type { ReactNode } from 'react';
import { InputField, type InputFieldProps } from '../../../components/field';
import { Busy } from '../../../components/loading';

type FieldProps = Omit<InputFieldProps, 'label'> & { label?: ReactNode };

export const LARGE = 'form-control form-control-lg';

/** The email, focused first. */
export function EmailField(props: FieldProps) {
  // eslint-disable-next-line jsx-a11y-x/no-autofocus -- on the sign-in and reset pages, single-task pages: the email they ask for takes the focus as they open
  return <InputField label="Email" base={LARGE} type="email" autoComplete="email" placeholder="you@clinic.com" autoFocus {...props} />;
}

/** A 6-digit code from a mail or an app, focused first. */
export function CodeField(props: InputFieldProps) {
  // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the code step is a single-task page: the code it asks for takes the focus as it opens
  return <InputField base={`${LARGE} otp-input`} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="000000" autoFocus {...props} />;
}

interface VerifyActionsProps {
  busy: boolean;
  /** The code is not complete yet. */
  invalid: boolean;
  backText: string;
  onBack: () => void;
  /** The button on the right (resend, another kind of code). */
  children: ReactNode;
}

/** 'Verify' across the form, then the way back on the left and another action on the right. */
export function VerifyActions({ busy, invalid, backText, onBack, children }: VerifyActionsProps) {
  return (
    <>
      <button type="submit" className="btn btn-primary btn-lg w-100 mt-2" disabled={busy || invalid}>
        {busy ? <Busy /> : 'Verify'}
      </button>
      <div className="d-flex justify-content-between mt-3 small">
        <button type="button" className="btn btn-link btn-sm p-0 text-decoration-none" onClick={onBack} disabled={busy}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {backText}
        </button>
        {children}
      </div>
    </>
  );
}
