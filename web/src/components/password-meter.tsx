// Password strength meter (spec section 5): up to five equal checks, each switchable; the score
// lights bar segments. No messages: the bars are the whole display (with a label for screen readers).
export const MIN_PASSWORD_STRENGTH_LENGTH = 8;

export interface PasswordChecks {
  length: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  special: boolean;
}

const ALL: PasswordChecks = { length: true, lowercase: true, uppercase: true, digit: true, special: true };

const TESTS: Record<keyof PasswordChecks, (v: string) => boolean> = {
  length: (v) => v.length >= MIN_PASSWORD_STRENGTH_LENGTH,
  lowercase: (v) => /[a-z]/.test(v),
  uppercase: (v) => /[A-Z]/.test(v),
  digit: (v) => /\d/.test(v),
  special: (v) => /[^A-Za-z0-9]/.test(v),
};

/** How many of the enabled checks pass, and how many are enabled. */
export function passwordScore(value: string, checks: Partial<PasswordChecks> = {}): { score: number; max: number } {
  const enabled = (Object.keys(TESTS) as (keyof PasswordChecks)[]).filter((k) => ({ ...ALL, ...checks })[k]);
  return { score: value ? enabled.filter((k) => TESTS[k](value)).length : 0, max: enabled.length };
}

const LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'];

export function PasswordMeter({ value, checks }: { value: string; checks?: Partial<PasswordChecks> }) {
  const { score, max } = passwordScore(value, checks);
  const ratio = max ? score / max : 0;
  const colour = ratio >= 1 ? 'bg-success' : ratio >= 0.6 ? 'bg-warning' : 'bg-danger';
  const label = LABELS[Math.max(0, Math.min(LABELS.length - 1, Math.ceil(ratio * LABELS.length) - 1))];
  return (
    <div className="d-flex gap-1 mt-2" role="meter" aria-label="Password strength" aria-valuemin={0} aria-valuemax={max} aria-valuenow={score} aria-valuetext={value ? label : 'Empty'}>
      {Array.from({ length: max }, (_, i) => (
        <div key={i} className={`flex-grow-1 rounded-pill password-meter-bar ${i < score ? colour : 'bg-body-secondary'}`} />
      ))}
    </div>
  );
}
