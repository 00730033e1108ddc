// /manage#<token>: the patient's page from the link in their booking and appointment mails (public:
// no sign-in, no console code). It shows the booking and, within the clinic's policy, lets the patient
// reschedule to one of the free times (the booking page's month view and time buttons, and its choice of
// practitioner) or cancel (with the refund the policy
// gives), switching between the two or going back; an appointment can be cancelled (its time is
// arranged with the clinic). The clinic's phone and address are always shown, so a patient past the
// cutoff knows how to reach it. After a cancellation, 'Book again' opens the clinic's booking page with
// the same package and language. Money, dates and times read as the patient's language writes them in
// the clinic's country. The token stays in the URL's fragment, which browsers never send to a
// server.
import { useEffect, useState } from 'react';
import { formatMoney } from '#shared/currency';
import { todayIn } from '#shared/bookings/time';
import { goesAhead } from '#shared/bookings/goes-ahead';
import { Loading } from '../../components/loading';
import { cancelBooking, cancelFollowing, freeDay, freeDays, openBooking, rescheduleBooking, type FreeDay, type ManageView } from './api';
import { MonthView, addMonths, daysInMonth, monthOf } from '../shared/month-view';
import { PractitionerChoice } from '../shared/practitioner-choice';
import { TimeButtons } from '../shared/time-buttons';
import { useClinicLocale, useI18n } from '../../i18n/i18n';
import { ClinicBrandBar } from '../clinic-brand';
import { dateTimeIn, whenIn, zoneNameIn } from '../../i18n/format';
import { ruleMessage } from '../../i18n/rules';
import { PaymentSummary } from '../booking/payment-summary';

const tokenOf = () => (typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, ''));

/** How far ahead the reschedule's month view goes (the server refuses what the clinic does not offer). */
const MONTHS_AHEAD = 12;

/**
 * Another time for the booking, as the booking page offers one: who with (for a package with
 * practitioners: its own practitioner or another offering the package), a day of the month view (the
 * days with free times marked), then one of that day's free times. The booking's own time counts as
 * free and is not offered.
 */
