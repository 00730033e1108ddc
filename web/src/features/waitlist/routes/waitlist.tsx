// /bookings/waitlist (Bookings read; write to change): the patients waiting for a time, first come
// first (the order freed times are offered in), how many freed times the list filled, how offers are
// made (one patient at a time, held for the window, or everyone at once) and offering a time by hand.
import { useState } from 'react';
import { Busy, Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { failureText } from '../../../lib/api';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { offerTime, saveWaitlistSettings, useWaitlist, useWaitlistOffers, useWaitlistSummary, type WaitlistEntryView, type WaitlistOfferView } from '../api/waitlist';

const DAY = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const STATUS_BADGE: Record<WaitlistOfferView['status'], string> = { open: 'text-bg-primary', taken: 'text-bg-success', lapsed: 'text-bg-secondary', withdrawn: 'text-bg-light' };
/** An offer's state in staff's words (the API's status names are for integrators). */
const STATUS_LABEL: Record<WaitlistOfferView['status'], string> = { open: 'Open', taken: 'Booked', lapsed: 'Lapsed', withdrawn: 'Withdrawn' };
const whenOf = (o: { bookingDate: string; bookingTime: string }) => `${o.bookingDate} ${o.bookingTime}`;
/** An instant in the clinic's zone, named (the offered time beside it is the clinic's local time too; the browser's zone read as a different hour). */
const at = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });

function Figures() {
  const { data } = useWaitlistSummary();
  const figures: [string, number | undefined][] = [['Waiting', data?.waiting], ['Times offered', data?.offersMade], ['Freed times filled', data?.filled]];
  return (
    <div className="row g-3">
      {figures.map(([label, value]) => (
        <div key={label} className="col-4">
          <div className="card h-100"><div className="card-body p-3">
            <div className="small text-body-secondary">{label}</div>
            <div className="fs-3 fw-bold" data-testid={`waitlist-${label.toLowerCase().replace(/ /g, '-')}`}>{value ?? '–'}</div>
          </div></div>
        </div>
      ))}
    </div>
  );
}

function Settings({ canWrite }: { canWrite: boolean }) {
  const { data, mutate } = useWaitlistSummary();
  const [draft, setDraft] = useState<{ mode: 'one-by-one' | 'all-at-once'; holdMinutes: string }>();
  const [saving, setSaving] = useState(false);
  if (!data) return null;
  const value = draft ?? { mode: data.settings.mode, holdMinutes: String(data.settings.holdMinutes) };
  const save = async () => {
    setSaving(true);
    const result = await saveWaitlistSettings({ mode: value.mode, holdMinutes: Number(value.holdMinutes) }).catch(() => undefined);
    setSaving(false);
    if (result?.success) {
      notify.success(result.message || 'Waitlist settings saved');
      setDraft(undefined);
      void mutate();
    } else notify.error(result?.message || 'The settings could not be saved.');
  };
  return (
    <section className="card">
      <div className="card-header bg-transparent"><h2 className="h6 fw-bold mb-0">When a time frees up</h2></div>
      <div className="card-body">
        <fieldset disabled={!canWrite || saving}>
          <div className="form-check mb-2">
            <input className="form-check-input" type="radio" name="wl-mode" id="wl-one" checked={value.mode === 'one-by-one'} onChange={() => setDraft({ ...value, mode: 'one-by-one' })} />
            <label className="form-check-label" htmlFor="wl-one">Offer it to the first patient waiting, held for them, then to the next</label>
          </div>
          <div className="form-check mb-3">
            <input className="form-check-input" type="radio" name="wl-mode" id="wl-all" checked={value.mode === 'all-at-once'} onChange={() => setDraft({ ...value, mode: 'all-at-once' })} />
            <label className="form-check-label" htmlFor="wl-all">Tell everyone waiting who fits at once: the first to book gets it</label>
          </div>
          <label htmlFor="wl-window" className="form-label small fw-semibold">{value.mode === 'one-by-one' ? 'Held for each patient (minutes)' : 'Offer open for (minutes)'}</label>
          <input id="wl-window" type="number" min={5} max={1440} className="form-control" style={{ maxWidth: 160 }} value={value.holdMinutes} onChange={(e) => setDraft({ ...value, holdMinutes: e.target.value })} />
          <div className="form-text">From 5 minutes to 24 hours.</div>
        </fieldset>
      </div>
      {canWrite && (
        <div className="card-footer bg-transparent d-flex justify-content-end">
          <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving || !draft}>{saving ? <Busy /> : 'Save'}</button>
        </div>
      )}
    </section>
  );
}

