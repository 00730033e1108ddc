// booking/:apiKey: the public booking page (spec sections 2, 4, 5 and 8; issue 25). In the order a
// patient on a phone goes: a package (its details card shows the price in dollars), who with (a
// practitioner or 'anyone', for packages with practitioners), a day of the month view (the days with
// free times marked), a time button, then contact details and Continue to card payment: the checkout
// opens in the same tab (issue 34; pending-hold.ts keeps the hold and the form for the way back). The
// month view and the time buttons are how the spec's date and time are chosen (no raw date or time
// field: one could hold a time that is not offered); both are sent as the spec's bookingDate and
// bookingTime. Money, dates and times read as the patient's language writes them in the clinic's
// country. Times are in the clinic's time zone (named on the page). The server
// checks everything again and holds the time only while the visitor pays. Back from Checkout
// (?payment=success&session_id=...), the page shows the booking's confirmation instead of the form.
// `?package=<id>` and `?practitioner=<id>` preselect (the console prints such links). No console code here.
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import useSWR from 'swr';
import { BOOKING_FIELDS, validateBookingForm, type BookingField, type BookingFormValues } from '#shared/bookings/form';
import { currencyOf, formatMoney } from '#shared/currency';
import { controlProps, Field } from '../../components/field';
import type { PublicBookingPackage } from './api';
import { Confirmation, Confirmed } from './confirmation';
import { PaymentSummary } from './payment-summary';
import { forgetBooking, heldSlot, readSavedForm, type HeldSlot } from './pending-hold';
import { PractitionerChoice } from '../shared/practitioner-choice';
import { failureText } from '../../lib/api';
import { useHydrated, useSearchParam } from '../../lib/location';
import { useClinicLocale, useI18n, useT } from '../../i18n/i18n';
import { ClinicBrandBar } from '../clinic-brand';
import { ruleMessage } from '../../i18n/rules';
import { loadPackages, useFirstDay } from './booking-data';
import { BookingNotices, ERRORS_ID } from './booking-notices';
import { DetailsStep, PayStep, TimeStep } from './booking-steps';
import { useBookingMonth } from './use-booking-month';
import { useBookingSubmit, type BookingErrors } from './use-booking-submit';
import { usePreselect } from './use-preselect';
import { WaitlistJoin, WaitlistLink, useWaitlistLink } from './waitlist';
import { IntakeSlot, useIntake } from './intake/use-intake';
import { SeriesSlot, useSeries } from './series/use-series';

/** The spec's English texts (section 9); other languages have them in their catalogue. */
export const SUCCESS_MESSAGE = 'Please complete the payment to confirm booking';
export const REDIRECT_TOAST = 'Please wait while we redirect you to the payment page';

export { TOAST_MS } from './booking-notices';

type Values = BookingFormValues;

const EMPTY: Values = { packageId: '', firstName: '', lastName: '', email: '', phoneNumber: '', bookingDate: '', bookingTime: '' };

/**
 * The clinic's name, from the first day the form asks for (the same request: swr shares it). Its line
 * is kept from the first paint on, so nothing moves when the name arrives.
 */
function ClinicName({ apiKey }: { apiKey: string }) {
  const hydrated = useHydrated();
  const { data, isLoading } = useFirstDay(apiKey);
  useClinicLocale(data?.clinicLanguage, data?.clinicRegion);
  return (
    <p className="fs-6 fw-semibold text-body-secondary mb-1 text-truncate placeholder-glow" style={{ minHeight: '1.5em' }} data-testid="clinic-name">
      {data?.clinicName ?? (!hydrated || isLoading ? <span className="placeholder col-4 rounded" aria-hidden="true" /> : null)}
    </p>
  );
}

function PackageDetails({ pkg }: { pkg: PublicBookingPackage }) {
  const { t, intl } = useI18n();
  return (
    <section className="card bg-body-tertiary border-0 mb-4" aria-label={t('booking.packageDetails')}>
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-start gap-3">
          <h2 className="h5 fw-bold mb-1">{pkg.packageName}</h2>
          <span className="fs-5 fw-bold text-primary text-nowrap">{formatMoney(pkg.packagePriceCents, currencyOf(pkg.currency), intl)}</span>
        </div>
        {pkg.durationMinutes ? <p className="small text-body-secondary mb-1">{t('common.minutes', { count: pkg.durationMinutes })}</p> : null}
        {pkg.packageDescription && (
          <p className="text-body-secondary mb-0 clinic-text" style={{ whiteSpace: 'pre-line' }}>
            {pkg.packageDescription}
          </p>
        )}
        {pkg.paymentPolicy && pkg.paymentPolicy.mode !== 'full' && (
          <div className="border-top mt-3 pt-3">
            <h3 className="h6 fw-bold mb-2">{t('pay.title')}</h3>
            <PaymentSummary policy={pkg.paymentPolicy} currency={pkg.currency} />
          </div>
        )}
      </div>
    </section>
  );
}

