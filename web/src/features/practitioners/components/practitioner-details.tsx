// The practitioner editor's first block: name, title, the linked member (or none: a locum who does not
// sign in), calendar colour and the active switch.
import { Controller, useFormState, useWatch } from 'react-hook-form';
import { controlProps, Field } from '../../../components/field';
import { displayName, useAllMembers } from '../../../lib/members';
import type { PractitionerFormApi } from '../practitioner-form-values';

export function PractitionerDetails({ form }: { form: PractitionerFormApi }) {
  const { register, control } = form;
  const { errors } = useFormState({ control });
  const members = useAllMembers();
  const memberId = useWatch({ control, name: 'memberId' });
  const e = (name: 'name' | 'title' | 'memberId' | 'color') => errors[name]?.message;
  const memberOptions = members.items.filter((m) => m.status === 'active' || m.userId === memberId);
  const unlisted = memberId && !memberOptions.some((m) => m.userId === memberId);

  return (
    <div className="row g-3 mb-4">
      <Field id="name" label="Name" required error={e('name')} className="col-md-6" hint="Shown to patients, e.g. Dr Ana Ruiz.">
        <input {...register('name')} {...controlProps('name', e('name'), { required: true })} autoComplete="off" />
      </Field>
      <Field id="title" label="Title" error={e('title')} className="col-md-6" hint="e.g. Physiotherapist.">
        <input {...register('title')} {...controlProps('title', e('title'))} autoComplete="off" />
      </Field>
      <Field
        id="memberId"
        label="Linked member"
        error={e('memberId')}
        className="col-md-6"
        hint={
          !members.canRead
            ? 'Linking a member needs permission to see the members.'
            : members.error
              ? 'The members could not be loaded: only the current choice is listed.'
              : 'The member who is this practitioner, or nobody for someone who does not sign in (a locum).'
        }
      >
        {/* Controlled: the members arrive after the form, and the choice must hold once its option exists. */}
        <Controller
          control={control}
          name="memberId"
          render={({ field }) => (
            <select
              {...controlProps('memberId', e('memberId'), { base: 'form-select' })}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(ev) => field.onChange(ev.target.value || null)}
              onBlur={field.onBlur}
            >
              <option value="">Does not sign in</option>
              {memberOptions.map((m) => (
                <option key={m.userId} value={m.userId}>{`${displayName(m)} (${m.email})`}</option>
              ))}
              {unlisted && <option value={memberId}>{members.isLoading ? 'Loading members...' : 'Linked member'}</option>}
            </select>
          )}
        />
      </Field>
      <Field id="color" label="Colour" error={e('color')} className="col-md-3" hint="Their column and bookings in the calendar.">
        <input {...register('color')} {...controlProps('color', e('color'), { base: 'form-control form-control-color' })} type="color" />
      </Field>
      <div className="col-md-3 d-flex align-items-center">
        <div className="form-check form-switch">
          <input {...register('isActive')} id="isActive" type="checkbox" className="form-check-input" role="switch" />
          <label htmlFor="isActive" className="form-check-label">Active (offered for booking)</label>
        </div>
      </div>
    </div>
  );
}
