// The booking page's intake step (issue 36), loaded only for a package that asks one of the clinic's
// forms before booking (its own chunk: the page's first download does not grow). The form is the form
// builder's, read from the public form's API (GET /leads/forms/{id}); its fields are the public form
// page's (components/form-field-input.tsx), files uploaded when chosen to the form's upload endpoint,
// and checked with the same rules the server applies again (shared/forms/validate.ts).
import { toItems, validateSubmission, type Issue } from '#shared/forms/validate';
import type { ReplyOf } from '#shared/api-contract';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from '#shared/uploads';
import { FormFieldInput, type FieldValue } from '../../../components/form-field-input';
import { api } from '../../../lib/api';
import type { Translate } from '../../../i18n/i18n';
import { useI18n } from '../../../i18n/i18n';
import { ruleMessages } from '../../shared/form-rules';

export type IntakeForm = ReplyOf<'GET /leads/forms/{formId}'>;
export type IntakeValues = Record<string, FieldValue>;

const none = { auth: 'none' as const };

/** The package's form, as its public page reads it (the booking page's apiKey names the clinic). */
export async function loadIntakeForm(formId: string, apiKey: string): Promise<IntakeForm> {
  const result = await api.get(`/leads/forms/${encodeURIComponent(formId)}`, { ...none, query: { apiKey } });
  if (!result.success || !result.data.data) throw new Error(result.message || 'not available');
  return result.data.data;
}

/** Uploads a file for a file field; resolves to the key to answer with. */
export async function uploadIntakeFile(formId: string, apiKey: string, file: File, idempotencyKey?: string): Promise<string> {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(`The file must be ${MAX_UPLOAD_LABEL} or smaller.`);
  const body = new FormData();
  body.append('apiKey', apiKey);
  body.append('file', file);
  const result = await api.post(`/leads/forms/${encodeURIComponent(formId)}/files`, undefined, { ...none, form: body, idempotencyKey });
  if (!result.success || !result.data.data?.key) throw new Error(result.message || 'The file could not be uploaded.');
  return result.data.data.key;
}

/** The answers as the API takes them, and the problems in the page's language (none: ready to send). */
export function checkIntake(form: IntakeForm, values: IntakeValues, t: Translate): { items: { fieldId: string; value: string }[]; issues: Issue[] } {
  const items = toItems(values);
  const { issues } = validateSubmission({ fields: form.fields, packages: [] }, { items }, { messages: ruleMessages(t) });
  return { items, issues };
}

export interface IntakeStepProps {
  form: IntakeForm;
  values: IntakeValues;
  issues: Issue[];
  onChange: (fieldId: string, value: FieldValue) => void;
  onFile: (fieldId: string, file: File) => Promise<string>;
  disabled: boolean;
}

/** The form's questions, under the step's title; each field's message under it, as on the form page. */
export function IntakeStep({ form, values, issues, onChange, onFile, disabled }: IntakeStepProps) {
  const { t } = useI18n();
  const fieldError = (id: string) => issues.find((i) => i.key === id)?.message;
  return (
    <section className="mt-4" aria-labelledby="intake-title" data-testid="intake-step">
      <h2 id="intake-title" className="h6 fw-bold text-body-emphasis mb-1">{t('intake.title')}: {form.name}</h2>
      <p className="small text-body-secondary mb-3">{t('intake.intro')}</p>
      {form.description && <p className="text-body-secondary clinic-text" style={{ whiteSpace: 'pre-line' }}>{form.description}</p>}
      {form.fields.map((field) => (
        <FormFieldInput
          key={field.id}
          field={field}
          idPrefix="intake"
          value={values[field.id]}
          onChange={(v) => onChange(field.id, v)}
          onFile={(file) => onFile(field.id, file)}
          error={fieldError(field.id)}
          disabled={disabled}
        />
      ))}
    </section>
  );
}
