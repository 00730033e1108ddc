// The booking page's waitlist (issue 37): a patient who finds no time that suits them asks to be told
// when one frees up (their contact, the weekdays and hours that suit them, until when), through the
// page's own challenge. The links of the waitlist's mails open this page with ?waitlistOffer= (the time
// held for them, with 'Book this time': its checkout) or ?waitlistLeave= (leave the list). Its own form,
// outside the booking form (a form cannot hold another). No console code here.
import { useEffect, useState, type FormEvent } from 'react';
import { currencyOf, formatMoney } from '#shared/currency';
import { describeInstant } from '#shared/bookings/slots';
import { EMAIL_PATTERN, PHONE_PATTERN } from '#shared/bookings/form';
import { todayIn } from '#shared/bookings/time';
import type { ReplyOf } from '#shared/api-contract';
import { ApiError, api, failureText, type ApiResult } from '../../lib/api';
import { useChallenge } from '../../lib/challenge';
import { useIdempotencyKeys } from '../../lib/idempotency';
import { useSearchParam } from '../../lib/location';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { ruleMessage } from '../../i18n/rules';
import { availableDays, availableSlots, type PublicBookingPackage } from './api';

const none = { auth: 'none' as const };
type Offer = ReplyOf<'POST /waitlist/offer'>;

/** The API's refusals the patient may meet here, in their words. */
const MESSAGE_KEYS: Record<string, MessageKey> = {
  'This offer is no longer open: the time was held for a limited while. You are still on the waitlist.': 'waitlist.offer.lapsed',
  'This time is booked already.': 'waitlist.offer.taken',
  'This link is not valid. Please use the link in your latest mail.': 'waitlist.offer.failed',
  'You are already waiting for several times at this clinic. Leave one of those lists first.': 'waitlist.tooMany',
};

/** The answer's data, or the refusal thrown (its message read by failureText). */
async function answered<T>(call: Promise<ApiResult<T>>) {
  const result = await call;
  if (!result.success) throw new ApiError(result);
  return result.data.data as T;
}

