// The booking package form (add and edit): name, price in dollars, description, redirection URL,
// active. Validated with the same schema as the API.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { bookingPackageSchema, type BookingPackageInput } from '#shared/schemas/bookings';
import { controlProps, Field } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { applyServerErrors } from '../../../lib/forms';
import type { ApiResult } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import type { BookingPackageView } from '../api/packages';
import { RedirectUrlFix } from '../../../components/redirect-url-fix';

type Output = ReturnType<typeof bookingPackageSchema.parse>;
const FIELDS = ['packageName', 'packagePrice', 'packageDescription', 'redirectionUrl'] as const;

interface PackageFormProps {
  initial?: BookingPackageView;
  title: string;
  submitText: string;
  save(values: Output): Promise<ApiResult<BookingPackageView>>;
}

export function PackageForm({ initial, title, submitText, save }: PackageFormProps) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BookingPackageInput, unknown, Output>({
    resolver: zodResolver(bookingPackageSchema),
    mode: 'onTouched',
    defaultValues: initial
      ? { packageName: initial.packageName, packagePrice: initial.packagePrice.toFixed(2), packageDescription: initial.packageDescription, redirectionUrl: initial.redirectionUrl, isActive: initial.isActive }
      : { packageName: '', packagePrice: '', packageDescription: '', redirectionUrl: '', isActive: true },
  });
  const e = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const result = await save(values);
      if (result.success) {
        notify.success(result.message || 'Booking package saved.');
        navigate(paths.bookings.packages);
        return;
      }
      setStatus({ kind: 'danger', text: result.message || 'The package could not be saved.' });
      applyServerErrors(setError, result.data.errors, FIELDS);
    } catch {
      setStatus({ kind: 'danger', text: 'The package could not be saved. Please check your connection.' });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="package-form-title" className="card border-0 shadow-sm">
      <div className="card-header bg-transparent py-3">
        <h2 id="package-form-title" className="h6 fw-bold mb-0">{title}</h2>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        <div className="row g-3">
          <Field id="packageName" label="Package name" required error={e('packageName')} className="col-md-8">
            <input {...register('packageName')} {...controlProps('packageName', e('packageName'), { required: true })} autoComplete="off" />
          </Field>
          <Field id="packagePrice" label="Price (USD)" required error={e('packagePrice')} className="col-md-4" hint="In dollars, e.g. 49.50. At least $0.50.">
            <div className="input-group">
              <span className="input-group-text">$</span>
              <input {...register('packagePrice')} {...controlProps('packagePrice', e('packagePrice'), { required: true })} inputMode="decimal" autoComplete="off" />
            </div>
          </Field>
          <Field id="packageDescription" label="Description" error={e('packageDescription')} className="col-12" hint="Shown to visitors on the booking page.">
            <textarea {...register('packageDescription')} {...controlProps('packageDescription', e('packageDescription'))} rows={4} />
          </Field>
          <Field id="redirectionUrl" label="Redirection URL" error={e('redirectionUrl')} className="col-12" hint="Where visitors go after paying: https://your-clinic.com/thank-you, or a page of this site such as /thanks. Leave empty to return to the booking page.">
            <input {...register('redirectionUrl')} {...controlProps('redirectionUrl', e('redirectionUrl'))} type="text" inputMode="url" placeholder="https://" autoComplete="off" />
            <RedirectUrlFix value={watch('redirectionUrl') ?? ''} onFix={(fixed) => setValue('redirectionUrl', fixed, { shouldValidate: true, shouldDirty: true })} />
          </Field>
          <div className="col-12">
            <div className="form-check form-switch">
              <input {...register('isActive')} id="isActive" type="checkbox" className="form-check-input" role="switch" />
              <label htmlFor="isActive" className="form-check-label">Active (offered on the booking page)</label>
            </div>
          </div>
        </div>
      </div>
      <div className="card-footer bg-transparent d-flex justify-content-end gap-2 py-3">
        <button type="button" className="btn btn-light" onClick={() => navigate(paths.bookings.packages)} disabled={isSubmitting}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>{isSubmitting ? <Busy /> : submitText}</button>
      </div>
    </form>
  );
}
