// One field of a form-builder form, rendered from its definition (shared/forms/types.ts): the public
// form page uses it to take answers and the builder to preview. Labels carry a red star when the
// field is required; checkbox and hidden fields have no label above them (spec section 2).
import { useState, type ReactNode } from 'react';
import type { FormField } from '#shared/forms/types';
import { attributeNumber } from '#shared/forms/validate';
import { hasLabel } from '#shared/forms/page';

export type FieldValue = string | string[] | boolean;

export interface FormFieldInputProps {
  field: FormField;
  value: FieldValue | undefined;
  onChange: (value: FieldValue) => void;
  /** File fields: upload the file and resolve to the key to submit. */
  onFile?: (file: File) => Promise<string>;
  error?: string;
  disabled?: boolean;
  /** Prefix for element ids (several forms may be on one page, e.g. inline and in a dialog). */
  idPrefix?: string;
}

const attr = (field: FormField, name: string) => field.attributes?.find((a) => a.attributeName === name)?.attributeValue || undefined;

export function FormFieldInput({ field, value, onChange, onFile, error, disabled, idPrefix = 'f' }: FormFieldInputProps) {
  const id = `${idPrefix}-${field.id}`;
  const invalid = error ? ' is-invalid' : '';
  const describedBy = error ? `${id}-error` : undefined;
  const common = { id, name: field.name, disabled, 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': describedBy, required: field.required };
  const text = typeof value === 'string' ? value : '';
  const lengths = { minLength: attributeNumber(field, 'minLength'), maxLength: attributeNumber(field, 'maxLength') };

  let control: ReactNode;
  switch (field.type) {
    case 'textarea':
      control = <textarea {...common} {...lengths} className={`form-control${invalid}`} placeholder={field.placeholder} rows={attributeNumber(field, 'rows') ?? 4} value={text} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'select':
      control = (
        <select {...common} className={`form-select${invalid}`} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.placeholder || 'Select...'}</option>
          {field.options?.map((o) => (
            <option key={o.id} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'radio':
      control = (
        <div role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={describedBy}>
          {field.options?.map((o) => (
            <div className="form-check" key={o.id}>
              <input className={`form-check-input${invalid}`} type="radio" id={`${id}-${o.id}`} name={`${idPrefix}-${field.name}`} value={o.value} checked={text === o.value} disabled={disabled} onChange={() => onChange(o.value)} />
              <label className="form-check-label" htmlFor={`${id}-${o.id}`}>
                <bdi>{o.label}</bdi>
              </label>
            </div>
          ))}
        </div>
      );
      break;
    case 'checkbox':
      if (field.options?.length) {
        const ticked = Array.isArray(value) ? value : [];
        control = (
          <fieldset aria-describedby={describedBy}>
            {/* No label shows above the boxes (spec): each box's text carries it; the group keeps its name for screen readers. */}
            <legend className="visually-hidden">{field.label}</legend>
            {field.options.map((o) => (
              <div className="form-check" key={o.id}>
                <input
                  className={`form-check-input${invalid}`}
                  type="checkbox"
                  id={`${id}-${o.id}`}
                  value={o.value}
                  checked={ticked.includes(o.value)}
                  disabled={disabled}
                  onChange={(e) => onChange(e.target.checked ? [...ticked, o.value] : ticked.filter((v) => v !== o.value))}
                />
                <label className="form-check-label" htmlFor={`${id}-${o.id}`}>
                  <bdi>{o.label}</bdi>
                </label>
              </div>
            ))}
          </fieldset>
        );
      } else {
        control = (
          <div className="form-check">
            <input {...common} className={`form-check-input${invalid}`} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
            <label className="form-check-label" htmlFor={id}>
              <bdi>{field.label}</bdi>
              {field.required && <span className="text-danger ms-1" aria-hidden="true">*</span>}
            </label>
          </div>
        );
      }
      break;
    case 'file':
      control = <FileInput common={common} invalid={invalid} accept={attr(field, 'accept') ?? 'image/*,application/pdf'} value={text} onChange={onChange} onFile={onFile} />;
      break;
    case 'hidden':
      return <input type="hidden" name={field.name} value={text} />;
    default:
      control = (
        <input
          {...common}
          {...(field.type === 'number' ? { min: attr(field, 'min'), max: attr(field, 'max'), step: attr(field, 'step') ?? 'any' } : lengths)}
          type={field.type}
          className={`form-control${invalid}`}
          placeholder={field.placeholder}
          autoComplete={attr(field, 'autocomplete') ?? (field.type === 'password' ? 'new-password' : undefined)}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }

  return (
    <div className="mb-3">
      {hasLabel(field.type) && (
        <label id={`${id}-label`} htmlFor={field.type === 'radio' ? undefined : id} className="form-label fw-semibold small text-body-emphasis mb-1">
          {/* The clinic's words in their own direction: 'How can we help?' on an Arabic page read '?How can we help'. */}
          <bdi>{field.label}</bdi>
          {field.required && (
            <span className="text-danger ms-1" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {control}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}

function FileInput({ common, invalid, accept, value, onChange, onFile }: {
  common: Record<string, unknown> & { id: string };
  invalid: string;
  accept: string;
  value: string;
  onChange: (value: FieldValue) => void;
  onFile?: (file: File) => Promise<string>;
}) {
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});
  return (
    <>
      <input
        {...common}
        type="file"
        accept={accept}
        className={`form-control${invalid || (state.error ? ' is-invalid' : '')}`}
        disabled={Boolean(common.disabled) || state.busy}
        onChange={async (e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          onChange('');
          if (!file || !onFile) return setState({});
          setState({ busy: true });
          try {
            onChange(await onFile(file));
            setState({});
          } catch (error) {
            input.value = '';
            setState({ error: (error as Error).message || 'The file could not be uploaded.' });
          }
        }}
      />
      {state.busy && <div className="form-text">Uploading...</div>}
      {state.error && <div className="invalid-feedback d-block">{state.error}</div>}
      {value && !state.busy && <div className="form-text text-success">File uploaded.</div>}
    </>
  );
}