const ISO_DAYS = [1, 2, 3, 4, 5, 6, 7];
const HOURS = Array.from({ length: 25 }, (_, h) => `${String(h).padStart(2, '0')}:00`).slice(6, 23);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The join form, opened from its button under the time step. `values`: what the booking form has typed already. */
export function WaitlistJoin({ apiKey, pkg, practitionerId, timeZone, typed }: {
  apiKey: string;
  pkg: PublicBookingPackage;
  practitionerId: string;
  timeZone: string | undefined;
  typed: { firstName: string; lastName: string; email: string; phoneNumber: string };
}) {
  const { t, intl } = useI18n();
  const [open, setOpen] = useState(false);
  const today = todayIn(timeZone ?? 'UTC');
  const [form, setForm] = useState({ ...typed, days: [1, 2, 3, 4, 5], fromTime: '08:00', toTime: '18:00', until: addDays(today, 14) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'joined'>('idle');
  const [failure, setFailure] = useState<string>();
  const challenge = useChallenge('booking', open ? apiKey : undefined);
  const keys = useIdempotencyKeys();
  const dayName = (d: number) => new Intl.DateTimeFormat(intl, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, d)));

  const check = () => {
    const e: Record<string, string> = {};
    if (!form.firstName.trim()) e.firstName = t('validation.firstName');
    if (!form.lastName.trim()) e.lastName = t('validation.lastName');
    if (!EMAIL_PATTERN.test(form.email.trim())) e.email = t('validation.email');
    if (!PHONE_PATTERN.test(form.phoneNumber.trim())) e.phoneNumber = t('validation.phone');
    if (!form.days.length) e.days = t('waitlist.daysError');
    if (form.fromTime >= form.toTime) e.toTime = t('waitlist.hoursError');
    if (!form.until || form.until < today) e.until = t('waitlist.untilError');
    return e;
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setState('sending');
    setFailure(undefined);
    const body = { apiKey, packageId: pkg.id, ...(practitionerId ? { practitionerId } : {}), ...form, email: form.email.trim(), phoneNumber: form.phoneNumber.trim(), locale: document.documentElement.lang || undefined };
    try {
      await answered(api.post('/waitlist/join', body, { ...none, idempotencyKey: keys.keyFor(body), headers: await challenge.take() }));
      setState('joined');
    } catch (error) {
      const text = failureText(error, t('waitlist.failed'));
      setFailure(MESSAGE_KEYS[text] ? t(MESSAGE_KEYS[text]) : ruleMessage(t, text));
      setState('idle');
    }
  }

  if (state === 'joined') {
    return (
      <div className="alert alert-success mt-4 mb-0" role="status" data-testid="waitlist-joined">
        {t('waitlist.joined', { email: form.email.trim() })}
      </div>
    );
  }
  if (!open) {
    return (
      <div className="border-top mt-4 pt-3 d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span className="text-body-secondary">{t('waitlist.prompt')}</span>
        <button
          type="button" className="btn btn-outline-primary"
          onClick={() => {
            // What the booking form has typed already fills the same fields here.
            setForm((f) => ({ ...f, ...Object.fromEntries((['firstName', 'lastName', 'email', 'phoneNumber'] as const).filter((k) => typed[k]).map((k) => [k, typed[k]])) }));
            setOpen(true);
          }}
        >
          {t('waitlist.open')}
        </button>
      </div>
    );
  }
  const input = (name: 'firstName' | 'lastName' | 'email' | 'phoneNumber', label: string, type = 'text', autoComplete?: string) => (
    <div className="col-12 col-sm-6 mb-3">
      <label htmlFor={`wl-${name}`} className="form-label fw-semibold small mb-1">{label}</label>
      <input
        id={`wl-${name}`} type={type} autoComplete={autoComplete} className={`form-control${errors[name] ? ' is-invalid' : ''}`} value={form[name]} aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `wl-${name}-error` : undefined} onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
      {errors[name] && <div id={`wl-${name}-error`} className="invalid-feedback">{errors[name]}</div>}
    </div>
  );
  return (
    <form noValidate onSubmit={(ev) => void submit(ev)} className="border-top mt-4 pt-3" aria-labelledby="wl-title" data-testid="waitlist-form">
      <h2 id="wl-title" className="h5 fw-bold">{t('waitlist.title')}</h2>
      <p className="text-body-secondary small">{t('waitlist.intro', { package: pkg.packageName })}</p>
      <fieldset className="mb-3">
        <legend className="form-label fw-semibold small mb-1">{t('waitlist.days')}</legend>
        <div className="d-flex flex-wrap gap-2" aria-describedby={errors.days ? 'wl-days-error' : undefined}>
          {ISO_DAYS.map((d) => (
            <span key={d}>
              <input
                type="checkbox" className="btn-check" id={`wl-day-${d}`} checked={form.days.includes(d)}
                onChange={(e) => setForm({ ...form, days: e.target.checked ? [...form.days, d].sort() : form.days.filter((x) => x !== d) })}
              />
              <label className="btn btn-sm btn-outline-secondary" htmlFor={`wl-day-${d}`} style={{ minWidth: '3.25rem', minHeight: 44, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}>{dayName(d)}</label>
            </span>
          ))}
        </div>
        {errors.days && <div id="wl-days-error" className="small text-danger mt-1">{errors.days}</div>}
      </fieldset>
      <div className="row">
        {(['fromTime', 'toTime'] as const).map((name) => (
          <div key={name} className="col-6 col-sm-4 mb-3">
            <label htmlFor={`wl-${name}`} className="form-label fw-semibold small mb-1">{t(name === 'fromTime' ? 'waitlist.from' : 'waitlist.to')}</label>
            <select id={`wl-${name}`} className={`form-select${errors[name] ? ' is-invalid' : ''}`} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })} aria-describedby={errors[name] ? `wl-${name}-error` : undefined}>
              {HOURS.map((h) => <option key={h} value={h}>{h}</option>)}
            </select>
            {errors[name] && <div id={`wl-${name}-error`} className="invalid-feedback">{errors[name]}</div>}
          </div>
        ))}
        <div className="col-12 col-sm-4 mb-3">
          <label htmlFor="wl-until" className="form-label fw-semibold small mb-1">{t('waitlist.until')}</label>
          <input id="wl-until" type="date" className={`form-control${errors.until ? ' is-invalid' : ''}`} min={today} max={addDays(today, 90)} value={form.until} onChange={(e) => setForm({ ...form, until: e.target.value })} aria-describedby={errors.until ? 'wl-until-error' : undefined} />
          {errors.until && <div id="wl-until-error" className="invalid-feedback">{errors.until}</div>}
        </div>
      </div>
      <div className="row">
        {input('firstName', t('booking.firstName'), 'text', 'given-name')}
        {input('lastName', t('booking.lastName'), 'text', 'family-name')}
        {input('email', t('booking.email'), 'email', 'email')}
        {input('phoneNumber', t('booking.phone'), 'tel', 'tel')}
      </div>
      {failure && <div className="alert alert-danger" role="alert">{failure}</div>}
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={state === 'sending'}>{state === 'sending' ? t('booking.wait') : t('waitlist.join')}</button>
        <button type="button" className="btn btn-link" onClick={() => setOpen(false)}>{t('waitlist.close')}</button>
      </div>
    </form>
  );
}

