// Moving visits of a series (issue 37): staff give one visit's new date and time and how far the change
// goes; the others shift by the same number of days and keep the new local time. The preview lists each
// visit's old and new time, free or why not (with the free times of that week to choose instead); the
// move is all of them or none (409 and nothing moved when a time was taken since the preview).
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { moveSeriesVisits, previewSeriesMove, type SeriesMovePreview, type SeriesView } from '../api/series';

type Scope = 'one' | 'following' | 'all';
type Visit = SeriesMovePreview['visits'][number];

const SCOPES: [Scope, string][] = [
  ['one', 'This visit only'],
  ['following', 'This and the following visits'],
  ['all', 'All visits still ahead'],
];
const STATUS_TEXT: Record<Visit['status'], string> = { free: 'Free', taken: 'Taken', closed: 'Closed', past: 'Past', 'too-far': 'Too far ahead' };

export function SeriesMovePanel({ series, visit, onDone, onClose }: { series: SeriesView; visit: SeriesView['visits'][number]; onDone: (s: SeriesView) => void; onClose: () => void }) {
  const [scope, setScope] = useState<Scope>('following');
  const [date, setDate] = useState(visit.bookingDate);
  const [time, setTime] = useState(visit.bookingTime);
  const [preview, setPreview] = useState<SeriesMovePreview>();
  // Per visit that cannot move to its time: the index of the alternative chosen.
  const [choices, setChoices] = useState<Record<string, number>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const keys = useIdempotencyKeys();
  const rule = { bookingId: visit.id, scope, bookingDate: date, bookingTime: time };

  async function check() {
    setBusy(true);
    setError(undefined);
    const result = await previewSeriesMove(series.id, rule);
    setBusy(false);
    if (!result.success || !result.data.data) {
      setPreview(undefined);
      setError(result.message || 'The times could not be checked.');
      return;
    }
    setPreview(result.data.data);
    setChoices(Object.fromEntries(result.data.data.visits.filter((v) => v.status !== 'free' && v.alternatives.length).map((v) => [v.bookingId, 0])));
  }

  const stuck = (preview?.visits ?? []).filter((v) => v.status !== 'free' && choices[v.bookingId] === undefined);
  async function move() {
    const visits = (preview?.visits ?? []).flatMap((v) => {
      const alt = v.status === 'free' ? undefined : v.alternatives[choices[v.bookingId]];
      return alt ? [{ bookingId: v.bookingId, date: alt.date, time: alt.time, ...(alt.practitionerIds.length ? { practitionerId: alt.practitionerIds[0] } : {}) }] : [];
    });
    const body = { ...rule, ...(visits.length ? { visits } : {}) };
    setBusy(true);
    setError(undefined);
    const result = await moveSeriesVisits(series.id, body, keys.keyFor(body));
    setBusy(false);
    if (!result.success || !result.data.data) {
      setError(result.message || 'The visits could not be moved.');
      // Taken meanwhile: nothing moved; show the times as they are now.
      if (result.responseCode === 409) await check();
      return;
    }
    keys.forget();
    notify.success(result.message || 'Visits moved.');
    onDone(result.data.data.series);
  }

  return (
    <section className="border-top pt-3 mt-1" aria-labelledby="series-move-title" data-testid="series-move">
      <h3 id="series-move-title" className="h6 fw-bold">Move from {visit.bookingTimeLabel}</h3>
      <form className="row g-2 align-items-end" onSubmit={(e) => { e.preventDefault(); void check(); }}>
        <fieldset className="col-12">
          <legend className="form-label fs-6 mb-1">Which visits</legend>
          {SCOPES.map(([value, text]) => (
            <div className="form-check form-check-inline" key={value}>
              <input className="form-check-input" type="radio" name="series-move-scope" id={`series-move-scope-${value}`} checked={scope === value} onChange={() => { setScope(value); setPreview(undefined); }} />
              <label className="form-check-label" htmlFor={`series-move-scope-${value}`}>{text}</label>
            </div>
          ))}
        </fieldset>
        <div className="col-6 col-md-3">
          <label htmlFor="series-move-date" className="form-label">New date</label>
          <input id="series-move-date" type="date" className="form-control" value={date} required onChange={(e) => { setDate(e.target.value); setPreview(undefined); }} />
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="series-move-time" className="form-label">New time</label>
          <input id="series-move-time" type="time" className="form-control" value={time} required onChange={(e) => { setTime(e.target.value); setPreview(undefined); }} />
        </div>
        <div className="col-12 col-md-6 d-flex gap-2">
          <button type="submit" className="btn btn-outline-primary" disabled={busy}>{busy && !preview ? 'Checking...' : 'Check times'}</button>
          <button type="button" className="btn btn-light" disabled={busy} onClick={onClose}>Close</button>
        </div>
      </form>
      <p className="small text-body-secondary mt-2 mb-0">The other visits move by the same number of days, at the new time ({series.timeZone}), with the same practitioner.</p>
      {error && <div className="alert alert-danger py-2 mt-2 mb-0" role="alert">{error}</div>}
      {preview && (
        <div className="mt-3">
          <p className="fw-semibold mb-2" aria-live="polite">
            {preview.visits.length === 0 ? 'Nothing to move: those visits are at that time already.' : `${preview.visits.length} visit${preview.visits.length === 1 ? '' : 's'} · ${preview.free} free${preview.conflicts ? ` · ${preview.conflicts} to choose` : ''}`}
          </p>
          <ol className="list-group mb-3">
            {preview.visits.map((v) => (
              <li key={v.bookingId} className="list-group-item d-flex flex-wrap gap-2 align-items-center" data-testid="series-move-visit">
                <div className="flex-grow-1" style={{ minWidth: '12rem' }}>
                  <div className="small text-body-secondary text-decoration-line-through">{v.fromLabel}</div>
                  <div>{v.label}</div>
                  <span className={`badge ${v.status === 'free' ? 'text-bg-success' : 'text-bg-warning'}`}>{STATUS_TEXT[v.status]}</span>
                </div>
                {v.status !== 'free' && (
                  v.alternatives.length ? (
                    <select className="form-select w-auto mw-100" aria-label={`Instead of ${v.label}`} value={choices[v.bookingId] ?? 0} onChange={(e) => setChoices((c) => ({ ...c, [v.bookingId]: Number(e.target.value) }))}>
                      {v.alternatives.map((a, i) => <option key={a.startUtc} value={i}>Instead: {a.label}</option>)}
                    </select>
                  ) : <span className="small text-danger">No free time that week: choose another date.</span>
                )}
              </li>
            ))}
          </ol>
          {preview.visits.length > 0 && (
            <button type="button" className="btn btn-primary" disabled={busy || stuck.length > 0} onClick={() => void move()}>
              {busy ? 'Moving...' : `Move ${preview.visits.length} visit${preview.visits.length === 1 ? '' : 's'}`}
            </button>
          )}
          <p className="small text-body-secondary mt-2 mb-0">All move or none does. The patient gets one email with the new times and their calendar updated.</p>
        </div>
      )}
    </section>
  );
}
