// Whether patients may book a series of the package on its booking page (issue 37.1), in the package
// form: the box, how the series is paid (the whole course up front, or each visit by the package's
// mode) and how many visits at most. A per-visit series of a package paid online would ask the
// patient for one payment per visit, which the booking page does not do: the form says so on the field
// as soon as the choice is made, and the server refuses it with the same message.
import type { UseFormRegister, UseFormWatch } from 'react-hook-form';
import type { BookingPackageInput } from '#shared/bookings/schemas';
import { DEFAULT_PATIENT_SERIES_VISITS, MAX_PATIENT_SERIES_VISITS, seriesSettingsProblem } from '#shared/bookings/series-policy';
import type { BookingPackageView } from '../../../lib/booking-packages';
import { controlProps, Field } from '../../../components/field';

export const SERIES_FIELDS = ['allowSeries', 'seriesPayment', 'seriesMaxVisits'] as const;

export function seriesDefaults(p: BookingPackageView | undefined) {
  return { allowSeries: p?.allowSeries ?? false, seriesPayment: p?.seriesPayment ?? 'course', seriesMaxVisits: p?.seriesMaxVisits ?? DEFAULT_PATIENT_SERIES_VISITS } as const;
}

const whole = (v: unknown) => (typeof v === 'number' ? v : v === '' || v == null ? null : Number(String(v).trim()));

export function PackageSeriesFields({ register, watch, error }: {
  register: UseFormRegister<BookingPackageInput>;
  watch: UseFormWatch<BookingPackageInput>;
  error(name: (typeof SERIES_FIELDS)[number]): string | undefined;
}) {
  const allow = watch('allowSeries') ?? false;
  const problem = seriesSettingsProblem({ allowSeries: allow, seriesPayment: watch('seriesPayment'), paymentMode: watch('paymentMode') });
  const paymentError = error('seriesPayment') ?? problem?.message;
  return (
    <>
      <div className="col-12">
        <div className="form-check">
          <input {...register('allowSeries')} id="allowSeries" type="checkbox" className="form-check-input" aria-describedby="allowSeries-hint" />
          <label htmlFor="allowSeries" className="form-check-label">Patients may book a series</label>
          <div id="allowSeries-hint" className="form-text">After choosing a time, patients may repeat the visit every 1 to 4 weeks. Each visit is checked; a taken week is offered the nearest free times.</div>
        </div>
      </div>
      {allow && (
        <>
          <Field id="seriesPayment" label="How a series is paid" error={paymentError} className="col-md-6">
            <select {...register('seriesPayment')} {...controlProps('seriesPayment', paymentError, { base: 'form-select' })}>
              <option value="course">The whole course up front</option>
              <option value="per_visit">Each visit on its own (card held or paid at the clinic only)</option>
            </select>
          </Field>
          <Field id="seriesMaxVisits" label="Visits at most" error={error('seriesMaxVisits')} className="col-6 col-md-3" hint={`2 to ${MAX_PATIENT_SERIES_VISITS}.`}>
            <input {...register('seriesMaxVisits', { setValueAs: whole })} {...controlProps('seriesMaxVisits', error('seriesMaxVisits'))} type="number" inputMode="numeric" min={2} max={MAX_PATIENT_SERIES_VISITS} step={1} />
          </Field>
        </>
      )}
    </>
  );
}