function Reschedule({ token, view, onDone, onBack }: { token: string; view: ManageView; onDone: (v: ManageView, message: string) => void; onBack: () => void }) {
  const [practitioner, setPractitioner] = useState(view.practitionerId ?? '');
  const [date, setDate] = useState(view.bookingDate);
  const [month, setMonth] = useState(monthOf(view.bookingDate));
  /** The month's free days, with what was asked (a new month or practitioner shows none until its answer). */
  const [days, setDays] = useState<{ asked: string; free?: Record<string, number>; failed?: boolean }>();
  /** The chosen day's free times, likewise. */
  const [dayAnswer, setDayAnswer] = useState<{ asked: string; day?: FreeDay }>();
  const [time, setTime] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { t, locale, intl } = useI18n();
  const today = todayIn(view.timeZone);
  const firstMonth = monthOf(today);
  const shownMonth = month < firstMonth ? firstMonth : month;
  const chosenPractitioner = practitioner && practitioner !== view.practitionerId ? practitioner : undefined;

  // The month's free days, from today on (one call per month and practitioner).
  const from = shownMonth === firstMonth ? today : `${shownMonth}-01`;
  const dayCount = daysInMonth(shownMonth) - Number(from.slice(8)) + 1;
  const daysAsked = `${from}/${dayCount}/${chosenPractitioner ?? ''}`;
  useEffect(() => {
    let live = true;
    void freeDays(token, from, dayCount, chosenPractitioner).then((r) => {
      if (!live) return;
      if (r.success && r.data.data) setDays({ asked: daysAsked, free: Object.fromEntries(r.data.data.days.map((d) => [d.date, d.free])) });
      else setDays({ asked: daysAsked, failed: true });
    });
    return () => {
      live = false;
    };
  }, [token, from, dayCount, chosenPractitioner, daysAsked]);
  const free = days?.asked === daysAsked ? days.free : undefined;
  const daysFailed = days?.asked === daysAsked && Boolean(days.failed);

  // The chosen day's free times; another day or practitioner has no time chosen.
  const dayAsked = `${date}/${chosenPractitioner ?? ''}`;
  const [timeFor, setTimeFor] = useState(dayAsked);
  if (timeFor !== dayAsked) {
    setTimeFor(dayAsked);
    setTime('');
  }
  useEffect(() => {
    let live = true;
    if (date) void freeDay(token, date, chosenPractitioner).then((r) => live && setDayAnswer({ asked: dayAsked, day: r.success ? r.data.data : undefined }));
    return () => {
      live = false;
    };
  }, [token, date, chosenPractitioner, dayAsked]);
  const day = dayAnswer?.asked === dayAsked ? dayAnswer.day : undefined;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    const result = await rescheduleBooking(token, date, time, chosenPractitioner);
    setBusy(false);
    const moved = result.data.data;
    // English as the server words it; another language from the moved booking's own date and time.
    if (result.success && moved)
      onDone(moved, locale === 'en' ? result.message : t('manage.moved', { when: whenIn(locale, { date: moved.bookingDate, time: moved.bookingTime, timeZone: moved.timeZone }, moved.whenLabel, intl) }));
    else setError(result.message ? ruleMessage(t, result.message) : t('manage.moveFailed'));
  };
  // The booking's own time is not a new one (with its own practitioner).
  const slots = (day?.slots ?? []).filter((s) => !(date === view.bookingDate && s.time === view.bookingTime && !chosenPractitioner));
  const note = daysFailed ? t('booking.month.failed') : !free ? t('booking.month.loading') : undefined;
  return (
    <form onSubmit={submit} aria-label={t('manage.reschedule')} className="border-top pt-3 mt-3" noValidate>
      <h2 className="h6 fw-bold">{t('manage.chooseAnother')}</h2>
      {view.practitioners.length > 1 && (
        <PractitionerChoice legend={t('booking.practitioner')} name="manage-practitioner" options={view.practitioners} value={practitioner} onChange={setPractitioner} disabled={busy} />
      )}
      <MonthView
        id="manage-month"
        month={shownMonth}
        onMonth={setMonth}
        free={free}
        minDate={today}
        // A booking further ahead than that keeps its own month within reach.
        maxMonth={[addMonths(firstMonth, MONTHS_AHEAD), monthOf(view.bookingDate)].sort().pop()}
        selected={date}
        onSelect={setDate}
        disabled={busy}
        note={note}
      />
      {day && <p className="small text-body-secondary">{t('manage.zone', { zoneName: zoneNameIn(locale, day.timeZone, day.timeZoneName), zone: day.timeZone })}</p>}
      {!day && date && <Loading />}
      {day && slots.length === 0 && <p className="text-body-secondary">{t('manage.noTimes')}</p>}
      {day && slots.length > 0 && (
        <section className="mb-3" aria-label={t('manage.freeTimes')}>
          <TimeButtons slots={slots} timeZone={day.timeZone} value={time} onChange={setTime} disabled={busy} />
        </section>
      )}
      {error && <div className="alert alert-danger py-2" role="alert">{error}</div>}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy || !time}>{busy ? t('manage.moving') : t('manage.move')}</button>
        <button type="button" className="btn btn-light" disabled={busy} onClick={onBack}>{t('manage.keepTime')}</button>
      </div>
    </form>
  );
}

/** The clinic's booking page with the same package, in the page's language ('Book again' after a cancellation). */
const bookAgainHref = (view: ManageView, locale: string) =>
  `/booking/${encodeURIComponent(view.bookingPage!)}?${new URLSearchParams({ ...(view.packageId ? { package: view.packageId } : {}), lang: locale }).toString()}`;

/** 'tel:+15551234567' from a number as the clinic typed it ('+1 (555) 123-4567'). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** How to reach the clinic: its phone (a tel: link) and postal address, when it gave them. */
function Contact({ view }: { view: ManageView }) {
  const { t } = useI18n();
  if (!view.clinicPhone && !view.clinicAddress) return null;
  return (
    <address className="border-top pt-3 mt-3 mb-0 small" aria-label={t('manage.contact', { clinic: view.orgName })}>
      <span className="fw-bold d-block">{view.orgName}</span>
      {view.clinicAddress && <span className="d-block clinic-text" style={{ whiteSpace: 'pre-line' }}>{view.clinicAddress}</span>}
      {view.clinicPhone && (
        <span className="d-block">
          {/* dir="ltr": a phone number reads left to right in every language ('+49 30...', not '...30 49+'). */}
          {t('manage.phone')} <a href={telHref(view.clinicPhone)} dir="ltr">{view.clinicPhone}</a>
        </span>
      )}
    </address>
  );
}

