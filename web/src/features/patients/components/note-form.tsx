// A staff note in a patient's record (Appointment write). A retry of the same note (a double click, a
// lost answer) sends the same Idempotency-Key, so it is added once.
import { useState, type FormEvent } from 'react';
import { NOTE_MAX } from '#shared/patients/schemas';
import { notify } from '../../../lib/notify';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { addNote } from '../api/patients';

export function NoteForm({ patientId, onAdded }: { patientId: string; onAdded: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const keys = useIdempotencyKeys();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Please write the note');
      return;
    }
    setSaving(true);
    const result = await addNote(patientId, text, keys.keyFor({ patientId, text })).catch(() => undefined);
    setSaving(false);
    if (result?.success) {
      keys.forget();
      setText('');
      setError(null);
      notify.success(result.message);
      onAdded();
    } else setError(result?.message || 'The note could not be added.');
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor="patient-note" className="form-label small fw-semibold">Add a note</label>
      <textarea
        id="patient-note"
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={2}
        maxLength={NOTE_MAX}
        value={text}
        aria-describedby={error ? 'patient-note-error' : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error && <div id="patient-note-error" className="invalid-feedback">{error}</div>}
      <div className="text-end mt-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>{saving ? 'Adding...' : 'Add note'}</button>
      </div>
    </form>
  );
}
