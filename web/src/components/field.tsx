import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  /** Shown at the end of the label row (e.g. a 'Forgot Password ?' link). */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A labelled control with its validation message, wired for screen readers through controlProps(). */
export function Field({ id, label, error, required, hint, labelAside, className, children }: FieldProps) {
  return (
    <div className={className ?? 'mb-3'}>
      <div className="d-flex align-items-baseline justify-content-between gap-2">
        <label htmlFor={id} className="form-label fw-semibold small text-body-emphasis mb-1">
          {label}
          {required && (
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {labelAside}
      </div>
      {children}
      {hint && !error && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * id, validity, description and required-ness for the control inside a Field. Pass `required` when
 * the Field is: its star is hidden from screen readers, which learn it from aria-required instead.
 */
export function controlProps(id: string, error: string | undefined, { base = 'form-control', required }: { base?: string; required?: boolean } = {}) {
  return {
    id,
    className: `${base}${error ? ' is-invalid' : ''}`,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required ? (true as const) : undefined,
  };
}