function OfferByHand({ entry, onDone }: { entry: WaitlistEntryView; onDone: () => void }) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    setError(undefined);
    const result = await offerTime(entry.id, { bookingDate: date, bookingTime: time }).catch(() => undefined);
    setSending(false);
    if (result?.success) {
      notify.success(result.message || 'The offer is sent');
      onDone();
    } else setError(failureText(result, 'The time could not be offered.'));
  };
  return (
    <div className="mt-2 d-flex flex-wrap align-items-end gap-2">
      <div><label className="form-label small mb-1" htmlFor={`d-${entry.id}`}>Date</label><input id={`d-${entry.id}`} type="date" className="form-control form-control-sm" value={date} onChange={(e) => setDate(e.target.value)} /></div>
      <div><label className="form-label small mb-1" htmlFor={`t-${entry.id}`}>Time</label><input id={`t-${entry.id}`} type="time" className="form-control form-control-sm" value={time} onChange={(e) => setTime(e.target.value)} /></div>
      <button type="button" className="btn btn-sm btn-primary" onClick={() => void send()} disabled={sending || !date || !time}>{sending ? <Busy /> : 'Hold and offer'}</button>
      {error && <div className="w-100 small text-danger" role="alert">{error}</div>}
    </div>
  );
}

function Waiting({ canWrite }: { canWrite: boolean }) {
  const { data, error, isLoading, mutate } = useWaitlist();
  const offers = useWaitlistOffers();
  const summary = useWaitlistSummary();
  const [offering, setOffering] = useState<string>();
  if (isLoading) return <Loading label="Loading the waitlist..." showLabel />;
  if (error || !data) return <div className="alert alert-danger" role="alert">{failureText(error, 'The waitlist could not be loaded.')}</div>;
  return (
    <section className="card">
      <div className="card-header bg-transparent"><h2 className="h6 fw-bold mb-0">Waiting, first come first</h2></div>
      {data.items.length === 0 ? (
        <div className="card-body text-body-secondary">Nobody is waiting. Patients join from the booking page when no time suits them.</div>
      ) : (
        <ol className="list-group list-group-flush list-group-numbered">
          {data.items.map((e) => (
            <li key={e.id} className="list-group-item d-flex gap-2">
              <div className="flex-grow-1 min-w-0">
                <div className="fw-semibold">{e.firstName} {e.lastName}</div>
                <div className="small text-body-secondary text-break">{e.email} · {e.phoneNumber}</div>
                <div className="small">{e.packageName}{e.practitionerName ? ` with ${e.practitionerName}` : ''} · {e.days.map((d) => DAY[d]).join(', ')} {e.fromTime}–{e.toTime} · until {e.until}</div>
                {e.offersMade > 0 && <div className="small text-body-secondary">{e.offersMade} time{e.offersMade === 1 ? '' : 's'} offered</div>}
                {offering === e.id && <OfferByHand entry={e} onDone={() => { setOffering(undefined); void mutate(); void offers.mutate(); void summary.mutate(); }} />}
              </div>
              {canWrite && offering !== e.id && <button type="button" className="btn btn-sm btn-outline-primary align-self-start text-nowrap" onClick={() => setOffering(e.id)}>Offer a time</button>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Offers() {
  const { data } = useWaitlistOffers();
  if (!data?.items.length) return null;
  return (
    <section className="card" aria-labelledby="wl-offers-title">
      <div className="card-header bg-transparent"><h2 id="wl-offers-title" className="h6 fw-bold mb-0">Latest offers</h2></div>
      <ul className="list-group list-group-flush">
        {data.items.map((o) => (
          <li key={o.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
            <div>
              <div className="fw-semibold">{whenOf(o)} · {o.packageName}{o.practitionerName ? ` with ${o.practitionerName}` : ''}</div>
              <div className="small text-body-secondary">{o.source === 'staff' ? 'Offered by hand' : 'Freed time'} · {o.mode === 'one-by-one' ? 'held' : 'open'} until {at(o.expiresAt, o.timeZone)}</div>
            </div>
            <span className={`badge align-self-start ${STATUS_BADGE[o.status]}`}>{STATUS_LABEL[o.status]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WaitlistPage() {
  usePageTitle('Waitlist', [{ title: 'Bookings', path: paths.bookings.list }]);
  const canWrite = useAccess()({ module: 'Bookings', action: 'write' });
  return (
    <div className="d-grid gap-4">
      <Figures />
      <Waiting canWrite={canWrite} />
      <Offers />
      <Settings canWrite={canWrite} />
    </div>
  );
}

export { WaitlistPage as Component };
