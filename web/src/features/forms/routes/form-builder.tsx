// /forms/create, /form-builder/create and /form-builder/:id: the form builder. Fields are edited in
// a list (order is the list's order: move up/down, then save), the public page's texts and packages
// are set here, and the preview renders the fields with the public page's own components and rules.
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buttonTexts, defaultPackage } from '#shared/forms/page';
import { FIELD_TYPES, type FieldType } from '#shared/forms/fields';
import type { FormField } from '#shared/forms/types';
import { fieldErrors } from '#shared/common/schemas';
import { formSchema, type FormInput } from '#shared/forms/schemas';
import { Field } from '../../../components/field';
import { Busy, Loading } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { createForm, updateForm, useFormDetail, usePackages, type FormView } from '../api/forms';
import { FieldEditor, newField, TYPE_LABELS, type DraftField } from '../components/field-editor';
import { FormPackages } from '../components/form-packages';
import { FormPreview } from '../components/form-preview';
import { formEditPath, formSubmissionsPath } from '../lib';
import { failureText } from '../../../lib/api';
import { redirectUrlProblem } from '#shared/redirect-url';
import { RedirectUrlFix } from '../../../components/redirect-url-fix';

interface Draft {
  name: string;
  description: string;
  redirectUrl: string;
  successMessage: string;
  submitButtonText: string;
  secondButtonText: string;
  fields: DraftField[];
  packageIds: string[];
  packageId: string | null;
}

const EMPTY: Draft = { name: '', description: '', redirectUrl: '', successMessage: '', submitButtonText: '', secondButtonText: '', fields: [], packageIds: [], packageId: null };

/** The errors with the redirect URL's problem (as typed) set or cleared. */
function withRedirectProblem(errors: Record<string, string>, redirectUrl: string): Record<string, string> {
  const { redirectUrl: _previous, ...rest } = errors;
  const problem = redirectUrlProblem(redirectUrl);
  return problem ? { ...rest, redirectUrl: problem } : rest;
}

export function toDraft(form: FormView): Draft {
  return {
    name: form.name, description: form.description, redirectUrl: form.redirectUrl, successMessage: form.successMessage,
    submitButtonText: form.submitButtonText, secondButtonText: form.secondButtonText, packageIds: form.packageIds, packageId: form.packageId,
    fields: form.fields.map((f) => ({ id: f.id, name: f.name, label: f.label, type: f.type, required: f.required, placeholder: f.placeholder ?? '', options: f.options ?? [], attributes: f.attributes ?? [] })),
  };
}

/** The body the API takes: the whole form, fields in list order. */
export function toInput(d: Draft): FormInput {
  return {
    name: d.name, description: d.description, redirectUrl: d.redirectUrl, successMessage: d.successMessage,
    submitButtonText: d.submitButtonText, secondButtonText: d.secondButtonText, packageIds: d.packageIds, packageId: d.packageId,
    fields: d.fields.map((f) => ({
      id: f.id, name: f.name.trim() || undefined, label: f.label, type: f.type, required: f.required, placeholder: f.placeholder,
      options: f.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), label: o.label, value: o.value })), attributes: f.attributes,
    })),
  };
}

/** Fields as the public page gets them, for the preview. */
const previewFields = (fields: DraftField[]): FormField[] =>
  fields.map((f) => ({ ...f, name: f.name || f.id, label: f.label || TYPE_LABELS[f.type], options: f.options.map((o, i) => ({ id: o.id ?? `o${i}`, label: o.label, value: o.value || o.label })) }));

