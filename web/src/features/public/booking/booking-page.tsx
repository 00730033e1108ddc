// booking/:apiKey: the public booking page (spec sections 2, 4, 5 and 8). A visitor picks a package
// (its details card shows the price in dollars), gives contact details, a date and a time, and
// continues to card payment: the checkout opens in a new window. The clinic's free times for the
// chosen date are offered as quick picks, in the clinic's time zone (named on the page). The server
// checks everything again and holds the time only while the visitor pays. No console code here.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import useSWR from 'swr';
import { formatDollars, todayIn } from '#shared/bookings/time';
import { bookingFormSchema, type BookingFormInput } from '#shared/schemas/bookings';
import { controlProps, Field } from '../../../components/field';
import { Loading } from '../../../components/loading';
import { notify, TOAST_DEFAULTS } from '../../../lib/notify';
import { availablePackages, availableSlots, createBooking, type FreeDay, type PublicBookingPackage } from './api';

export const SUCCESS_MESSAGE = 'Please complete the payment to confirm booking';
export const REDIRECT_TOAST = 'Please wait while we redirect you to the payment page';

type Values = BookingFormInput;
type Output = ReturnType<typeof bookingFormSchema.parse>;

const EMPTY: Values = { packageId: '', firstName: '', lastName: '', email: '', phoneNumber: '', bookingDate: '', bookingTime: '' };
const FIELD_ORDER: (keyof Values)[] = ['packageId', 'firstName', 'lastName', 'email', 'phoneNumber', 'bookingDate', 'bookingTime'];

/** The visitor's own date, until the clinic's zone is known. */
const browserToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

async function loadPackages([, apiKey]: [string, string]): Promise<PublicBookingPackage[]> {
  const result = await availablePackages(apiKey);
  if (!result.success || !Array.isArray(result.data.data)) throw new Error(result.message || 'This booking page is not available.');
  return result.data.data;
}

async function loadDay([, apiKey, date, packageId]: [string, string, string, string]): Promise<FreeDay | undefined> {
  const result = await availableSlots(apiKey, date, packageId || undefined);
  return result.success ? result.data.data : undefined;
}

function PackageDetails({ pkg }: { pkg: PublicBookingPackage }) {
  return (
    <section className="card bg-body-tertiary border-0 mb-4" aria-label="Package details">
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-start gap-3">
          <h2 className="h5 fw-bold mb-1">{pkg.packageName}</h2>
          <span className="fs-5 fw-bold text-primary text-nowrap">{formatDollars(pkg.packagePriceCents)}</span>
        </div>
        {pkg.packageDescription && (
          <p className="text-body-secondary mb-0" style={{ whiteSpace: 'pre-line' }}>
            {pkg.packageDescription}
          </p>
        )}
      </div>
    </section>
  );
}

const DAY_NOTES: Partial<Record<FreeDay['status'], string>> = {
  full: 'Every time on this date is taken. Please choose another date.',
  'closed-date': 'The clinic is closed on this date. Please choose another date.',
  'closed-weekday': 'The clinic does not take bookings on this day of the week. Please choose another date.',
  past: 'No times are left on this date. Please choose a later date.',
  'too-far': 'This date is too far ahead. Please choose an earlier date.',
};

