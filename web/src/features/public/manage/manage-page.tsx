// /manage#<token>: the patient's page from the link in their booking and appointment mails (public:
// no sign-in, no console code). It shows the booking and, within the clinic's policy, lets the patient
// reschedule to one of the free times (as on the booking page) or cancel (with the refund the policy
// gives), switching between the two or going back; an appointment can be cancelled (its time is
// arranged with the clinic). The clinic's phone and address are always shown, so a patient past the
// cutoff knows how to reach it. The token stays in the URL's fragment, which browsers never send to a
// server.
import { useEffect, useState } from 'react';
import { formatMoney } from '#shared/currency';
import { Loading } from '../../../components/loading';
import { cancelBooking, freeDay, openBooking, rescheduleBooking, type FreeDay, type ManageView } from './api';

const tokenOf = () => (typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, ''));

function Reschedule({ token, view, onDone, onBack }: { token: string; view: ManageView; onDone(v: ManageView, message: string): void; onBack(): void }) {
  const [date, setDate] = useState(view.bookingDate);
  const [day, setDay] = useState<FreeDay>();
  const [time, setTime] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    setDay(undefined);
    setTime('');
    if (date) void freeDay(token, date).then((r) => live && setDay(r.success ? r.data.data : undefined));
    return () => {
      live = false;
    };
  }, [token, date]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    const result = await rescheduleBooking(token, date, time);
    setBusy(false);
    if (result.success && result.data.data) onDone(result.data.data, result.message);
    else setError(result.message || 'The booking could not be moved.');
  };
  const slots = (day?.slots ?? []).filter((s) => !(date === view.bookingDate && s.time === view.bookingTime));
  return (
    <form onSubmit={submit} aria-label="Reschedule" className="border-top pt-3 mt-3" noValidate>
      <h2 className="h6 fw-bold">Choose another time</h2>
      <label htmlFor="manage-date" className="form-label">Date</label>
      <input id="manage-date" type="date" className="form-control mb-3" value={date} onChange={(e) => setDate(e.target.value)} />
      {day && <p className="small text-body-secondary">Times in the clinic&apos;s zone: {day.timeZoneName} ({day.timeZone}).</p>}
      {!day && date && <Loading />}
      {day && slots.length === 0 && <p className="text-body-secondary">No free times on this date. Please choose another date.</p>}
      <div className="d-flex flex-wrap gap-2 mb-3" role="radiogroup" aria-label="Free times">
        {slots.map((s) => (
          <button key={s.time} type="button" role="radio" aria-checked={time === s.time} className={`btn btn-sm ${time === s.time ? 'btn-primary' : 'btn-outline-primary'}`} onClick={() => setTime(s.time)}>
            {s.label}
          </button>
        ))}
      </div>
      {error && <div className="alert alert-danger py-2" role="alert">{error}</div>}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy || !time}>{busy ? 'Moving...' : 'Move my booking'}</button>
        <button type="button" className="btn btn-light" disabled={busy} onClick={onBack}>Keep my time</button>
      </div>
    </form>
  );
}

/** 'tel:+15551234567' from a number as the clinic typed it ('+1 (555) 123-4567'). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** How to reach the clinic: its phone (a tel: link) and postal address, when it gave them. */
function Contact({ view }: { view: ManageView }) {
  if (!view.clinicPhone && !view.clinicAddress) return null;
  return (
    <address className="border-top pt-3 mt-3 mb-0 small" aria-label={`Contact ${view.orgName}`}>
      <span className="fw-bold d-block">{view.orgName}</span>
      {view.clinicAddress && <span className="d-block" style={{ whiteSpace: 'pre-line' }}>{view.clinicAddress}</span>}
      {view.clinicPhone && (
        <span className="d-block">
          Phone: <a href={telHref(view.clinicPhone)}>{view.clinicPhone}</a>
        </span>
      )}
    </address>
  );
}