/** What the public page does after a submission: its buttons' texts, its success message and where it goes. */
function AfterSubmitting({ draft, errors, onChange, onRedirectChecked }: {
  draft: Draft;
  errors: Record<string, string>;
  onChange: (patch: Partial<Draft>) => void;
  /** The redirect URL is checked when it is left, or fixed by its suggestion. */
  onRedirectChecked: (redirectUrl: string, fixed: boolean) => void;
}) {
  const set = onChange;
  return (
    <>
    <h3 className="h6 fw-bold mt-4">After submitting</h3>
    <div className="row g-2">
      <Field id="form-submit-text" label="Submit button text" className="col-md-6" hint="Empty: 'Submit Form'" error={errors.submitButtonText}>
        <input id="form-submit-text" className="form-control" value={draft.submitButtonText} onChange={(e) => set({ submitButtonText: e.target.value })} />
      </Field>
      <Field id="form-second-text" label="Second button text" className="col-md-6" hint="Empty hides the second button" error={errors.secondButtonText}>
        <input id="form-second-text" className="form-control" value={draft.secondButtonText} onChange={(e) => set({ secondButtonText: e.target.value })} />
      </Field>
      <Field id="form-success" label="Success message" className="col-12" error={errors.successMessage}>
        <input id="form-success" className="form-control" value={draft.successMessage} onChange={(e) => set({ successMessage: e.target.value })} />
      </Field>
      <Field id="form-redirect" label="Redirect URL" className="col-12" hint="Opened after a submission without payment; a path stays on this site." error={errors.redirectUrl}>
        <input
          id="form-redirect"
          className={`form-control${errors.redirectUrl ? ' is-invalid' : ''}`}
          value={draft.redirectUrl}
          onChange={(e) => set({ redirectUrl: e.target.value })}
          onBlur={() => onRedirectChecked(draft.redirectUrl, false)}
        />
        <RedirectUrlFix
          value={draft.redirectUrl}
          onFix={(fixed) => {
            set({ redirectUrl: fixed });
            onRedirectChecked(fixed, true);
          }}
        />
      </Field>
    </div>
    </>
  );
}

