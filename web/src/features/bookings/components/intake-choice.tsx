// The package form's "Intake before the visit" (issue 36): one of the clinic's forms (the form builder's,
// files included) that patients answer before the visit, and when: on the booking page before paying,
// or by mail once the booking is confirmed (with a reminder two days before). Members who may not read
// forms see why the list is empty; the saved choice then stays as it is.
import type { UseFormRegister } from 'react-hook-form';
import type { BookingPackageInput } from '#shared/bookings/schemas';
import { controlProps, Field } from '../../../components/field';
import { usePaged } from '../../../lib/paged';

export function IntakeChoice({ register, formId, error, savedFormId }: {
  register: UseFormRegister<BookingPackageInput>;
  /** The form chosen now ('' or null: none). */
  formId: string | null | undefined;
  error?: string;
  /** The form saved with the package, kept listed while the forms load. */
  savedFormId?: string | null;
}) {
  const forms = usePaged('/form-builder/form', { pageSize: 100 });
  const listed = forms.items.map((f) => ({ id: f.id, name: f.name }));
  const missing = savedFormId && !forms.isLoading && !listed.some((f) => f.id === savedFormId);
  return (
    <>
      <div className="col-12">
        <h3 className="h6 fw-bold mb-1 mt-2">Intake before the visit</h3>
        <p className="small text-body-secondary mb-0">A form patients answer before their visit (a health questionnaire, a consent). Their answers show in the booking and the calendar.</p>
      </div>
      <Field id="intakeFormId" label="Intake form" error={error} className="col-md-6" hint={forms.error ? 'Your forms could not be loaded: the intake form stays as it is.' : 'Forms are made in the form builder.'}>
        <select {...register('intakeFormId', { setValueAs: (v: unknown) => (typeof v === 'string' && v !== '' ? v : null) })} {...controlProps('intakeFormId', error, { base: 'form-select' })} disabled={Boolean(forms.error)}>
          <option value="">No intake form</option>
          {listed.map((f) => (
            <option key={f.id} value={f.id}>{f.name}</option>
          ))}
          {savedFormId && (forms.isLoading || missing) && <option value={savedFormId}>{forms.isLoading ? 'Loading...' : 'A form no longer listed'}</option>}
        </select>
      </Field>
      {formId ? (
        <fieldset className="col-md-6">
          <legend className="form-label fw-semibold small text-body-emphasis mb-1">When patients answer it</legend>
          <div className="form-check">
            <input {...register('intakeTiming')} id="intakeTiming-before" type="radio" value="before_booking" className="form-check-input" />
            <label htmlFor="intakeTiming-before" className="form-check-label">On the booking page, before paying</label>
          </div>
          <div className="form-check">
            <input {...register('intakeTiming')} id="intakeTiming-mail" type="radio" value="by_mail" className="form-check-input" />
            <label htmlFor="intakeTiming-mail" className="form-check-label">By mail once booked, with a reminder 2 days before</label>
          </div>
        </fieldset>
      ) : null}
    </>
  );
}
