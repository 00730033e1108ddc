import { useCallback, useLayoutEffect, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';
import { InputField, type InputFieldProps } from './field';
import { PasswordMeter, type PasswordChecks } from './password-meter';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

interface PasswordInputProps extends InputProps {
  ref?: Ref<HTMLInputElement>;
  /** Show the strength meter under the input (generic component of spec section 5). */
  meter?: boolean | Partial<PasswordChecks>;
}

/**
 * Calls `onWrite` after code sets the element's value. The element's own `value` property wraps the
 * one in place: React's change tracker defines one there too, and keeps working through it.
 */
export function watchValueWrites(node: HTMLInputElement, onWrite: (value: string) => void): () => void {
  const own = Object.getOwnPropertyDescriptor(node, 'value');
  const inner = own ?? Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
  Object.defineProperty(node, 'value', {
    configurable: true,
    enumerable: inner.enumerable,
    get(this: HTMLInputElement) {
      return inner.get!.call(this) as string;
    },
    set(this: HTMLInputElement, next: string) {
      inner.set!.call(this, next);
      onWrite(inner.get!.call(this) as string);
    },
  });
  return () => {
    if (own) Object.defineProperty(node, 'value', own);
    else delete (node as { value?: string }).value;
  };
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
  // The meter scores what is in the field, however it got there: typed (onChange), or written by
  // code (react-hook-form's setValue and reset set the element's value, with no event and not always
  // a re-render), as 'Suggest a password' does.
  const metered = Boolean(meter);
  useLayoutEffect(() => {
    const node = input.current;
    if (!metered || !node) return undefined;
    setValue(node.value);
    return watchValueWrites(node, setValue);
  }, [metered]);
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

/** An InputField whose control is a PasswordInput. */
export function PasswordField({ meter, ...props }: Omit<InputFieldProps, 'control'> & Pick<PasswordInputProps, 'meter'>) {
  return <InputField {...props} control={(input) => <PasswordInput {...input} meter={meter} />} />;
}
