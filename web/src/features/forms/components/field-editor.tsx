// One field in the builder: label, type, name, placeholder, required, options (select, radio,
// checkbox group) and length or number limits, with move up/down and remove.
import { FIELD_TYPES, OPTION_TYPES, TEXT_LIKE_TYPES, type FieldAttributeName, type FieldType } from '#shared/forms/fields';
import type { FieldAttribute } from '#shared/forms/types';

export interface DraftOption {
  id?: string;
  label: string;
  value: string;
}

export interface DraftField {
  /** Stable key for React and the field's id (kept by the server). */
  id: string;
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  placeholder: string;
  options: DraftOption[];
  attributes: FieldAttribute[];
}

export const TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text', email: 'Email', number: 'Number', tel: 'Phone', url: 'Web address', date: 'Date', time: 'Time', password: 'Password',
  textarea: 'Long text', select: 'Dropdown', radio: 'Radio buttons', checkbox: 'Checkbox', file: 'File upload', hidden: 'Hidden',
};

export const newFieldId = () => `f_${Math.random().toString(36).slice(2, 10)}`;

export function newField(type: FieldType): DraftField {
  return {
    id: newFieldId(), name: '', label: '', type, required: false, placeholder: '',
    options: OPTION_TYPES.includes(type) ? [{ label: 'Option 1', value: 'option-1' }] : [], attributes: [],
  };
}

const hasOptions = (type: FieldType) => OPTION_TYPES.includes(type) || type === 'checkbox';
const takesLength = (type: FieldType) => type === 'textarea' || ((TEXT_LIKE_TYPES as readonly string[]).includes(type) && !['number', 'date', 'time'].includes(type));

function attr(field: DraftField, name: FieldAttributeName) {
  return field.attributes.find((a) => a.attributeName === name)?.attributeValue ?? '';
}

function withAttr(field: DraftField, name: FieldAttributeName, value: string): FieldAttribute[] {
  const rest = field.attributes.filter((a) => a.attributeName !== name);
  return value.trim() === '' ? rest : [...rest, { attributeName: name, attributeValue: value.trim() }];
}

