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
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { BOOKING_FIELDS, bookingPayload, validateBookingForm, type BookingField, type BookingFormValues } from '#shared/bookings/form';
import { currencyOf, formatMoney } from '#shared/currency';
import { todayIn } from '#shared/bookings/time';
import { controlProps, Field } from '../../components/field';
import { Loading } from '../../components/loading';
import { ChallengeStatus, useChallenge } from '../../lib/challenge';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { availableDays, availablePackages, availableSlots, createBooking, type BookingDay, type FreeDay, type PublicBookingPackage } from './api';
import { Confirmation } from './confirmation';
import { forgetBooking, readSavedForm, rememberHold, requestOf, usePendingHold } from './pending-hold';
import { checkoutNavigation } from '../../lib/checkout';
import { PendingHoldNotice } from './pending-hold-notice';
import { MonthView, addMonths, daysInMonth, monthLabel, monthOf } from '../shared/month-view';
import { TimeButtons } from '../shared/time-buttons';
import { PractitionerChoice } from '../shared/practitioner-choice';
import { ApiError, failureText } from '../../lib/api';
import { useHydrated, useSearchParam } from '../../lib/location';
import { useChallengeTexts, useClinicLocale, useI18n, useT, type MessageKey } from '../../i18n/i18n';
import { ClinicBrandBar } from '../clinic-brand';
import { ruleMessage } from '../../i18n/rules';
import { zoneNameIn } from '../../i18n/format';

/** The spec's English texts (section 9); other languages have them in their catalogue. */
export const SUCCESS_MESSAGE = 'Please complete the payment to confirm booking';
export const REDIRECT_TOAST = 'Please wait while we redirect you to the payment page';


/** The long success toast's time on screen (spec section 9). */
export const TOAST_MS = 3000;

type Values = BookingFormValues;
type Errors = Partial<Record<BookingField, string>>;

const EMPTY: Values = { packageId: '', firstName: '', lastName: '', email: '', phoneNumber: '', bookingDate: '', bookingTime: '' };

/**
 * The visitor's own date, until the clinic's zone is known. A Date's local fields are in the visitor's
 * zone, so no Intl formatter is built (the first one costs tens of milliseconds of a slow phone's start).
 */
const browserToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

const ERRORS_ID = 'booking-errors';

type DayKey = [string, string, string, string, string];
/** `practitionerId`: '' for a clinic-wide package (and none chosen yet). */
const dayKey = (apiKey: string, date: string, packageId: string, practitionerId: string): DayKey => ['booking-day', apiKey, date, packageId, practitionerId];
type DaysKey = [string, string, string, string, string, number];

/** How far ahead the month view goes (the server refuses what the clinic does not offer). */
const MONTHS_AHEAD = 12;
const dayOptions = { revalidateOnFocus: false, shouldRetryOnError: false };

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

/** The first day the form asks for: it carries the clinic's name, language, logo and colour (one request, shared by swr). */
const useFirstDay = (apiKey: string) => useSWR(apiKey ? dayKey(apiKey, browserToday(), '', '') : null, loadDay, dayOptions);

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

async function loadPackages([, apiKey]: [string, string]): Promise<PublicBookingPackage[]> {
  const result = await availablePackages(apiKey);
  if (!result.success || !Array.isArray(result.data.data)) throw new ApiError(result);
  return result.data.data;
}

async function loadDay([, apiKey, date, packageId, practitionerId]: DayKey): Promise<BookingDay | undefined> {
  const result = await availableSlots(apiKey, date, packageId || undefined, practitionerId || undefined);
  return result.success ? result.data.data : undefined;
}

/** The month view's free start times per date. */
async function loadDays([, apiKey, packageId, practitionerId, from, days]: DaysKey): Promise<Record<string, number>> {
  const result = await availableDays(apiKey, packageId, from, days, practitionerId || undefined);
  if (!result.success || !Array.isArray(result.data.data?.days)) throw new ApiError(result);
  return Object.fromEntries(result.data.data.days.map((d) => [d.date, d.free]));
}

