// Add or edit a customer: a name, and an email or a phone number (each unique in the organisation).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { GENDERS } from '#shared/account/schemas';
import { customerSchema } from '#shared/customers/schemas';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { applyServerErrors } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { createCustomer, updateCustomer, type Customer } from '../api/customers';

type Values = z.input<typeof customerSchema>;
type Output = z.output<typeof customerSchema>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'gender', 'dob', 'notes'] as const;

export function CustomerForm({ customer, onSaved, onCancel }: { customer?: Customer; onSaved: (c: Customer) => void; onCancel: () => void }) {
  const [rootError, setRootError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(customerSchema),
    mode: 'onTouched',
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f, customer?.[f] ?? ''])) as unknown as Values,
  });
  const e = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const submit = handleSubmit(async (values) => {
    setRootError(undefined);
    try {
      const result = customer ? await updateCustomer(customer.id, { ...values, version: customer.version }) : await createCustomer(values);
      if (result.success && result.data.data) {
        notify.success(result.message);
        onSaved(result.data.data);
        return;
      }
      setRootError(result.message || 'The customer could not be saved.');
      applyServerErrors(setError, result.data.errors, FIELDS);
    } catch {
      setRootError('The customer could not be saved. Please check your connection.');
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={customer ? 'Edit customer' : 'Add customer'}>
      {rootError && <div className="alert alert-danger" role="alert">{rootError}</div>}
      {errors.root?.message && <div className="alert alert-danger">{errors.root.message}</div>}
      <div className="row g-3">
        <Field id="c-firstName" label="First name" required error={e('firstName')} className="col-md-6">
          <input {...register('firstName')} {...controlProps('c-firstName', e('firstName'), { required: true })} />
        </Field>
        <Field id="c-lastName" label="Last name" required error={e('lastName')} className="col-md-6">
          <input {...register('lastName')} {...controlProps('c-lastName', e('lastName'), { required: true })} />
        </Field>
        <Field id="c-email" label="Email" error={e('email')} className="col-md-6">
          <input {...register('email')} {...controlProps('c-email', e('email'))} type="email" />
        </Field>
        <Field id="c-phone" label="Phone number" error={e('phone')} className="col-md-6">
          <input {...register('phone')} {...controlProps('c-phone', e('phone'))} type="tel" placeholder="+1234567890" />
        </Field>
        <Field id="c-gender" label="Gender" error={e('gender')} className="col-md-6">
          <select {...register('gender')} {...controlProps('c-gender', e('gender'), { base: 'form-select' })}>
            <option value="">Not given</option>
            {GENDERS.map((g) => <option key={g} value={g}>{g[0].toUpperCase() + g.slice(1)}</option>)}
          </select>
        </Field>
        <Field id="c-dob" label="Date of birth" error={e('dob')} className="col-md-6">
          <input {...register('dob')} {...controlProps('c-dob', e('dob'))} type="date" />
        </Field>
        <Field id="c-notes" label="Notes" error={e('notes')} className="col-12">
          <textarea {...register('notes')} {...controlProps('c-notes', e('notes'))} rows={3} />
        </Field>
      </div>
      <div className="d-flex justify-content-end gap-2 mt-3">
        <button type="button" className="btn btn-light" onClick={onCancel} disabled={isSubmitting}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>{isSubmitting ? <Busy /> : 'Save'}</button>
      </div>
    </form>
  );
}
