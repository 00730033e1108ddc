// The booking package form (add and edit): name, price in dollars, description, redirection URL,
// active, and how it takes time (duration, buffers, start-time grid, notice, horizon) and who offers it
// (practitioners; none = the clinic-wide schedule). Validated with the same schema as the API.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { bookingPackageSchemaIn, type BookingPackageInput } from '#shared/bookings/schemas';
import { Card } from '../../../components/card';
import { controlProps, Field, InputField } from '../../../components/field';
import { Busy } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useSaveStatus } from '../../../lib/forms';
import type { ApiResult } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import type { BookingPackageView } from '../../../lib/booking-packages';
import { RedirectUrlFix } from '../../../components/redirect-url-fix';
import { usePractitioners } from '../../../lib/practitioners';
import { MoneyInput, moneyHint, moneyInputValue, PricedBefore, RepriceNote, typingLocale, useOldPrice } from '../../../components/money-input';
import { useClinicCurrency } from '../../../lib/clinic-currency';
import { IntakeChoice } from './intake-choice';
import { PackagePaymentFields, PAYMENT_FIELDS, paymentDefaults } from './package-payment-fields';
import { PackageSeriesFields, SERIES_FIELDS, seriesDefaults, seriesProblem } from './package-series-fields';

type Output = ReturnType<ReturnType<typeof bookingPackageSchemaIn>['parse']>;
const TIMING = ['durationMinutes', 'bufferBeforeMinutes', 'bufferAfterMinutes', 'slotGridMinutes', 'minNoticeMinutes', 'maxDaysAhead'] as const;
const FIELDS = ['packageName', 'packagePrice', 'packageDescription', 'redirectionUrl', ...TIMING, 'practitionerIds', ...PAYMENT_FIELDS, 'intakeFormId', 'intakeTiming', ...SERIES_FIELDS] as const;

/** A minutes (or days) input's value: blank is `blank` (null: the default), anything else a number (Number ignores surrounding spaces; the schema refuses NaN). */
const minutes = (blank: number | null) => (v: unknown) => (typeof v === 'number' ? v : v === '' || v == null ? blank : Number(v));

/** The timing fields of the form: blank = the clinic's default (buffers: none). */
const TIMING_INPUTS: { name: (typeof TIMING)[number]; label: string; hint: string; blank: number | null; unit: string; min: number; step: number }[] = [
  { name: 'durationMinutes', label: 'Duration', hint: "Blank: the clinic's slot length.", blank: null, unit: 'min', min: 5, step: 5 },
  { name: 'bufferBeforeMinutes', label: 'Buffer before', hint: 'Time kept free before it.', blank: 0, unit: 'min', min: 0, step: 5 },
  { name: 'bufferAfterMinutes', label: 'Buffer after', hint: 'Time kept free after it.', blank: 0, unit: 'min', min: 0, step: 5 },
  { name: 'slotGridMinutes', label: 'Start-time grid', hint: 'A start time every N minutes; blank: the duration plus buffers, so bookings fit back to back.', blank: null, unit: 'min', min: 5, step: 5 },
  { name: 'minNoticeMinutes', label: 'Minimum notice', hint: "How soon it can be booked; blank: the clinic's.", blank: null, unit: 'min', min: 0, step: 1 },
  { name: 'maxDaysAhead', label: 'Booking horizon', hint: "How far ahead it can be booked; blank: the clinic's.", blank: null, unit: 'days', min: 1, step: 1 },
];

const timingOf = (p: BookingPackageView) => ({
  durationMinutes: p.durationMinutes,
  bufferBeforeMinutes: p.bufferBeforeMinutes,
  bufferAfterMinutes: p.bufferAfterMinutes,
  slotGridMinutes: p.slotGridMinutes,
  minNoticeMinutes: p.minNoticeMinutes,
  maxDaysAhead: p.maxDaysAhead,
  practitionerIds: p.practitionerIds,
  intakeFormId: p.intakeFormId ?? null,
  intakeTiming: p.intakeTiming ?? 'before_booking',
});
const NO_TIMING = { durationMinutes: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, slotGridMinutes: null, minNoticeMinutes: null, maxDaysAhead: null, practitionerIds: [], intakeFormId: null, intakeTiming: 'before_booking' as const };

/** While no practitioner offers the package: the timing above does not apply to it yet. */
function ClinicWideNote() {
  return (
    <p className="small mb-0 mt-1" role="note">
      No practitioner offers it (below), so it follows the clinic-wide schedule: each booking takes one of the clinic&apos;s slots, with its notice and horizon (<Link to={paths.bookings.availability}>Availability</Link>). These settings apply once practitioners offer it.
    </p>
  );
}