/** What a waitlist mail's link opens: the offer held for the patient, or leaving the list. */
export function WaitlistLink({ apiKey }: { apiKey: string }) {
  const offerId = useSearchParam('waitlistOffer');
  const entryId = useSearchParam('waitlistLeave');
  const token = useSearchParam('token') ?? '';
  if (offerId) return <OfferCard apiKey={apiKey} offerId={offerId} token={token} />;
  if (entryId) return <LeaveCard apiKey={apiKey} entryId={entryId} token={token} />;
  return null;
}

/** Whether the page's address is a waitlist mail's link. */
export function useWaitlistLink(): boolean {
  const offer = useSearchParam('waitlistOffer');
  const leave = useSearchParam('waitlistLeave');
  return Boolean(offer || leave);
}

function OfferCard({ apiKey, offerId, token }: { apiKey: string; offerId: string; token: string }) {
  const { t, intl } = useI18n();
  const [offer, setOffer] = useState<Offer>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const [confirmed, setConfirmed] = useState<{ manageUrl?: string }>();
  const say = (error: unknown, fallback: string) => {
    const text = failureText(error, fallback);
    setFailure(MESSAGE_KEYS[text] ? t(MESSAGE_KEYS[text]) : text);
  };
  useEffect(() => {
    answered(api.post('/waitlist/offer', { apiKey, offerId, token }, none)).then(setOffer, (e: unknown) => say(e, t('waitlist.offer.failed')));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, [apiKey, offerId, token]);

  async function book() {
    setSending(true);
    try {
      const data = await answered(api.post('/waitlist/offer/take', { apiKey, offerId, token }, none));
      // Paid at the clinic: confirmed at once, nothing to pay online.
      if (data.checkoutUrl) window.location.assign(data.checkoutUrl);
      else {
        setConfirmed({ manageUrl: data.manageUrl });
        setSending(false);
      }
    } catch (error) {
      say(error, t('waitlist.failed'));
      setSending(false);
    }
  }

  if (!offer) {
    return failure ? <div className="alert alert-warning" role="alert">{failure}</div> : <p className="text-body-secondary" role="status">{t('waitlist.offer.loading')}</p>;
  }
  const when = describeInstant(offer.startUtc, offer.timeZone, intl);
  const until = describeInstant(offer.expiresAt, offer.timeZone, intl);
  const status = offer.status === 'open' && offer.mode === 'one-by-one' ? null : offer.status === 'taken' ? t('waitlist.offer.taken') : offer.status !== 'open' ? t('waitlist.offer.lapsed') : null;
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="wl-offer-title" data-testid="waitlist-offer">
      <div className="card-body p-3 p-sm-4">
        <h2 id="wl-offer-title" className="h4 fw-bold">{t('waitlist.offer.title', { name: offer.firstName })}</h2>
        <dl className="row mb-3">
          <dt className="col-sm-4 text-body-secondary fw-normal">{t('booking.package')}</dt>
          <dd className="col-sm-8 fw-semibold">{offer.packageName}{offer.practitionerName ? ` · ${offer.practitionerName}` : ''}</dd>
          <dt className="col-sm-4 text-body-secondary fw-normal">{t('waitlist.offer.when')}</dt>
          <dd className="col-sm-8 fw-semibold">{when.date}, {when.time} {when.zoneAbbreviation}</dd>
          <dt className="col-sm-4 text-body-secondary fw-normal">{t('waitlist.offer.price')}</dt>
          <dd className="col-sm-8 fw-semibold">{formatMoney(offer.priceMinor, currencyOf(offer.currency), intl)}</dd>
        </dl>
        {confirmed ? (
          <div className="alert alert-success mb-0" role="status" data-testid="waitlist-offer-confirmed">
            <p className="fw-semibold mb-1">{t('confirmation.title')}</p>
            <p className="mb-0">{t('waitlist.offer.confirmed')}</p>
            {confirmed.manageUrl && <a className="btn btn-outline-primary mt-2" href={confirmed.manageUrl}>{t('confirmation.manage')}</a>}
          </div>
        ) : status ? (
          <div className="alert alert-info mb-0" role="status">{status}</div>
        ) : offer.mode === 'one-by-one' ? (
          <>
            <p>{t('waitlist.offer.heldUntil', { time: `${until.date}, ${until.time} ${until.zoneAbbreviation}` })}</p>
            {failure && <div className="alert alert-warning" role="alert">{failure}</div>}
            <button type="button" className="btn btn-primary btn-lg" onClick={() => void book()} disabled={sending}>{sending ? t('booking.wait') : t('waitlist.offer.book')}</button>
          </>
        ) : (
          <ToldOffer apiKey={apiKey} offer={offer} until={`${until.date}, ${until.time} ${until.zoneAbbreviation}`} />
        )}
      </div>
    </section>
  );
}