/**
 * A Bootstrap toast at the top right that closes itself: the booking page's only toast, so no toast
 * library is loaded for it.
 */
function Toast({ message, onClose }: { message: string; onClose(): void }) {
  const t = useT();
  useEffect(() => {
    const timer = window.setTimeout(onClose, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
  return (
    <div className="toast-container position-fixed top-0 end-0 p-3" style={{ zIndex: 1090 }}>
      <div className="toast show align-items-center text-bg-success border-0" role="status" aria-live="polite" aria-atomic="true">
        <div className="d-flex">
          <div className="toast-body">{message}</div>
          <button type="button" className="btn-close btn-close-white me-2 m-auto" aria-label={t('common.close')} onClick={onClose} />
        </div>
      </div>
    </div>
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
          <p className="text-body-secondary mb-0" style={{ whiteSpace: 'pre-line' }}>
            {pkg.packageDescription}
          </p>
        )}
      </div>
    </section>
  );
}

const ANYONE = 'any';

/** Who the visitor books with: 'Anyone available' first (the server picks who is free), then each practitioner. */
function BookingPractitioners({ pkg, value, onChange, disabled }: { pkg: PublicBookingPackage; value: string; onChange(id: string): void; disabled: boolean }) {
  const t = useT();
  const options = [{ id: ANYONE, name: t('booking.anyone'), title: t('booking.anyoneHint') }, ...(pkg.practitioners ?? [])];
  return <PractitionerChoice legend={t('booking.practitioner')} name="practitioner" options={options} value={value} onChange={onChange} disabled={disabled} />;
}

const DAY_NOTES: Partial<Record<FreeDay['status'], MessageKey>> = {
  full: 'booking.day.full',
  'closed-date': 'booking.day.closedDate',
  'closed-weekday': 'booking.day.closedWeekday',
  past: 'booking.day.past',
  'too-far': 'booking.day.tooFar',
};

/**
 * The form. Without `packages` (still loading, and the prerendered first paint) it shows the same
 * layout with every control disabled, so nothing moves when the clinic's packages arrive.
 */
function BookingForm({ apiKey, packages }: { apiKey: string; packages?: PublicBookingPackage[] }) {
  const loading = packages === undefined;
  const hydrated = useHydrated();
  const { t, locale, intl } = useI18n();
  const challengeTexts = useChallengeTexts();
  const [rootError, setRootError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const mounted = useRef(true);
  /** One key per booking the visitor sends: a retry of the same booking never holds a second place. */
  const keys = useIdempotencyKeys();
  /** The connection check the booking is sent with (solved in the background, issue 28). */
  const challenge = useChallenge('booking', apiKey || undefined);
  useEffect(() => () => void (mounted.current = false), []);

  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [toast, setToast] = useState<string>();
  /** The practitioner asked for ('any' or an id); it applies to the chosen package when that package offers them. */
  const [practitioner, setPractitioner] = useState(ANYONE);
  /** The month the month view shows ('YYYY-MM'); until the visitor moves it, that of the date, or today's. */
  const [month, setMonth] = useState<string>();
  /** The visitor's hold waiting for payment; back from Checkout through the browser's cache, the redirect notices go. */
  const hold = usePendingHold(apiKey, () => {
    setSuccess(undefined);
    setToast(undefined);
    setSubmitting(false);
  });
  // Back from Checkout without paying: the form as the visitor left it (this tab's copy).
  useEffect(() => {
    const saved = apiKey ? readSavedForm(apiKey) : undefined;
    if (!saved) return;
    setValues(saved.values);
    setPractitioner(saved.practitioner);
  }, [apiKey]);

  const { packageId, bookingDate, bookingTime } = values;
  const pkg = packages?.find((p) => p.id === packageId);
  const withPractitioners = Boolean(pkg?.practitioners?.length);
  /** What the calls send: nothing for a clinic-wide package (the spec's flow, unchanged). */
  const practitionerId = !withPractitioners ? '' : pkg!.practitioners!.some((p) => p.id === practitioner) ? practitioner : ANYONE;
  const setValue = (name: BookingField, value: string) => setValues((prev) => ({ ...prev, [name]: value }));

  // ?package=<id> and ?practitioner=<id> preselect, once, when the packages arrive. A practitioner alone
  // picks their package when they offer exactly one.
  const wantPackage = useSearchParam('package');
  const wantPractitioner = useSearchParam('practitioner');
  const preselected = useRef(false);
  const [preselectDone, setPreselectDone] = useState(false);
  // Such a link adds the package's card (and its practitioners) above the month view once the packages
  // arrive. Until then what follows keeps its place but is hidden, and shows at once in its new place:
  // hidden content that moves is no layout shift (CLS 0 for the console's links too).
  const settling = Boolean(wantPackage || wantPractitioner) && !preselectDone;
  useEffect(() => {
    if (preselected.current || !packages) return;
    preselected.current = true;
    setPreselectDone(true);
    const offeredBy = wantPractitioner ? packages.filter((p) => p.practitioners?.some((x) => x.id === wantPractitioner)) : [];
    const chosen = packages.find((p) => p.id === wantPackage) ?? (offeredBy.length === 1 ? offeredBy[0] : undefined);
    if (chosen) setValue('packageId', chosen.id);
    if (wantPractitioner) setPractitioner(wantPractitioner);
  }, [packages, wantPackage, wantPractitioner]);

  // After a first Continue, the messages follow the fields as they are corrected.
  useEffect(() => {
    if (submitted) setErrors(validateBookingForm(values));
  }, [values, submitted]);
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

  // The clinic's zone (and so its 'today') comes with any day's answer; ask for the visitor's today first.
  const probeDate = bookingDate || browserToday();
  const { data: day, isLoading: dayLoading } = useSWR(apiKey ? dayKey(apiKey, probeDate, packageId, practitionerId) : null, loadDay, dayOptions);
  // The clinic's zone, kept while another day loads: falling back to the browser's today meanwhile
  // changed the date field's `min` mid-typing (in the evening west of UTC they differ), and Chromium
  // then starts the half-typed year afresh.
  const [knownZone, setKnownZone] = useState<string>();
  useEffect(() => {
    if (day?.timeZone) setKnownZone(day.timeZone);
  }, [day?.timeZone]);
  const zone = day?.timeZone ?? knownZone;
  // The visitor's own today only in the browser: the prerendered page does not know it.
  const minDate = zone ? todayIn(zone) : hydrated ? browserToday() : undefined;
  const chosenDay = bookingDate && day?.date === bookingDate ? day : undefined;
  // A time is only ever one of the chosen day's buttons: one the day no longer offers (another day,
  // package or practitioner was chosen) is chosen again.
  useEffect(() => {
    if (chosenDay && bookingTime && !chosenDay.slots.some((s) => s.time === bookingTime)) setValue('bookingTime', '');
  }, [chosenDay, bookingTime]);

  // The month view's days wait for the clinic's country (its first answer): the week's first day follows
  // it (Monday in Germany, Sunday in the US), and days laid out on the language's guess would move.
  const clinic = useFirstDay(apiKey).data;
  const weekKnown = Boolean(clinic) && (!clinic!.clinicRegion || intl.endsWith(`-${clinic!.clinicRegion}`));
  // The month view: the free start times of each day of the shown month, from today on.
  const firstMonth = minDate && monthOf(minDate);
  const shownMonth = firstMonth && (month && month >= firstMonth ? month : firstMonth);
  const from = shownMonth && (shownMonth === firstMonth ? minDate! : `${shownMonth}-01`);
  const daysKey: DaysKey | null =
    apiKey && packageId && shownMonth && from ? ['booking-days', apiKey, packageId, practitionerId, from, daysInMonth(shownMonth) - Number(from.slice(8)) + 1] : null;
  const { data: free, error: daysError, isLoading: daysLoading } = useSWR(daysKey, loadDays, dayOptions);
  const noneFree = free && Object.values(free).every((n) => n <= 0);
  // This month full (or nearly over): show the next one, unless the visitor chose a month themselves.
  useEffect(() => {
    if (!month && noneFree && firstMonth && shownMonth === firstMonth) setMonth(addMonths(firstMonth, 1));
  }, [month, noneFree, firstMonth, shownMonth]);
  const monthNote = !packageId
    ? t('booking.month.choosePackage')
    : daysError
      ? t('booking.month.failed')
      : daysLoading
        ? t('booking.month.loading')
        : noneFree && shownMonth
          ? t('booking.month.noneFree', { month: monthLabel(shownMonth, locale, intl) })
          : undefined;

  const listed = BOOKING_FIELDS.map((name) => errors[name]).filter((m): m is string => Boolean(m)).map((m) => ruleMessage(t, m));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRootError(undefined);
    const found = validateBookingForm(values);
    setErrors(found);
    if (Object.keys(found).length) {
      scrollToTop();
      return;
    }
    setSuccess(undefined);
    setSubmitting(true);
    try {
      // A hold waiting for payment: the same booking resumes its checkout; another gives it back first.
      const request = requestOf({ ...values, practitionerId });
      const before = await hold.beforeContinue(request);
      if (before === 'paid') {
        scrollToTop();
        return;
      }
      if (before !== 'go') {
        setToast(t('booking.redirect'));
        checkoutNavigation.go(before.resume);
        return;
      }
      // The page's language goes with the booking: its mails, Checkout and the manage page use it.
      const booking = { ...bookingPayload(values), apiKey, locale, ...(practitionerId ? { practitionerId } : {}) };
      const result = await createBooking(booking, keys.keyFor(booking), await challenge.take());
      const url = result.data.data?.checkoutUrl;
      if (!result.success || !url) {
        const serverErrors: Errors = {};
        for (const [field, message] of Object.entries(result.data.errors ?? {})) {
          if ((BOOKING_FIELDS as readonly string[]).includes(field)) serverErrors[field as BookingField] = message;
        }
        setErrors(serverErrors);
        // Field errors are listed above the form; the top message is for what no field explains.
        if (Object.keys(serverErrors).length === 0) setRootError(ruleMessage(t, failureText(result, t('booking.failed'))));
        scrollToTop();
        return;
      }
      keys.forget();
      const held = result.data.data!;
      // Kept for the way back (cancelled, the back button, the page opened again): resume or give back,
      // the form as it was. Checkout opens in this tab: nothing for a phone to block, no tab left behind.
      rememberHold(
        apiKey,
        { bookingId: held.bookingId, releaseToken: held.releaseToken, checkoutUrl: url, holdExpiresAt: held.holdExpiresAt ?? '', packageName: held.packageName, startUtc: held.startUtc, timeZone: held.timeZone, request },
        { values, practitioner },
      );
      setToast(t('booking.redirect'));
      setSuccess(t('booking.success'));
      setErrors({});
      setSubmitted(false);
      checkoutNavigation.go(url);
    } catch {
      setRootError(t('booking.offline'));
      scrollToTop();
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  const payment = useSearchParam('payment');

  return (
    <>
      {toast && <Toast message={toast} onClose={() => setToast(undefined)} />}
      {payment === 'success' && (
        <div className="alert alert-success" role="status">
          {t('booking.paid')}
        </div>
      )}
      {/* Not beside a hold still waiting (back from a later checkout to this address): that notice says what to do. */}
      {payment === 'cancelled' && hold.state.kind !== 'waiting' && (
        <div className="alert alert-info" role="status">
          {t('booking.paymentCancelled')}
        </div>
      )}
      {rootError && (
        <div className="alert alert-danger" role="alert">
          {rootError}
        </div>
      )}
      <PendingHoldNotice state={hold.state} onGiveUp={() => void hold.giveUp()} />
      {success && (
        <div className="alert alert-success" role="status">
          {success}
        </div>
      )}
      {listed.length > 0 && (
        <div id={ERRORS_ID} className="alert alert-danger py-2" role="alert" aria-label={t('booking.correct')}>
          <ul className="mb-0 ps-3">
            {listed.map((message, i) => (
              <li key={`${message}-${i}`}>{message}</li>
            ))}
          </ul>
        </div>
      )}

      <form noValidate onSubmit={(ev) => void submit(ev)} aria-label={t('booking.form')}>
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

        <div className={settling ? 'invisible' : undefined}>
          <MonthView
            month={weekKnown ? shownMonth : undefined}
            onMonth={setMonth}
            free={free}
            minDate={minDate}
            maxMonth={firstMonth ? addMonths(firstMonth, MONTHS_AHEAD) : undefined}
            selected={bookingDate}
            onSelect={(date) => setValue('bookingDate', date)}
            disabled={!packageId || isSubmitting}
            note={monthNote}
            describedBy={errors.bookingDate ? ERRORS_ID : undefined}
          />
          {/* Two lines kept from the first paint on (a phone wraps the zone's name), so the form does not
              move when the zone arrives. */}
          <p className="small text-body-secondary mb-0" style={{ minHeight: '2lh' }} data-testid="booking-zone">
            {zone ? t('booking.zone', { name: zoneNameIn(locale, zone, day?.timeZoneName ?? zone), zone }) : t('booking.zoneUnknown')}
          </p>

          {bookingDate && (
            <section className="mt-3" aria-label={t('booking.availableTimes')} aria-describedby={errors.bookingTime ? ERRORS_ID : undefined}>
              {dayLoading && !chosenDay ? (
                <Loading label={t('booking.loadingTimes')} />
              ) : chosenDay && chosenDay.slots.length > 0 ? (
                <>
                  <p className="small fw-semibold text-body-emphasis mb-2">{t('booking.availableTimesIn', { zone: zoneNameIn(locale, chosenDay.timeZone, chosenDay.timeZoneName) })}</p>
                  <TimeButtons slots={chosenDay.slots} timeZone={chosenDay.timeZone} value={bookingTime} onChange={(time) => setValue('bookingTime', time)} disabled={isSubmitting} />
                </>
              ) : chosenDay ? (
                <p className="small text-body-secondary mb-0">{t(DAY_NOTES[chosenDay.status] ?? 'booking.day.none')}</p>
              ) : null}
            </section>
          )}

          <h2 className="h6 fw-bold text-body-emphasis mt-4 mb-3">{t('booking.details')}</h2>
          <div className="row g-3">
            <Field id="firstName" label={t('booking.firstName')} required className="col-md-6">
              <input {...bind('firstName')} autoComplete="given-name" />
            </Field>
            <Field id="lastName" label={t('booking.lastName')} required className="col-md-6">
              <input {...bind('lastName')} autoComplete="family-name" />
            </Field>
            <Field id="email" label={t('booking.email')} required className="col-md-6">
              <input {...bind('email')} type="email" autoComplete="email" />
            </Field>
            <Field id="phoneNumber" label={t('booking.phone')} required className="col-md-6" hint={t('booking.phoneHint')}>
              {/* A phone number reads left to right in every language: right to left, '+49 30 1234567' showed as '49301234567+'. */}
              <input {...bind('phoneNumber')} type="tel" dir="ltr" autoComplete="tel" placeholder="+1234567890" />
            </Field>
          </div>

          <div className="mt-4">
            <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting || loading}>
              {isSubmitting ? t('booking.wait') : t('booking.continue')}
            </button>
            <ChallengeStatus challenge={challenge} texts={challengeTexts} />
          </div>
        </div>
      </form>
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
  const { data, error } = useSWR(apiKey && !confirming ? ['booking-packages', apiKey] : null, loadPackages, { revalidateOnFocus: false, shouldRetryOnError: false });
  const t = useT();
  const title = t('booking.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const clinic = useFirstDay(apiKey).data;

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