interface Props {
  field: DraftField;
  index: number;
  count: number;
  readOnly: boolean;
  /** Messages by path below this field ('label', 'options', 'attributes.0.attributeValue', ...). */
  errors: Record<string, string>;
  onChange: (field: DraftField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function FieldEditor({ field, index, count, readOnly, errors, onChange, onMove, onRemove }: Props) {
  const id = (part: string) => `field-${field.id}-${part}`;
  const set = (patch: Partial<DraftField>) => onChange({ ...field, ...patch });
  const attributeError = Object.entries(errors).find(([k]) => k.startsWith('attributes'))?.[1];
  const title = field.label || `Field ${index + 1}`;
  return (
    <fieldset className="border rounded-3 p-3 mb-3" disabled={readOnly} aria-label={`Field ${index + 1}: ${title}`}>
      <div className="d-flex justify-content-between align-items-center mb-2">
        <legend className="h6 fw-bold mb-0 float-none w-auto">
          {index + 1}. {title} <span className="badge bg-secondary-subtle text-secondary-emphasis fw-normal">{TYPE_LABELS[field.type]}</span>
        </legend>
        <div className="btn-group btn-group-sm">
          <button type="button" className="btn btn-light" onClick={() => onMove(-1)} disabled={index === 0} aria-label={`Move ${title} up`}>
            <i className="bi bi-arrow-up" aria-hidden="true" />
          </button>
          <button type="button" className="btn btn-light" onClick={() => onMove(1)} disabled={index === count - 1} aria-label={`Move ${title} down`}>
            <i className="bi bi-arrow-down" aria-hidden="true" />
          </button>
          <button type="button" className="btn btn-light text-danger" onClick={onRemove} aria-label={`Remove ${title}`}>
            <i className="bi bi-trash" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div className="row g-2">
        <div className="col-md-6">
          <label htmlFor={id('label')} className="form-label small fw-semibold mb-1">Label</label>
          <input id={id('label')} className={`form-control form-control-sm${errors.label ? ' is-invalid' : ''}`} value={field.label} onChange={(e) => set({ label: e.target.value })} />
          {errors.label && <div className="invalid-feedback">{errors.label}</div>}
        </div>
        <div className="col-md-6">
          <label htmlFor={id('type')} className="form-label small fw-semibold mb-1">Type</label>
          <select
            id={id('type')}
            className="form-select form-select-sm"
            value={field.type}
            onChange={(e) => {
              const type = e.target.value as FieldType;
              set({ type, options: hasOptions(type) ? (field.options.length || !OPTION_TYPES.includes(type) ? field.options : [{ label: 'Option 1', value: 'option-1' }]) : [] });
            }}
          >
            {FIELD_TYPES.map((t) => (
              <option key={t} value={t}>{TYPE_LABELS[t]}</option>
            ))}
          </select>
        </div>
        <div className="col-md-6">
          <label htmlFor={id('name')} className="form-label small fw-semibold mb-1">Name <span className="text-body-secondary fw-normal">(optional)</span></label>
          <input id={id('name')} className="form-control form-control-sm" value={field.name} onChange={(e) => set({ name: e.target.value })} placeholder="Made from the label" />
        </div>
        {field.type !== 'checkbox' && field.type !== 'hidden' && field.type !== 'radio' && (
          <div className="col-md-6">
            <label htmlFor={id('placeholder')} className="form-label small fw-semibold mb-1">Placeholder</label>
            <input id={id('placeholder')} className="form-control form-control-sm" value={field.placeholder} onChange={(e) => set({ placeholder: e.target.value })} />
          </div>
        )}
        {takesLength(field.type) && (
          <>
            <div className="col-6 col-md-3">
              <label htmlFor={id('min')} className="form-label small fw-semibold mb-1">Min length</label>
              <input id={id('min')} type="number" min={0} className="form-control form-control-sm" value={attr(field, 'minLength')} onChange={(e) => set({ attributes: withAttr(field, 'minLength', e.target.value) })} />
            </div>
            <div className="col-6 col-md-3">
              <label htmlFor={id('max')} className="form-label small fw-semibold mb-1">Max length</label>
              <input id={id('max')} type="number" min={0} className="form-control form-control-sm" value={attr(field, 'maxLength')} onChange={(e) => set({ attributes: withAttr(field, 'maxLength', e.target.value) })} />
            </div>
          </>
        )}
        {field.type === 'number' && (
          <>
            <div className="col-6 col-md-3">
              <label htmlFor={id('minv')} className="form-label small fw-semibold mb-1">Minimum</label>
              <input id={id('minv')} type="number" className="form-control form-control-sm" value={attr(field, 'min')} onChange={(e) => set({ attributes: withAttr(field, 'min', e.target.value) })} />
            </div>
            <div className="col-6 col-md-3">
              <label htmlFor={id('maxv')} className="form-label small fw-semibold mb-1">Maximum</label>
              <input id={id('maxv')} type="number" className="form-control form-control-sm" value={attr(field, 'max')} onChange={(e) => set({ attributes: withAttr(field, 'max', e.target.value) })} />
            </div>
          </>
        )}
        <div className="col-12">
          <div className="form-check">
            <input id={id('required')} type="checkbox" className="form-check-input" checked={field.required} onChange={(e) => set({ required: e.target.checked })} />
            <label htmlFor={id('required')} className="form-check-label small">Required</label>
          </div>
        </div>
        {attributeError && <div className="col-12 text-danger small">{attributeError}</div>}
        {hasOptions(field.type) && (
          <div className="col-12">
            <div className="small fw-semibold mb-1">Options {field.type === 'checkbox' && <span className="text-body-secondary fw-normal">(none: a single tick box)</span>}</div>
            {field.options.map((o, i) => (
              <div className="input-group input-group-sm mb-1" key={o.id ?? i}>
                <input className="form-control" aria-label={`Option ${i + 1} label`} value={o.label} onChange={(e) => set({ options: field.options.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)) })} />
                <input className="form-control" aria-label={`Option ${i + 1} value`} placeholder="Value (defaults to the label)" value={o.value} onChange={(e) => set({ options: field.options.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })} />
                <button type="button" className="btn btn-light text-danger" onClick={() => set({ options: field.options.filter((_, j) => j !== i) })} aria-label={`Remove option ${i + 1}`}>
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </button>
              </div>
            ))}
            <button type="button" className="btn btn-link btn-sm px-0" onClick={() => set({ options: [...field.options, { label: `Option ${field.options.length + 1}`, value: `option-${field.options.length + 1}` }] })}>
              <i className="bi bi-plus" aria-hidden="true" /> Add option
            </button>
            {errors.options && <div className="text-danger small">{errors.options}</div>}
          </div>
        )}
      </div>
    </fieldset>
  );
}