/** The visits of the patient's series (issue 37), this one marked, cancelled ones said so. */
function SeriesVisits({ series }: { series: NonNullable<ManageView['series']> }) {
  const { t, locale, intl } = useI18n();
  return (
    <section className="border-top pt-3 mt-3" aria-labelledby="manage-series" data-testid="manage-series">
      <h3 id="manage-series" className="h6 fw-semibold">{t('manage.seriesTitle', { count: series.visits.length })}</h3>
      <ol className="ps-4 mb-0 small">
        {series.visits.map((v) => (
          <li key={v.bookingId} aria-current={v.current ? 'true' : undefined} className={v.status === 'cancelled' ? 'text-body-secondary' : undefined}>
            <span className={v.current ? 'fw-bold' : undefined}>{whenIn(locale, { date: v.bookingDate, time: v.bookingTime, timeZone: v.timeZone }, v.whenLabel, intl)}</span>
            {v.current && <span className="badge text-bg-primary ms-2">{t('manage.seriesThis')}</span>}
            {v.status === 'cancelled' && <span className="ms-2">({t('manage.seriesCancelledVisit')})</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ManagePage() {
  const [token] = useState(tokenOf);
  const [view, setView] = useState<ManageView>();
  const [failure, setProblem] = useState<string>();
  // '' for a problem the page words itself (no token: a link cut short); a server's text is shown in the page's language.
  const problem = token ? failure : '';
  const [notice, setNotice] = useState<string>();
  const [mode, setMode] = useState<'view' | 'move' | 'cancel'>('view');
  const [busy, setBusy] = useState(false);
  // A visit of a series: this one only, or this and the following ones.
  const [scope, setScope] = useState<'one' | 'following'>('one');
  const { t, rich, locale, intl } = useI18n();
  useClinicLocale(view?.clinicLanguage, view?.clinicRegion);
  const title = view?.kind === 'appointment' ? t('manage.appointment') : t('manage.booking');
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (!token) return;
    void openBooking(token).then((r) => (r.success && r.data.data ? setView(r.data.data) : setProblem(r.message)));
  }, [token]);

  const following = view?.series && view.series.following > 1 ? view.series.following : 0;
  const cancel = async () => {
    setBusy(true);
    const many = following > 0 && scope === 'following';
    const result = await (many ? cancelFollowing(token) : cancelBooking(token));
    setBusy(false);
    if (result.success && result.data.data) {
      setView(result.data.data);
      setNotice(locale === 'en' ? result.message : many ? t('manage.seriesCancelled', { count: following }) : t(result.data.data.kind === 'appointment' ? 'manage.cancelledAppointmentNotice' : 'manage.cancelled'));
      setMode('view');
    } else setProblem(result.message || t('manage.cancelFailed'));
  };

  return (
    <main className="container py-5" style={{ maxWidth: 640 }}>
      <ClinicBrandBar brand={view?.clinicBrand} name={view?.orgName} />
      <h1 className="h3 fw-bold mb-4">{title}</h1>
      {notice && <div className="alert alert-success" role="status">{notice}</div>}
      {problem !== undefined && <div className="alert alert-danger" role="alert">{problem ? ruleMessage(t, problem) : t('manage.invalid')}</div>}
      {!view && problem === undefined && <Loading />}
      {view && (
        <section className="card border-0 shadow-sm" aria-label={title}>
          <div className="card-body">
            <p className="text-body-secondary mb-1">{view.orgName}</p>
            <h2 className="h5 fw-bold">{view.packageName}</h2>
            {view.practitionerName && <p className="mb-1" data-testid="manage-with">{t('manage.with', { name: view.practitionerName })}</p>}
            <p className="mb-1" data-testid="manage-when">{whenIn(locale, { date: view.bookingDate, time: view.bookingTime, timeZone: view.timeZone }, view.whenLabel, intl)}</p>
            <p className="small text-body-secondary mb-2">
              {view.durationMinutes ? `${t('common.minutes', { count: view.durationMinutes })} · ` : ''}
              {t('manage.facts', { zoneName: zoneNameIn(locale, view.timeZone, view.timeZoneName), zone: view.timeZone, reference: view.bookingId })}
            </p>
            {view.paymentPolicy && (
              <div className="mb-2" data-testid="manage-payment">
                <h3 className="h6 fw-semibold mb-1">{t('pay.title')}</h3>
                <PaymentSummary policy={view.paymentPolicy} currency={view.currency} card={view.card} done ended={!goesAhead(view)} />
              </div>
            )}
            {view.status === 'cancelled' && (
              <p className="fw-bold mb-0">
                {t(view.kind === 'appointment' ? 'manage.cancelledAppointment' : 'manage.cancelledBooking')}
                {view.refundedCents ? ` ${t('manage.refunded', { amount: formatMoney(view.refundedCents, view.currency, intl) })}` : ''}
              </p>
            )}
            {view.status === 'cancelled' && view.bookingPage && (
              <a className="btn btn-primary mt-3" href={bookAgainHref(view, locale)}>
                {t('manage.bookAgain')}
              </a>
            )}
            {view.status !== 'cancelled' && !view.canChange && (
              <p className="mb-0">
                {view.clinicPhone
                  ? rich('manage.tooLatePhone', { hours: view.cutoffHours, clinic: view.orgName, phone: <a href={telHref(view.clinicPhone)} dir="ltr">{view.clinicPhone}</a> })
                  : t('manage.tooLate', { hours: view.cutoffHours, clinic: view.orgName })}
              </p>
            )}
            {view.canChange && (
              <>
                <p className="small">
                  {t(view.kind === 'booking' ? 'manage.untilBooking' : 'manage.untilAppointment', { date: dateTimeIn(intl, view.changeableUntil, view.timeZone) })}{' '}
                  {view.refundOnCancelCents > 0 ? t('manage.refundOnCancel', { amount: formatMoney(view.refundOnCancelCents, view.currency, intl) }) : view.amountPaidCents ? t('manage.noRefund') : ''}
                </p>
                {/* Both stay on screen: the patient switches between them, or presses the open one again to go back. */}
                <div className="d-flex gap-2">
                  {view.kind === 'booking' && (
                    <button type="button" className={`btn ${mode === 'move' ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={mode === 'move'} onClick={() => setMode(mode === 'move' ? 'view' : 'move')}>
                      {t('manage.reschedule')}
                    </button>
                  )}
                  <button type="button" className={`btn ${mode === 'cancel' ? 'btn-danger' : 'btn-outline-danger'}`} aria-pressed={mode === 'cancel'} onClick={() => setMode(mode === 'cancel' ? 'view' : 'cancel')}>
                    {t(view.kind === 'booking' ? 'manage.cancelBooking' : 'manage.cancelAppointment')}
                  </button>
                </div>
              </>
            )}
            {view.canChange && mode === 'move' && (
              <Reschedule
                token={token}
                view={view}
                onDone={(v, message) => {
                  setView(v);
                  setNotice(message);
                  setMode('view');
                }}
                onBack={() => setMode('view')}
              />
            )}
            {view.canChange && mode === 'cancel' && (
              <div className="border-top pt-3 mt-3">
                {following > 0 && (
                  <fieldset className="mb-2">
                    <legend className="fs-6 fw-semibold">{t('manage.seriesWhich')}</legend>
                    {(['one', 'following'] as const).map((value) => (
                      <div className="form-check" key={value}>
                        <input className="form-check-input" type="radio" name="manage-scope" id={`manage-scope-${value}`} checked={scope === value} onChange={() => setScope(value)} disabled={busy} />
                        <label className="form-check-label" htmlFor={`manage-scope-${value}`}>{value === 'one' ? t('manage.seriesOne') : t('manage.seriesFollowing', { count: following })}</label>
                      </div>
                    ))}
                  </fieldset>
                )}
                {following > 0 && scope === 'following' ? (
                  <p>
                    {t('manage.seriesConfirmFollowing', { count: following })}{' '}
                    {view.series!.refundFollowingCents > 0 ? t('manage.refundToCard', { amount: formatMoney(view.series!.refundFollowingCents, view.currency, intl) }) : ''}
                  </p>
                ) : (
                  <p>
                    {t(view.kind === 'booking' ? 'manage.confirmCancelBooking' : 'manage.confirmCancelAppointment')}{' '}
                    {view.refundOnCancelCents > 0 ? t('manage.refundToCard', { amount: formatMoney(view.refundOnCancelCents, view.currency, intl) }) : view.amountPaidCents ? t('manage.paymentKept') : ''}
                  </p>
                )}
                <div className="d-flex gap-2">
                  <button type="button" className="btn btn-danger" disabled={busy} onClick={cancel}>{busy ? t('manage.cancelling') : t('manage.yesCancel')}</button>
                  <button type="button" className="btn btn-light" onClick={() => setMode('view')}>{t('manage.keep')}</button>
                </div>
              </div>
            )}
            {view.series && <SeriesVisits series={view.series} />}
            <Contact view={view} />
          </div>
        </section>
      )}
    </main>
  );
}

