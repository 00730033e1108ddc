// The practitioner editor's exceptions: days whose hours differ from the week's (time off, or other
// hours), each a row of its own (exception-row.tsx), added and removed here.
import { useFieldArray, useFormState } from 'react-hook-form';
import { messagesIn, type PractitionerFormApi } from '../practitioner-form-values';
import { ExceptionRow } from './exception-row';

export function ExceptionList({ form, readOnly }: { form: PractitionerFormApi; readOnly: boolean }) {
  const { control } = form;
  const { errors, isSubmitted, touchedFields } = useFormState({ control });
  const exceptions = useFieldArray({ control, name: 'exceptions' });
  // An exception's messages wait until the person has left one of its fields or tried to save, as
  // every other field does: react-hook-form validates a whole list when a row is added, which would
  // otherwise greet a new, empty row in red.
  const exceptionErrors = (i: number) => (isSubmitted || touchedFields.exceptions?.[i] ? messagesIn(errors.exceptions?.[i]) : []);
  const listError = isSubmitted ? (errors.exceptions?.root?.message ?? errors.exceptions?.message) : undefined;

  return (
    <>
      <h3 className="h6 fw-bold mb-1">Exceptions</h3>
      <p className="small text-body-secondary">Days whose hours differ from the week&apos;s: time off, or other working hours. A holiday is one exception: give its first and last dates.</p>
      {exceptions.fields.length === 0 && <p className="text-body-secondary small">None.</p>}
      <ul className="list-unstyled mb-2">
        {exceptions.fields.map((item, i) => (
          <ExceptionRow key={item.id} form={form} index={i} readOnly={readOnly} errors={exceptionErrors(i)} onRemove={() => exceptions.remove(i)} />
        ))}
      </ul>
      {listError && <div className="invalid-feedback d-block mb-2">{listError}</div>}
      {!readOnly && (
        <button type="button" className="btn btn-sm btn-light" onClick={() => exceptions.append({ date: '', endDate: '', hours: [], note: '' })}>
          <i className="bi bi-plus" aria-hidden="true" /> Add exception
        </button>
      )}
    </>
  );
}
