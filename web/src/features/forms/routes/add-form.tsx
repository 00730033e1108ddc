// /forms/add (Forms write): a new form by name; the builder opens to add its fields.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { legacyCreateFormSchema } from '#shared/forms/schemas';
import { fieldErrors } from '#shared/common/schemas';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { quickCreateForm } from '../api/forms';
import { formEditPath } from '../lib';

export function AddFormPage() {
  usePageTitle('Add Form', [{ title: 'Forms', path: paths.forms.list }]);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = legacyCreateFormSchema.safeParse({ formName: name });
    if (!parsed.success) return setError(fieldErrors(parsed.error.issues).formName);
    setError(undefined);
    setBusy(true);
    try {
      const result = await quickCreateForm(parsed.data.formName);
      if (result.success && result.data.data) {
        notify.success(result.message || 'Form created.');
        navigate(formEditPath(result.data.data.id));
        return;
      }
      setStatus({ kind: 'danger', text: result.message || 'The form could not be created.' });
    } catch {
      setStatus({ kind: 'danger', text: 'The form could not be created. Please check your connection.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="card border-0 shadow-sm" aria-labelledby="add-form-title" style={{ maxWidth: 560 }}>
      <div className="card-header bg-transparent py-3">
        <h2 id="add-form-title" className="h6 fw-bold mb-0">New form</h2>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        <Field id="formName" label="Form name" required error={error} hint="You add its fields next, in the form builder.">
          {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- /forms/add is a single-task page (one field, the new form's name): it takes the focus as it opens */}
          <input {...controlProps('formName', error, { required: true })} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <Busy /> : 'Create and add fields'}
        </button>
      </div>
    </form>
  );
}

export { AddFormPage as Component };
