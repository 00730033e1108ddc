// The form builder's preview: the form as the public page renders it (its own field components and
// rules), with its buttons' texts; the values typed in are the preview's own.
import { useState } from 'react';
import type { FormField } from '#shared/forms/types';
import { FormFieldInput, type FieldValue } from '../../../components/form-field-input';

export function FormPreview({ name, description, fields, texts }: { name: string; description: string; fields: FormField[]; texts: { primary: string; secondary?: string | null } }) {
  const [preview, setPreview] = useState<Record<string, FieldValue>>({});
  return (
    <section className="card border-0 shadow-sm position-sticky" style={{ top: '1rem' }} aria-labelledby="preview-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="preview-title" className="h6 fw-bold mb-0">Preview</h2>
      </div>
      <div className="card-body">
        <h3 className="h5 fw-bold">{name || 'Untitled form'}</h3>
        {description && <p className="text-body-secondary" style={{ whiteSpace: 'pre-line' }}>{description}</p>}
        {fields.map((f) => (
          <FormFieldInput key={f.id} field={f} idPrefix="preview" value={preview[f.id]} onChange={(v) => setPreview((p) => ({ ...p, [f.id]: v }))} />
        ))}
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-primary" disabled>{texts.primary}</button>
          {texts.secondary && <button type="button" className="btn btn-light" disabled>{texts.secondary}</button>}
        </div>
      </div>
    </section>
  );
}
