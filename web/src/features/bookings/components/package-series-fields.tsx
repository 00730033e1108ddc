// "Patients may book a series" in the package form (issue 37): whether the booking page offers
// "Repeat this visit", how the series is paid (each visit by the package's own payment, or the whole
// course up front), and how many visits at most. A per-visit series of a package paid online would need
// one payment per visit, which the API refuses (shared/bookings/series-policy.ts): the form says so on
// the payment choice as soon as the settings stop fitting together, before anything is sent.
import type { UseFormRegister, UseFormSetValue, UseFormWatch } from 'react-hook-form';
import type { BookingPackageInput } from '#shared/bookings/schemas';
import { DEFAULT_PATIENT_SERIES_VISITS, MAX_PATIENT_SERIES_VISITS, SERIES_SETTING_MESSAGES, seriesSettingsProblem } from '#shared/bookings/series-policy';
import type { BookingPackageView } from '../../../lib/booking-packages';
import { controlProps, Field } from '../../../components/field';

export const SERIES_FIELDS = ['allowSeries', 'seriesPayment', 'seriesMaxVisits'] as const;

/** The form's starting values of a package's series settings (off on packages from before). */
export function seriesDefaults(p: BookingPackageView | undefined) {
  return {
    allowSeries: p?.allowSeries ?? false,
    seriesPayment: p?.seriesPayment ?? 'per_visit',
    seriesMaxVisits: p?.seriesMaxVisits ?? null,
  } as const;
}

/** The message the API would answer for these settings together with the payment mode, if any. */
export function seriesProblem(values: Pick<BookingPackageInput, 'allowSeries' | 'seriesPayment' | 'paymentMode'>): string | undefined {
  return seriesSettingsProblem({ allowSeries: values.allowSeries, seriesPayment: values.seriesPayment, paymentMode: values.paymentMode })?.message;
}

/** A whole number input's value: blank is null (the default maximum). */
const whole = (v: unknown) => (typeof v === 'number' ? v : v === '' || v == null ? null : Number(v));

export function PackageSeriesFields({ register, watch, setValue, error }: {
  register: UseFormRegister<BookingPackageInput>;
  watch: UseFormWatch<BookingPackageInput>;
  setValue: UseFormSetValue<BookingPackageInput>;
  error: (name: (typeof SERIES_FIELDS)[number]) => string | undefined;
}) {
  const allowed = Boolean(watch('allowSeries'));
  const mode = watch('paymentMode') ?? 'full';
  // The combination the API refuses is shown while it stands (not only after a save), on the choice to
  // change, and goes as soon as either side changes (the API's own answer of it would stay until a save).
  const problem = seriesProblem({ allowSeries: allowed, seriesPayment: watch('seriesPayment'), paymentMode: mode });
  const saved = error('seriesPayment');
  const paymentError = problem ?? (saved === SERIES_SETTING_MESSAGES.perVisitOnline ? undefined : saved);
  const perVisitHint = mode === 'card_on_file' ? 'Each visit keeps the held card for fees.' : mode === 'at_clinic' ? 'Each visit is paid at the clinic.' : undefined;
  const allow = register('allowSeries');
  // Turned on for a package paid online: the choice starts at the one that works (the course up front),
  // not at a default the form would at once call wrong. A choice that fits is left as it is.
  const onAllow = (event: React.ChangeEvent<HTMLInputElement>) => {
    if (event.target.checked && seriesProblem({ allowSeries: true, seriesPayment: watch('seriesPayment'), paymentMode: mode })) setValue('seriesPayment', 'course');
    return allow.onChange(event);
  };
  return (
    <>
      <div className="col-12">
        <h3 className="h6 fw-bold mb-1 mt-2">Series</h3>
        <p className="small text-body-secondary mb-0">Let patients book the same visit every week or few weeks in one go. Staff can always book a series from the calendar.</p>
      </div>
      <div className="col-12">
        <div className="form-check form-switch">
          <input {...allow} onChange={onAllow} id="allowSeries" type="checkbox" className="form-check-input" role="switch" aria-describedby={error('allowSeries') ? 'allowSeries-error' : undefined} />
          <label htmlFor="allowSeries" className="form-check-label">Patients may book a series</label>
        </div>
        {error('allowSeries') && <div id="allowSeries-error" className="invalid-feedback d-block">{error('allowSeries')}</div>}
      </div>
      {allowed && (
        <>
          <Field id="seriesPayment" label="How a series is paid" error={paymentError} className="col-md-6" hint={perVisitHint ?? 'The course up front: all its visits in one payment when booking.'}>
            <select {...register('seriesPayment')} {...controlProps('seriesPayment', paymentError, { base: 'form-select' })}>
              <option value="per_visit">Per visit</option>
              <option value="course">The whole course up front</option>
            </select>
          </Field>
          <Field id="seriesMaxVisits" label="Most visits in a series" error={error('seriesMaxVisits')} className="col-12 col-sm-6 col-md-3" hint={`2 to ${MAX_PATIENT_SERIES_VISITS}. Blank: ${DEFAULT_PATIENT_SERIES_VISITS}.`}>
            <div className="input-group">
              <input {...register('seriesMaxVisits', { setValueAs: whole })} {...controlProps('seriesMaxVisits', error('seriesMaxVisits'))} type="number" inputMode="numeric" min={2} max={MAX_PATIENT_SERIES_VISITS} step={1} />
              <span className="input-group-text">visits</span>
            </div>
          </Field>
        </>
      )}
    </>
  );
}