const ANYONE = 'any';

/** Who the visitor books with: 'Anyone available' first (the server picks who is free), then each practitioner. */
function BookingPractitioners({ pkg, value, onChange, disabled }: { pkg: PublicBookingPackage; value: string; onChange: (id: string) => void; disabled: boolean }) {
  const t = useT();
  const options = [{ id: ANYONE, name: t('booking.anyone'), title: t('booking.anyoneHint') }, ...(pkg.practitioners ?? [])];
  return <PractitionerChoice legend={t('booking.practitioner')} name="practitioner" options={options} value={value} onChange={onChange} disabled={disabled} />;
}

/**
 * The form: the package (and who with), then its steps (booking-steps.tsx). Without `packages` (still
 * loading, and the prerendered first paint) it shows the same layout with every control disabled, so
 * nothing moves when the clinic's packages arrive.
 */
function BookingForm({ apiKey, packages }: { apiKey: string; packages?: PublicBookingPackage[] }) {
  const loading = packages === undefined;
  const { t } = useI18n();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<BookingErrors>({});
  const [submitted, setSubmitted] = useState(false);
  /** The practitioner asked for ('any' or an id); it applies to the chosen package when that package offers them. */
  const [practitioner, setPractitioner] = useState(ANYONE);
  // Back from Checkout without paying: the form as the visitor left it (this tab's copy).
  useEffect(() => {
    const saved = apiKey ? readSavedForm(apiKey) : undefined;
    if (!saved) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- this tab's storage, read once the prerendered page is taken over (the first paint has no such form)
    setValues(saved.values);
    setPractitioner(saved.practitioner);
  }, [apiKey]);

  const { packageId, bookingDate, bookingTime } = values;
  const pkg = packages?.find((p) => p.id === packageId);
  const withPractitioners = Boolean(pkg?.practitioners?.length);
  /** What the calls send: nothing for a clinic-wide package (the spec's flow, unchanged). */
  const practitionerId = !withPractitioners ? '' : pkg!.practitioners.some((p) => p.id === practitioner) ? practitioner : ANYONE;
  const setValue = useCallback((name: BookingField, value: string) => setValues((prev) => ({ ...prev, [name]: value })), []);
  const clearTime = useCallback(() => setValue('bookingTime', ''), [setValue]);

  /** The time this patient holds, waiting for payment: the day does not list it, yet it stays chosen (back from Checkout). */
  const [held, setHeld] = useState<HeldSlot>();
  const month = useBookingMonth({ apiKey, packageId, practitionerId, bookingDate, bookingTime, clearTime, held });
  const settling = usePreselect(packages, (wanted) => {
    if (wanted.packageId) setValue('packageId', wanted.packageId);
    if (wanted.practitioner) setPractitioner(wanted.practitioner);
    // A waitlist offer's link: its day (and the month view on its month) and its time chosen.
    if (wanted.date) {
      setValue('bookingDate', wanted.date);
      month.setMonth(wanted.date.slice(0, 7));
    }
    if (wanted.time) setValue('bookingTime', wanted.time);
  });

  // After a first Continue, the messages follow the fields as they are corrected (a server's stay until then).
  const [checked, setChecked] = useState({ values, submitted });
  if (checked.values !== values || checked.submitted !== submitted) {
    setChecked({ values, submitted });
    if (submitted) setErrors(validateBookingForm(values));
  }
  const intake = useIntake(apiKey, pkg);
  const series = useSeries({ apiKey, pkg, practitionerId, bookingDate, bookingTime });
  const send = useBookingSubmit({ apiKey, values, practitioner, practitionerId, setErrors, setSubmitted, intake, series });
  const { isSubmitting } = send;
  const heldNow = heldSlot(send.hold.state, packageId, practitionerId);
  if (heldNow?.startUtc !== held?.startUtc) setHeld(heldNow);
  const bind = (name: BookingField) => ({
    // Every field of the booking form is required. A field in error points to the list above the
    // form, where its message is (each message shows once).
    ...controlProps(name, errors[name] && ruleMessage(t, errors[name]), { base: name === 'packageId' ? 'form-select' : 'form-control', required: true }),
    'aria-describedby': errors[name] ? ERRORS_ID : undefined,
    name,
    value: values[name],
    onChange: (ev: { target: { value: string } }) => setValue(name, ev.target.value),
    disabled: isSubmitting || loading,
  });
  const listed = BOOKING_FIELDS.map((name) => errors[name]).filter((m): m is string => Boolean(m)).map((m) => ruleMessage(t, m));
  const payment = useSearchParam('payment');
  // The preselect script's mark (web/vite-public-pages.ts) lifted once the package's card is in place:
  // before the same paint, so the steps show at once where they stay. Not while hydrating (no query yet).
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (hydrated && !settling) document.documentElement.removeAttribute('data-preselect-pending');
  }, [hydrated, settling]);

  // Paid at the clinic: confirmed by the request itself, no Checkout to come back from.
  if (send.confirmed) return <Confirmed c={send.confirmed} />;

  return (
    <>
      <BookingNotices
        toast={send.toast} onCloseToast={send.closeToast} payment={payment} hold={send.hold.state} onGiveUp={() => void send.hold.giveUp()}
        rootError={send.rootError} success={send.success} listed={listed}
      />
      <form noValidate onSubmit={(ev) => void send.submit(ev)} aria-label={t('booking.form')}>
        <Field id="packageId" label={t('booking.package')} required>
          <select {...bind('packageId')}>
            <option value="">{t('booking.selectPackage')}</option>
            {packages?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.packageName}
              </option>
            ))}
          </select>
        </Field>
        {packages?.length === 0 && <p className="text-body-secondary small">{t('booking.noPackages')}</p>}
        {pkg && <PackageDetails pkg={pkg} />}
        {pkg && withPractitioners && (
          <BookingPractitioners
            pkg={pkg}
            value={practitionerId}
            // Another person has other free times: the time chosen for the previous one is chosen again.
            onChange={(id) => {
              setPractitioner(id);
              setValue('bookingTime', '');
            }}
            disabled={isSubmitting}
          />
        )}

        <div className={settling ? 'invisible' : undefined} data-settle>
          <TimeStep
            month={month} packageId={packageId} bookingDate={bookingDate} bookingTime={bookingTime} disabled={isSubmitting}
            onDate={(date) => setValue('bookingDate', date)} onTime={(time) => setValue('bookingTime', time)}
            dateInError={Boolean(errors.bookingDate)} timeInError={Boolean(errors.bookingTime)}
          />
          <SeriesSlot series={series} bookingTime={bookingTime} disabled={isSubmitting} hold={send.hold.state} />
          <DetailsStep bind={bind} />
          <IntakeSlot intake={intake} disabled={isSubmitting} />
          {/* One visit's amounts; a series says its own (the whole course's) in its step. */}
          {pkg && pkg.paymentPolicy && pkg.paymentPolicy.mode !== 'full' && !(series.on && series.offered && bookingTime) && (
            <div className="alert alert-light border mt-4 mb-0" role="note" aria-label={t('pay.title')}>
              <PaymentSummary policy={pkg.paymentPolicy} currency={pkg.currency} />
            </div>
          )}
          <PayStep isSubmitting={isSubmitting} disabled={loading} challenge={send.challenge} mode={pkg?.paymentPolicy?.mode} />
        </div>
      </form>
      {pkg && !settling && <WaitlistJoin apiKey={apiKey} pkg={pkg} practitionerId={practitionerId} timeZone={month.zone} typed={values} />}
    </>
  );
}

