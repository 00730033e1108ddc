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
