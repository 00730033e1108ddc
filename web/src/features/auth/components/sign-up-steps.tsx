import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { getRegistrationToken } from '../../../lib/session';
import { AuthHeading } from './auth-heading';

const STEPS = ['Account', 'Your details', 'Organisation'] as const;

/** Where the person is in sign-up: 0 account and email, 1 basic details, 2 organisation. */
export function SignUpSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol className="sign-up-steps list-unstyled d-flex gap-2 mb-4" aria-label="Sign-up progress">
      {STEPS.map((step, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <li key={step} className={`flex-fill sign-up-step is-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="sign-up-step-bar" aria-hidden="true" />
            <span className="small fw-semibold">
              <span className="visually-hidden">{state === 'done' ? 'Completed: ' : state === 'current' ? 'Current step: ' : 'Next: '}</span>
              {step}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

interface SignUpStepProps {
  current: 1 | 2;
  title: string;
  intro: ReactNode;
  /** The server's refusal, above the form. */
  status: Status | null;
  children: ReactNode;
}

/**
 * A sign-up step after the email's code: where the person is, the step's heading, the message and the
 * form. It needs the registration token, checked once: finishing the step clears the token, and that
 * must not send the person back to /auth.
 */
export function SignUpStep({ current, title, intro, status, children }: SignUpStepProps) {
  const [registering] = useState(() => Boolean(getRegistrationToken()));
  if (!registering) return <Navigate to={paths.auth.root} replace />;
  return (
    <>
      <SignUpSteps current={current} />
      <AuthHeading title={title}>{intro}</AuthHeading>
      <StatusBanner status={status} />
      {children}
    </>
  );
}