export function ManagePage() {
  const [token] = useState(tokenOf);
  const [view, setView] = useState<ManageView>();
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [mode, setMode] = useState<'view' | 'move' | 'cancel'>('view');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = 'Your booking';
    if (!token) {
      setProblem('This link is not valid or has expired. Please contact the clinic.');
      return;
    }
    void openBooking(token).then((r) => (r.success && r.data.data ? setView(r.data.data) : setProblem(r.message || 'This link is not valid or has expired. Please contact the clinic.')));
  }, [token]);

  const cancel = async () => {
    setBusy(true);
    const result = await cancelBooking(token);
    setBusy(false);
    if (result.success && result.data.data) {
      setView(result.data.data);
      setNotice(result.message);
      setMode('view');
    } else setProblem(result.message || 'The booking could not be cancelled.');
  };

  return (
    <main className="container py-5" style={{ maxWidth: 640 }}>
      <h1 className="h3 fw-bold mb-4">{view?.kind === 'appointment' ? 'Your appointment' : 'Your booking'}</h1>
      {notice && <div className="alert alert-success" role="status">{notice}</div>}
      {problem && <div className="alert alert-danger" role="alert">{problem}</div>}
      {!view && !problem && <Loading />}
      {view && (
        <section className="card border-0 shadow-sm" aria-label="Booking">
          <div className="card-body">
            <p className="text-body-secondary mb-1">{view.orgName}</p>
            <h2 className="h5 fw-bold">{view.packageName}</h2>
            {view.practitionerName && <p className="mb-1" data-testid="manage-with">with {view.practitionerName}</p>}
            <p className="mb-1" data-testid="manage-when">{view.whenLabel}</p>
            <p className="small text-body-secondary mb-2">
              {view.durationMinutes ? `${view.durationMinutes} minutes · ` : ''}times in {view.timeZoneName} ({view.timeZone}) · reference {view.bookingId}
            </p>
            {view.status === 'cancelled' && (
              <p className="fw-bold mb-0">
                This {view.kind} is cancelled.
                {view.refundedCents ? ` ${formatMoney(view.refundedCents, view.currency)} was refunded.` : ''}
              </p>
            )}
            {view.status !== 'cancelled' && !view.canChange && (
              <p className="mb-0">
                Online changes were possible until {view.cutoffHours} hours before the start. Please contact {view.orgName}
                {view.clinicPhone ? (
                  <>
                    {' '}at <a href={telHref(view.clinicPhone)}>{view.clinicPhone}</a>
                  </>
                ) : null}
                .
              </p>
            )}
            {view.canChange && (
              <>
                <p className="small">
                  You can {view.kind === 'booking' ? 'reschedule or cancel' : 'cancel'} until {new Date(view.changeableUntil).toLocaleString('en-US', { timeZone: view.timeZone, dateStyle: 'full', timeStyle: 'short' })}.{' '}
                  {view.refundOnCancelCents > 0 ? `Cancelling refunds ${formatMoney(view.refundOnCancelCents, view.currency)}.` : view.amountPaidCents ? 'A cancellation is not refunded.' : ''}
                </p>
                {/* Both stay on screen: the patient switches between them, or presses the open one again to go back. */}
                <div className="d-flex gap-2">
                  {view.kind === 'booking' && (
                    <button type="button" className={`btn ${mode === 'move' ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={mode === 'move'} onClick={() => setMode(mode === 'move' ? 'view' : 'move')}>
                      Reschedule
                    </button>
                  )}
                  <button type="button" className={`btn ${mode === 'cancel' ? 'btn-danger' : 'btn-outline-danger'}`} aria-pressed={mode === 'cancel'} onClick={() => setMode(mode === 'cancel' ? 'view' : 'cancel')}>
                    Cancel {view.kind}
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
                <p>
                  Cancel this {view.kind}? Its time becomes free for others.{' '}
                  {view.refundOnCancelCents > 0 ? `${formatMoney(view.refundOnCancelCents, view.currency)} is refunded to your card.` : view.amountPaidCents ? 'The payment is not refunded.' : ''}
                </p>
                <div className="d-flex gap-2">
                  <button type="button" className="btn btn-danger" disabled={busy} onClick={cancel}>{busy ? 'Cancelling...' : 'Yes, cancel it'}</button>
                  <button type="button" className="btn btn-light" onClick={() => setMode('view')}>Keep it</button>
                </div>
              </div>
            )}
            <Contact view={view} />
          </div>
        </section>
      )}
    </main>
  );
}

