import { useCallback, useLayoutEffect, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';
import { PasswordMeter, type PasswordChecks } from './password-meter';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

interface PasswordInputProps extends InputProps {
  ref?: Ref<HTMLInputElement>;
  /** Show the strength meter under the input (generic component of spec section 5). */
  meter?: boolean | Partial<PasswordChecks>;
}

/** A password input with a show/hide control and, optionally, a strength meter. */
export function PasswordInput({ ref, meter, className, onChange, disabled, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement | null>(null);
  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      input.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  // The meter scores what is in the field, however it got there: typed (onChange), or written by the
  // form itself (react-hook-form's setValue and reset set the element's value, without an event),
  // as 'Suggest a password' does. The form re-renders then, and this reads the field after each render.
  useLayoutEffect(() => {
    if (meter && input.current && input.current.value !== value) setValue(input.current.value);
  });
  const invalid = className?.includes('is-invalid');
  return (
    <>
      <div className={`input-group${invalid ? ' has-validation' : ''}`}>
        <input
          {...props}
          ref={setRefs}
          disabled={disabled}
          type={visible ? 'text' : 'password'}
          className={className}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            setValue(event.target.value);
            onChange?.(event);
          }}
        />
        <button
          type="button"
          className={`btn btn-outline-secondary password-toggle${invalid ? ' border-danger' : ''}`}
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={props.id}
          disabled={disabled}
        >
          <i className={`bi ${visible ? 'bi-eye-slash' : 'bi-eye'}`} aria-hidden="true" />
        </button>
      </div>
      {meter && <PasswordMeter value={value} checks={meter === true ? undefined : meter} />}
    </>
  );
}