function BookingForm({ apiKey, packages }: { apiKey: string; packages: PublicBookingPackage[] }) {
  const [params] = useSearchParams();
  const [rootError, setRootError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [blockedLink, setBlockedLink] = useState<string>();
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({ resolver: zodResolver(bookingFormSchema), defaultValues: EMPTY });

  const packageId = String(watch('packageId') ?? '');
  const bookingDate = watch('bookingDate');
  const bookingTime = watch('bookingTime');
  const pkg = packages.find((p) => p.id === packageId);

  // The clinic's zone (and so its 'today') comes with any day's answer; ask for the visitor's today first.
  const probeDate = bookingDate || browserToday();
  const { data: day, isLoading: dayLoading } = useSWR(apiKey ? ['booking-day', apiKey, probeDate, packageId] : null, loadDay, { revalidateOnFocus: false, shouldRetryOnError: false });
  const zone = day?.timeZone;
  const minDate = zone ? todayIn(zone) : browserToday();
  const chosenDay = bookingDate && day?.date === bookingDate ? day : undefined;

  const listed = FIELD_ORDER.map((name) => errors[name]?.message).filter((m): m is string => Boolean(m));

  const onInvalid = (_: FieldErrors<Values>) => {
    setRootError(undefined);
    scrollToTop();
  };

  const submit = handleSubmit(async (values) => {
    setRootError(undefined);
    setSuccess(undefined);
    setBlockedLink(undefined);
    try {
      const result = await createBooking({ ...values, apiKey });
      const url = result.data.data?.checkoutUrl;
      if (!result.success || !url) {
        for (const [field, message] of Object.entries(result.data.errors ?? {})) {
          if ((FIELD_ORDER as string[]).includes(field)) setError(field as keyof Values, { type: 'server', message });
        }
        setRootError(result.message || 'The booking could not be made. Please try again.');
        scrollToTop();
        return;
      }
      notify.success(REDIRECT_TOAST, { long: true });
      const opened = window.open(url, '_blank');
      if (opened) opened.opener = null;
      else if (mounted.current) setBlockedLink(url);
      setSuccess(SUCCESS_MESSAGE);
      reset(EMPTY);
      scrollToTop();
    } catch {
      setRootError('The booking could not be sent. Please check your connection and try again.');
      scrollToTop();
    }
  }, onInvalid);

  const e = (name: keyof Values) => errors[name]?.message;
  const payment = params.get('payment');

  return (
    <>
      {payment === 'success' && (
        <div className="alert alert-success" role="status">
          Thank you for your payment. Your booking is confirmed once the payment is processed; a confirmation with a calendar invitation is on its way to your email.
        </div>
      )}
      {payment === 'cancelled' && (
        <div className="alert alert-info" role="status">
          The payment was not completed, so the booking is not confirmed. You can choose a time again below.
        </div>
      )}
      {rootError && (
        <div className="alert alert-danger" role="alert">
          {rootError}
        </div>
      )}
      {success && (
        <div className="alert alert-success" role="status">
          {success}
          {blockedLink && (
            <>
              {' '}
              Your browser blocked the new window:{' '}
              <a href={blockedLink} target="_blank" rel="noopener noreferrer" className="alert-link">
                open the payment page
              </a>
              .
            </>
          )}
        </div>
      )}
      {listed.length > 0 && (
        <div className="alert alert-danger py-2" role="alert" aria-label="Please correct these fields">
          <ul className="mb-0 ps-3">
            {listed.map((message, i) => (
              <li key={`${message}-${i}`}>{message}</li>
            ))}
          </ul>
        </div>
      )}

      <form noValidate onSubmit={submit} aria-label="Booking">
        <Field id="packageId" label="Package" required error={e('packageId')}>
          <select {...register('packageId')} {...controlProps('packageId', e('packageId'), 'form-select')} disabled={isSubmitting}>
            <option value="">Select Package</option>
            {packages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.packageName}
              </option>
            ))}
          </select>
        </Field>
        {packages.length === 0 && <p className="text-body-secondary small">No packages can be booked right now.</p>}
        {pkg && <PackageDetails pkg={pkg} />}

        <div className="row g-3">
          <Field id="firstName" label="First Name" required error={e('firstName')} className="col-md-6">
            <input {...register('firstName')} {...controlProps('firstName', e('firstName'))} autoComplete="given-name" disabled={isSubmitting} />
          </Field>
          <Field id="lastName" label="Last Name" required error={e('lastName')} className="col-md-6">
            <input {...register('lastName')} {...controlProps('lastName', e('lastName'))} autoComplete="family-name" disabled={isSubmitting} />
          </Field>
          <Field id="email" label="Email" required error={e('email')} className="col-md-6">
            <input {...register('email')} {...controlProps('email', e('email'))} type="email" autoComplete="email" disabled={isSubmitting} />
          </Field>
          <Field id="phoneNumber" label="Phone Number" required error={e('phoneNumber')} className="col-md-6" hint="With the country code, e.g. +1234567890">
            <input {...register('phoneNumber')} {...controlProps('phoneNumber', e('phoneNumber'))} type="tel" autoComplete="tel" placeholder="+1234567890" disabled={isSubmitting} />
          </Field>
          <Field id="bookingDate" label="Booking Date" required error={e('bookingDate')} className="col-md-6">
            <input {...register('bookingDate')} {...controlProps('bookingDate', e('bookingDate'))} type="date" min={minDate} disabled={isSubmitting} />
          </Field>
          <Field
            id="bookingTime"
            label="Booking Time"
            required
            error={e('bookingTime')}
            className="col-md-6"
            hint={zone ? `In the clinic's time: ${day?.timeZoneName ?? zone} (${zone}).` : undefined}
          >
            <input {...register('bookingTime')} {...controlProps('bookingTime', e('bookingTime'))} type="time" step={(day?.slotMinutes ?? 30) * 60} disabled={isSubmitting} />
          </Field>
        </div>

        {bookingDate && (
          <section className="mt-3" aria-label="Available times">
            {dayLoading && !chosenDay ? (
              <Loading label="Loading the free times..." />
            ) : chosenDay && chosenDay.slots.length > 0 ? (
              <>
                <p className="small fw-semibold text-body-emphasis mb-2">Available times ({chosenDay.timeZoneName})</p>
                <div className="d-flex flex-wrap gap-2">
                  {chosenDay.slots.map((slot) => (
                    <button
                      key={slot.startUtc}
                      type="button"
                      className={`btn btn-sm ${bookingTime === slot.time ? 'btn-primary' : 'btn-outline-primary'}`}
                      aria-pressed={bookingTime === slot.time}
                      onClick={() => setValue('bookingTime', slot.time, { shouldValidate: true })}
                      disabled={isSubmitting}
                    >
                      {slot.label}
                    </button>
                  ))}
                </div>
              </>
            ) : chosenDay ? (
              <p className="small text-body-secondary mb-0">{DAY_NOTES[chosenDay.status] ?? 'No times are free on this date.'}</p>
            ) : null}
          </section>
        )}

        <div className="mt-4">
          <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>
            {isSubmitting ? 'Please Wait...' : 'Continue'}
          </button>
        </div>
      </form>
    </>
  );
}

export function BookingPage() {
  const { apiKey = '' } = useParams();
  const { data, error, isLoading } = useSWR(apiKey ? ['booking-packages', apiKey] : null, loadPackages, { revalidateOnFocus: false, shouldRetryOnError: false });
  useEffect(() => {
    document.title = 'Booking';
  }, []);

  return (
    <main className="container py-5" style={{ maxWidth: 760 }}>
      <ToastContainer {...TOAST_DEFAULTS} />
      <h1 className="h2 fw-bold text-body-emphasis mb-4">Booking</h1>
      {isLoading ? (
        <Loading label="Loading..." showLabel />
      ) : error || !data ? (
        <div className="alert alert-danger" role="alert">
          {error?.message || 'This booking page is not available.'}
        </div>
      ) : (
        <section className="card border-0 shadow-sm">
          <div className="card-body p-4">
            <BookingForm apiKey={apiKey} packages={data} />
          </div>
        </section>
      )}
    </main>
  );
}

export { BookingPage as Component };