function Builder({ form }: { form?: FormView }) {
  const navigate = useNavigate();
  const canAccess = useAccess();
  const readOnly = !canAccess({ module: 'Forms', action: 'write' });
  const [draft, setDraft] = useState<Draft>(() => (form ? toDraft(form) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [addType, setAddType] = useState<FieldType>('text');
  const packages = usePackages(100);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setField = (i: number, field: DraftField) => set({ fields: draft.fields.map((f, j) => (j === i ? field : f)) });
  const move = (i: number, by: -1 | 1) => {
    const fields = [...draft.fields];
    const [moved] = fields.splice(i, 1);
    fields.splice(i + by, 0, moved);
    set({ fields });
  };
  const togglePackage = (id: string, on: boolean) => {
    const packageIds = on ? [...draft.packageIds, id] : draft.packageIds.filter((p) => p !== id);
    set({ packageIds, packageId: draft.packageId && packageIds.includes(draft.packageId) ? draft.packageId : null });
  };
  const fieldErrorsOf = (i: number) =>
    Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith(`fields.${i}.`)).map(([k, v]) => [k.slice(`fields.${i}.`.length), v]));
  const linked = useMemo(() => draft.packageIds.map((id) => packages.items.find((p) => p.id === id)).filter((p) => p !== undefined), [draft.packageIds, packages.items]);
  const texts = buttonTexts(draft, defaultPackage(linked, draft.packageId));

  const save = async () => {
    const input = toInput(draft);
    const parsed = formSchema.safeParse(input);
    const redirectProblem = redirectUrlProblem(draft.redirectUrl);
    if (!parsed.success || redirectProblem) {
      const found = withRedirectProblem(parsed.success ? {} : fieldErrors(parsed.error.issues), draft.redirectUrl);
      setErrors(found);
      setStatus({ kind: 'danger', text: Object.values(found)[0] ?? 'Please check the form.' });
      return;
    }
    setErrors({});
    setStatus(null);
    setBusy(true);
    try {
      const result = form ? await updateForm(form.id, input) : await createForm(input);
      if (result.success && result.data.data) {
        notify.success(result.message || 'Form saved.');
        if (!form) navigate(formEditPath(result.data.data.id), { replace: true });
        else setDraft(toDraft(result.data.data));
        return;
      }
      setErrors(result.data.errors ?? {});
      setStatus({ kind: 'danger', text: result.message || 'The form could not be saved.' });
    } catch {
      setStatus({ kind: 'danger', text: 'The form could not be saved. Please check your connection.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <form
          className="card border-0 shadow-sm"
          aria-labelledby="builder-title"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="card-header bg-transparent py-3 d-flex justify-content-between align-items-center">
            <h2 id="builder-title" className="h6 fw-bold mb-0">{form ? 'Edit form' : 'New form'}</h2>
            {form && <Link to={formSubmissionsPath(form.id)} className="btn btn-sm btn-light">Submissions</Link>}
          </div>
          <div className="card-body">
            <StatusBanner status={status} />
            <fieldset disabled={readOnly}>
              <Field id="form-name" label="Form name" required error={errors.name}>
                <input id="form-name" className={`form-control${errors.name ? ' is-invalid' : ''}`} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
              </Field>
              <Field id="form-description" label="Description" error={errors.description}>
                <textarea id="form-description" className="form-control" rows={2} value={draft.description} onChange={(e) => set({ description: e.target.value })} />
              </Field>
            </fieldset>

            <h3 className="h6 fw-bold mt-4">Fields</h3>
            {draft.fields.length === 0 && <p className="text-body-secondary small">No fields yet. Add the first one below.</p>}
            {draft.fields.map((field, i) => (
              <FieldEditor
                key={field.id}
                field={field}
                index={i}
                count={draft.fields.length}
                readOnly={readOnly}
                errors={fieldErrorsOf(i)}
                onChange={(f) => setField(i, f)}
                onMove={(by) => move(i, by)}
                onRemove={() => set({ fields: draft.fields.filter((_, j) => j !== i) })}
              />
            ))}
            {!readOnly && (
              <div className="input-group mb-4" style={{ maxWidth: 380 }}>
                <select className="form-select" aria-label="Type of the new field" value={addType} onChange={(e) => setAddType(e.target.value as FieldType)}>
                  {FIELD_TYPES.map((t) => (
                    <option key={t} value={t}>{TYPE_LABELS[t]}</option>
                  ))}
                </select>
                <button type="button" className="btn btn-outline-primary" onClick={() => set({ fields: [...draft.fields, newField(addType)] })}>
                  <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                  Add field
                </button>
              </div>
            )}

            <fieldset disabled={readOnly}>
              <FormPackages
                packages={packages.items} isLoading={packages.isLoading} packageIds={draft.packageIds} packageId={draft.packageId} linked={linked}
                error={errors.packageId} onToggle={togglePackage} onDefault={(packageId) => set({ packageId })}
              />

              <AfterSubmitting
                draft={draft} errors={errors} onChange={set}
                onRedirectChecked={(redirectUrl, fixed) => {
                  setErrors((found) => withRedirectProblem(found, redirectUrl));
                  if (fixed) setStatus(null);
                }}
              />
            </fieldset>
          </div>
          {!readOnly && (
            <div className="card-footer bg-transparent py-3 text-end">
              <button type="submit" className="btn btn-primary px-4" disabled={busy}>
                {busy ? <Busy>Saving...</Busy> : 'Save form'}
              </button>
            </div>
          )}
        </form>
      </div>
      <div className="col-lg-5">
        <FormPreview name={draft.name} description={draft.description} fields={previewFields(draft.fields)} texts={texts} />
      </div>
    </div>
  );
}

export function FormBuilderPage() {
  const { id } = useParams();
  usePageTitle(id ? 'Edit Form' : 'Create Form', [{ title: 'Form Builder', path: paths.formBuilder.list }]);
  const { data, error, isLoading } = useFormDetail(id);
  if (!id) return <Builder />;
  if (isLoading) return <Loading label="Loading the form..." showLabel />;
  if (error || !data) {
    return (
      <div className="alert alert-danger" role="alert">
        {failureText(error, 'Form not found.')} <Link to={paths.formBuilder.list}>Back to the forms</Link>
      </div>
    );
  }
  return <Builder key={data.id} form={data} />;
}

export { FormBuilderPage as Component };