/** The booking page's address with a package (and practitioner), and a day and time chosen (use-preselect.ts), in the page's language. */
function bookingHref(apiKey: string, offer: Pick<Offer, 'packageId' | 'practitionerId'>, locale: string, when?: { date: string; time: string }) {
  const query = new URLSearchParams({ package: offer.packageId, ...(offer.practitionerId ? { practitioner: offer.practitionerId } : {}), ...(when ?? {}), lang: locale });
  return `/booking/${encodeURIComponent(apiKey)}?${query.toString()}`;
}

/** How many free times are shown instead of one taken. */
const NEXT_TIMES = 4;

/**
 * The free times from the offered day on (that day's, else the first day with free times within two
 * weeks): what a patient told of a time someone else booked first may choose instead.
 */
async function nextFreeTimes(apiKey: string, offer: Offer): Promise<{ date: string; time: string; startUtc: string }[]> {
  const practitionerId = offer.practitionerId ?? undefined;
  const sameDay = await availableSlots(apiKey, offer.bookingDate, offer.packageId, practitionerId);
  const slotsOf = (date: string, day: typeof sameDay) => (day.success && day.data.data ? day.data.data.slots.map((s) => ({ date, time: s.time, startUtc: s.startUtc })) : []);
  const today = slotsOf(offer.bookingDate, sameDay);
  if (today.length) return today;
  const days = await availableDays(apiKey, offer.packageId, offer.bookingDate, 14, practitionerId);
  const next = days.success ? days.data.data?.days.find((d) => d.free > 0) : undefined;
  return next ? slotsOf(next.date, await availableSlots(apiKey, next.date, offer.packageId, practitionerId)) : [];
}