/** Stripe's placeholder, when a checkout stand-in did not replace it: no session to ask about. */
const SESSION_ID = /^cs_[A-Za-z0-9_]+$/;

export function BookingPage({ apiKey }: { apiKey: string }) {
  const payment = useSearchParam('payment');
  const sessionId = useSearchParam('session_id');
  const confirming = payment === 'success' && sessionId !== null && SESSION_ID.test(sessionId);
  // Paid: no hold to resume, and the next booking starts with an empty form.
  useEffect(() => {
    if (confirming) forgetBooking(apiKey);
  }, [confirming, apiKey]);
  const { data, error } = useSWR<PublicBookingPackage[], unknown, [string, string] | null>(apiKey && !confirming ? ['booking-packages', apiKey] : null, loadPackages, { revalidateOnFocus: false, shouldRetryOnError: false });
  const t = useT();
  const title = t('booking.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const clinic = useFirstDay(apiKey).data;
  const waitlistLink = useWaitlistLink();

  return (
    <main className="container py-4 py-sm-5" style={{ maxWidth: 760 }}>
      <ClinicBrandBar brand={clinic?.clinicBrand} name={clinic?.clinicName} />
      <ClinicName apiKey={apiKey} />
      <h1 className="h2 fw-bold text-body-emphasis mb-2">{title}</h1>
      {/* Painted from the prerendered HTML: what the page is for, before any answer arrives (it is also
          the first paint's largest text, so the clinic's name arriving later is not the page's LCP). */}
      {!confirming && <p className="text-body-secondary mb-4">{t('booking.intro')}</p>}
      {confirming ? (
        <Confirmation apiKey={apiKey} sessionId={sessionId} againHref={`/booking/${encodeURIComponent(apiKey)}`} />
      ) : waitlistLink ? (
        <WaitlistLink apiKey={apiKey} />
      ) : error ? (
        <div className="alert alert-danger" role="alert">
          {ruleMessage(t, failureText(error, t('booking.unavailable')))}
        </div>
      ) : (
        <section className="card border-0 shadow-sm" aria-busy={!data}>
          <div className="card-body p-3 p-sm-4">
            <BookingForm apiKey={apiKey} packages={data} />
          </div>
        </section>
      )}
    </main>
  );
}
