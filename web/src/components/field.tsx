import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

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

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'name' | 'onChange' | 'onBlur' | 'required'>;

export interface InputFieldProps extends Omit<FieldProps, 'id' | 'children'>, InputAttributes {
  /** What react-hook-form's register(name) returns: the input's name, ref and handlers. */
  field: UseFormRegisterReturn;
  /** The input's id; its name when absent. */
  id?: string;
  /** The input's classes before its validity (controlProps' base). */
  base?: string;
  /** Renders the control from its props (a PasswordInput, say); a plain input when absent. */
  control?: (props: ControlAttributes) => ReactNode;
}

export type ControlAttributes = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A Field holding a react-hook-form input (text, email, number...): the usual form row. */
export function InputField({ field, id = field.name, label, error, required, hint, labelAside, className, base, control, ...input }: InputFieldProps) {
  const props: ControlAttributes = { ...field, ...controlProps(id, error, { base, required }), ...input };
  return (
    <Field id={id} label={label} error={error} required={required} hint={hint} labelAside={labelAside} className={className}>
      {control ? control(props) : <input {...props} />}
    </Field>
  );
}

export interface SelectFieldProps extends Omit<FieldProps, 'id' | 'children'> {
  /** What react-hook-form's register(name) returns. */
  field: UseFormRegisterReturn;
  /** The select's id; its name when absent. */
  id?: string;
  /** The choices' values, in order. */
  options: readonly string[];
  /** A choice's text; its value when absent. */
  optionLabel?: (value: string) => string;
  /** Each choice names a language in its own words: the option says which (lang). */
  optionLang?: boolean;
  /** The text of a first, empty choice ('Select a country'). */
  placeholder?: string;
}

/** A Field holding a react-hook-form select of the given choices. */
export function SelectField({ field, id = field.name, label, error, required, hint, className, options, optionLabel, optionLang, placeholder }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} required={required} hint={hint} className={className}>
      <select {...field} {...controlProps(id, error, { base: 'form-select', required })}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((value) => (
          <option key={value} value={value} lang={optionLang ? value : undefined}>
            {optionLabel ? optionLabel(value) : value}
          </option>
        ))}
      </select>
    </Field>
  );
}