/**
 * An offer told to everyone waiting (all at once): nothing is held, the first to book wins. While the
 * time is free, 'Book this time' opens the booking page with it chosen (only the patient's details to
 * add). Once someone else booked it, the patient is told so, keeps their place on the list (nothing
 * changed for them), and sees the next free times, each opening the booking page with it chosen.
 */
function ToldOffer({ apiKey, offer, until }: { apiKey: string; offer: Offer; until: string }) {
  const { t, intl, locale } = useI18n();
  const [times, setTimes] = useState<{ date: string; time: string; startUtc: string }[]>();
  useEffect(() => {
    nextFreeTimes(apiKey, offer).then(setTimes, () => setTimes([]));
  }, [apiKey, offer]);
  if (!times) return <p className="text-body-secondary" role="status">{t('waitlist.offer.loading')}</p>;
  const stillFree = times.some((s) => s.date === offer.bookingDate && s.time === offer.bookingTime);
  if (stillFree) {
    return (
      <>
        <p>{t('waitlist.offer.openUntil', { time: until })}</p>
        <a className="btn btn-primary btn-lg" href={bookingHref(apiKey, offer, locale, { date: offer.bookingDate, time: offer.bookingTime })}>{t('waitlist.offer.book')}</a>
      </>
    );
  }
  const shown = times.slice(0, NEXT_TIMES);
  return (
    <>
      <div className="alert alert-warning" role="alert" data-testid="waitlist-offer-gone">{t('waitlist.offer.justTaken')}</div>
      {shown.length > 0 && (
        <>
          <p className="fw-semibold mb-2">{t('waitlist.offer.nextTimes')}</p>
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3">
            {shown.map((s) => {
              const when = describeInstant(s.startUtc, offer.timeZone, intl);
              return (
                <li key={s.startUtc}>
                  <a className="btn btn-outline-primary" style={{ minHeight: 44 }} href={bookingHref(apiKey, offer, locale, { date: s.date, time: s.time })}>{when.date}, {when.time}</a>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <a className="btn btn-link px-0" href={bookingHref(apiKey, offer, locale)}>{t('waitlist.offer.bookOnPage')}</a>
    </>
  );
}

function LeaveCard({ apiKey, entryId, token }: { apiKey: string; entryId: string; token: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<'ask' | 'sending' | 'left'>('ask');
  const [failure, setFailure] = useState<string>();
  async function leave() {
    setState('sending');
    try {
      await answered(api.post('/waitlist/leave', { apiKey, entryId, token }, none));
      setState('left');
    } catch (error) {
      const text = failureText(error, t('waitlist.failed'));
      setFailure(MESSAGE_KEYS[text] ? t(MESSAGE_KEYS[text]) : text);
      setState('ask');
    }
  }
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="wl-leave-title" data-testid="waitlist-leave">
      <div className="card-body p-3 p-sm-4">
        <h2 id="wl-leave-title" className="h4 fw-bold">{t('waitlist.leave.title')}</h2>
        {state === 'left' ? (
          <div className="alert alert-success mb-0" role="status">{t('waitlist.leave.done')}</div>
        ) : (
          <>
            <p>{t('waitlist.leave.ask')}</p>
            {failure && <div className="alert alert-warning" role="alert">{failure}</div>}
            <button type="button" className="btn btn-danger" onClick={() => void leave()} disabled={state === 'sending'}>{t('waitlist.leave.confirm')}</button>
          </>
        )}
      </div>
    </section>
  );
}