interface PackageFormProps {
  initial?: BookingPackageView;
  title: string;
  submitText: string;
  /** Without `packagePrice` when a price set in another currency is kept as it is. */
  save: (values: Omit<Output, 'packagePrice'> & Partial<Pick<Output, 'packagePrice'>>) => Promise<ApiResult<BookingPackageView>>;
}

export function PackageForm({ initial, title, submitText, save }: PackageFormProps) {
  const navigate = useNavigate();
  const practitioners = usePractitioners();
  // Prices are typed in the clinic's currency, as the person writes numbers (typingLocale); a package
  // priced before a change of currency keeps its own until 'Set a price in ...'.
  const clinic = useClinicCurrency();
  const locale = typingLocale();
  const price = useOldPrice(initial, clinic);
  const schema = useMemo(() => bookingPackageSchemaIn(price.currency, locale), [price.currency, locale]);
  const initialPrice = initial ? moneyInputValue(initial.packagePriceCents, initial.currency ?? 'usd', locale) : '';
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BookingPackageInput, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initial
      ? { packageName: initial.packageName, packagePrice: initialPrice, packageDescription: initial.packageDescription, redirectionUrl: initial.redirectionUrl, isActive: initial.isActive, ...timingOf(initial), ...paymentDefaults(initial, locale), ...seriesDefaults(initial) }
      : { packageName: '', packagePrice: '', packageDescription: '', redirectionUrl: '', isActive: true, ...NO_TIMING, ...paymentDefaults(undefined, locale), ...seriesDefaults(undefined) },
  });
  const { status, setStatus, send } = useSaveStatus(setError, FIELDS);
  const e = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const [redirectionUrl, intakeFormId, practitionerIds] = useWatch({ control, name: ['redirectionUrl', 'intakeFormId', 'practitionerIds'] });
  // The clinic-wide schedule books the clinic's slots: a package's own timing applies only when practitioners offer it.
  const ownTiming = (practitionerIds ?? []).length > 0;

  const submit = handleSubmit(async (values) => {
    // A series the API would refuse (per visit of a package paid online) is not sent: its field says why.
    if (seriesProblem(values)) return setFocus('seriesPayment');
    // Without the practitioner list the checkboxes showed nothing: leave who offers it unchanged.
    const { practitionerIds: _unknown, ...rest } = values;
    const chosen = practitioners.practitioners ? values : rest;
    // A price kept in the currency it was set in is not sent: the server keeps it as it is.
    const { packagePrice: _kept, ...unpriced } = chosen;
    const result = await send(() => save(price.keeping ? unpriced : chosen), 'The package could not be saved.');
    if (!result) return;
    notify.success(result.message || 'Booking package saved.');
    navigate(paths.bookings.packages);
  }, (invalid) => {
    // A rule over several fields (duration and buffers together) belongs to no one input: say it above.
    const whole = Object.entries(invalid).filter(([key]) => !(FIELDS as readonly string[]).includes(key)).map(([, v]) => v?.message).filter((m): m is string => typeof m === 'string' && m !== '');
    setStatus(whole.length ? { kind: 'danger', text: whole.join(' ') } : null);
  });

  return (
    <Card
      titleId="package-form-title"
      title={title}
      onSubmit={submit}
      status={status}
      footer={
        <>
          <button type="button" className="btn btn-light" onClick={() => navigate(paths.bookings.packages)} disabled={isSubmitting}>Cancel</button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>{isSubmitting ? <Busy /> : submitText}</button>
        </>
      }
    >
      <div className="row g-3">
        <InputField field={register('packageName')} label="Package name" required error={e('packageName')} className="col-md-8" autoComplete="off" />
        <Field
          id="packagePrice"
          label={`Price (${price.currency.toUpperCase()})`}
          required
          error={e('packagePrice')}
          className="col-md-4"
          hint={
            price.keeping ? undefined : price.repricing && initial ? (
              <RepriceNote minor={initial.packagePriceCents} currency={initial.currency ?? 'usd'} clinicCurrency={clinic.currency} onKeep={() => { price.setRepricing(false); setValue('packagePrice', initialPrice); }} />
            ) : moneyHint(clinic.currency, { locale })
          }
        >
          {price.keeping && initial ? (
            <PricedBefore id="packagePrice" minor={initial.packagePriceCents} currency={initial.currency ?? 'usd'} clinicCurrency={clinic.currency} onReprice={() => { setValue('packagePrice', ''); price.setRepricing(true); }} />
          ) : (
            // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the Reprice button the member pressed is replaced by this input: the focus follows to it rather than falling to the page
            <MoneyInput currency={price.currency} autoFocus={price.repricing} {...register('packagePrice')} {...controlProps('packagePrice', e('packagePrice'), { required: true })} />
          )}
        </Field>
        <Field id="packageDescription" label="Description" error={e('packageDescription')} className="col-12" hint="Shown to visitors on the booking page.">
          <textarea {...register('packageDescription')} {...controlProps('packageDescription', e('packageDescription'))} rows={4} />
        </Field>
        <Field id="redirectionUrl" label="Redirection URL" error={e('redirectionUrl')} className="col-12" hint="Where visitors go after paying: https://your-clinic.com/thank-you, or a page of this site such as /thanks. Leave empty to return to the booking page.">
          <input {...register('redirectionUrl')} {...controlProps('redirectionUrl', e('redirectionUrl'))} type="text" inputMode="url" placeholder="https://" autoComplete="off" />
          <RedirectUrlFix value={redirectionUrl ?? ''} onFix={(fixed) => setValue('redirectionUrl', fixed, { shouldValidate: true, shouldDirty: true })} />
        </Field>
        <PackagePaymentFields register={register} watch={watch} error={e} currency={price.currency} locale={locale} />
        <PackageSeriesFields register={register} watch={watch} setValue={setValue} error={e} />
        <div className="col-12">
          <h3 className="h6 fw-bold mb-1 mt-2">Time</h3>
          <p className="small text-body-secondary mb-0">Duration, buffers and grid in multiples of 5 minutes. Leave a field blank for the clinic&apos;s default (buffers: none).</p>
          {!ownTiming && <ClinicWideNote />}
        </div>
        {TIMING_INPUTS.map((t) => (
          <Field key={t.name} id={t.name} label={t.label} error={e(t.name)} className="col-6 col-md-4" hint={t.hint}>
            <div className="input-group">
              <input {...register(t.name, { setValueAs: minutes(t.blank) })} {...controlProps(t.name, e(t.name))} type="number" inputMode="numeric" min={t.min} step={t.step} />
              <span className="input-group-text">{t.unit}</span>
            </div>
          </Field>
        ))}
        <div className="col-12">
          <Controller
            control={control}
            name="practitionerIds"
            render={({ field }) => {
              const chosen = field.value ?? [];
              const flip = (id: string, on: boolean) => field.onChange(on ? [...chosen, id] : chosen.filter((x) => x !== id));
              return (
                <fieldset aria-describedby="practitionerIds-hint">
                  <legend className="form-label fw-semibold small text-body-emphasis mb-1">Practitioners who offer it</legend>
                  {practitioners.isLoading && <div className="small text-body-secondary">Loading practitioners...</div>}
                  {practitioners.error && <div className="small text-danger">The practitioners could not be loaded: who offers it stays as it is.</div>}
                  {practitioners.practitioners?.length === 0 && <div className="small text-body-secondary">No practitioners yet.</div>}
                  {practitioners.practitioners?.map((p) => (
                    <div key={p.id} className="form-check">
                      <input id={`practitioner-${p.id}`} type="checkbox" className="form-check-input" checked={chosen.includes(p.id)} onChange={(ev) => flip(p.id, ev.target.checked)} />
                      <label htmlFor={`practitioner-${p.id}`} className="form-check-label">
                        {p.name}
                        {p.title && <span className="text-body-secondary">, {p.title}</span>}
                        {!p.isActive && <span className="badge bg-secondary-subtle text-secondary-emphasis ms-2">Inactive</span>}
                      </label>
                    </div>
                  ))}
                  <div id="practitionerIds-hint" className="form-text">
                    None ticked: the package follows the clinic-wide schedule (<Link to={paths.bookings.availability}>Availability</Link>).
                  </div>
                  {e('practitionerIds') && <div className="invalid-feedback d-block">{e('practitionerIds')}</div>}
                </fieldset>
              );
            }}
          />
        </div>
        <IntakeChoice register={register} formId={intakeFormId} error={e('intakeFormId') ?? e('intakeTiming')} savedFormId={initial?.intakeFormId} />
        <div className="col-12">
          <div className="form-check form-switch">
            <input {...register('isActive')} id="isActive" type="checkbox" className="form-check-input" role="switch" />
            <label htmlFor="isActive" className="form-check-label">Active (offered on the booking page)</label>
          </div>
        </div>
      </div>
    </Card>
  );
}
