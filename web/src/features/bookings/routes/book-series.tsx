// /bookings/series/new (Bookings write): book a series of visits for a patient ("every Tuesday at 10:00
// for eight weeks"). First "Check times": every visit is checked and each one that cannot be booked is
// shown with the nearest free times of its week; staff choose, per visit, the time or an alternative or
// to leave it out; then "Book" takes them all or none (a visit taken meanwhile: the check runs again).
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useBookingPackages } from '../../../lib/booking-packages';
import { usePractitioners } from '../../../lib/practitioners';
import { useIdempotencyKeys } from '../../../lib/idempotency';
import { createSeries, previewSeries, type SeriesPreview, type SeriesPreviewBody } from '../api/series';

type Visit = SeriesPreview['visits'][number];

const STATUS_TEXT: Record<Visit['status'], string> = { free: 'Free', taken: 'Taken', closed: 'Closed', past: 'Past', 'too-far': 'Too far ahead' };
const LEAVE_OUT = 'leave-out';

/** What a visit's select starts on: its own time when free, else its nearest alternative, else left out. */
const defaultChoice = (v: Visit) => (v.status === 'free' ? 'own' : v.alternatives.length ? 'alt-0' : LEAVE_OUT);

function Field({ id, label, children, className = 'col-12 col-md-6' }: { id: string; label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">{label}</label>
      {children}
    </div>
  );
}

/** Each visit of a preview, with its choice: its own time (when free), an alternative, or left out. */
function VisitChoices({ visits, choices, onChoose, withName }: { visits: Visit[]; choices: Record<number, string>; onChoose: (n: number, value: string) => void; withName?: (id: string) => string }) {
  return (
    <ol className="list-group list-group-numbered mb-3" aria-labelledby="series-visits-title">
      {visits.map((v) => (
        <li key={v.number} className="list-group-item d-flex flex-wrap gap-2 align-items-center" data-testid="series-visit">
          <div className="flex-grow-1 ms-1" style={{ minWidth: '12rem' }}>
            <div>{v.label}</div>
            <span className={`badge ${v.status === 'free' ? 'text-bg-success' : 'text-bg-warning'}`}>{STATUS_TEXT[v.status]}</span>
            {v.status === 'free' && v.practitionerIds.length > 0 && withName && <span className="small text-body-secondary ms-2">with {withName(v.practitionerIds[0])}</span>}
          </div>
          <select
            className="form-select w-auto mw-100"
            aria-label={`Visit ${v.number}`}
            value={choices[v.number] ?? defaultChoice(v)}
            onChange={(e) => onChoose(v.number, e.target.value)}
          >
            {v.status === 'free' && <option value="own">Book this time</option>}
            {v.alternatives.map((a, i) => <option key={a.startUtc} value={`alt-${i}`}>Instead: {a.label}</option>)}
            <option value={LEAVE_OUT}>Leave out</option>
          </select>
        </li>
      ))}
    </ol>
  );
}

export function BookSeriesPage() {
  usePageTitle('Book a Series', [{ title: 'Bookings', path: paths.bookings.list }]);
  const navigate = useNavigate();
  const packages = useBookingPackages(100).items;
  const { practitioners } = usePractitioners();
  const keys = useIdempotencyKeys();
  const [form, setForm] = useState({ packageId: '', practitionerId: 'any', firstName: '', lastName: '', email: '', phoneNumber: '', startDate: '', time: '10:00', everyWeeks: '1', end: 'count', count: '8', untilDate: '' });
  const [preview, setPreview] = useState<SeriesPreview>();
  const [choices, setChoices] = useState<Record<number, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const pkg = packages.find((p) => p.id === form.packageId);
  const offering = useMemo(() => (practitioners ?? []).filter((p) => pkg?.practitionerIds.includes(p.id)), [practitioners, pkg]);
  const nameOf = (id: string) => practitioners?.find((p) => p.id === id)?.name ?? '';

  const set = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setPreview(undefined);
  };
  const rule = (): SeriesPreviewBody => ({
    packageId: form.packageId,
    ...(offering.length ? { practitionerId: form.practitionerId } : {}),
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    phoneNumber: form.phoneNumber,
    startDate: form.startDate,
    time: form.time,
    everyWeeks: Number(form.everyWeeks),
    ...(form.end === 'count' ? { count: Number(form.count) } : { untilDate: form.untilDate }),
  });

  async function check() {
    setBusy(true);
    setError(undefined);
    const result = await previewSeries(rule());
    setBusy(false);
    if (!result.success || !result.data.data) {
      setError(result.message || 'The series could not be checked.');
      return;
    }
    const data = result.data.data;
    setPreview(data);
    setChoices(Object.fromEntries(data.visits.map((v) => [v.number, defaultChoice(v)])));
  }

  const chosen = (preview?.visits ?? []).flatMap((v) => {
    const choice = choices[v.number] ?? defaultChoice(v);
    if (choice === LEAVE_OUT) return [];
    if (choice === 'own') return [{ date: v.date, time: v.time }];
    const alt = v.alternatives[Number(choice.slice(4))];
    // An alternative with practitioners: with whoever is free then (the first, as the booking tries).
    return [{ date: alt.date, time: alt.time, ...(alt.practitionerIds.length ? { practitionerId: alt.practitionerIds[0] } : {}) }];
  });

  async function book() {
    setBusy(true);
    setError(undefined);
    const body = { ...rule(), visits: chosen };
    const result = await createSeries(body, keys.keyFor(body));
    setBusy(false);
    if (!result.success || !result.data.data) {
      setError(result.message || 'The series could not be booked.');
      // Taken meanwhile: nothing was booked; show the visits as they are now.
      if (result.responseCode === 409) await check();
      return;
    }
    keys.forget();
    notify.success(result.message || 'Series booked.');
    navigate(paths.bookings.series.replace(':id', result.data.data.id));
  }

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="series-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="series-title" className="h6 fw-bold mb-0">Book a series of visits</h2>
      </div>
      <div className="card-body">
        {error && <div className="alert alert-danger" role="alert">{error}</div>}
        <form className="row g-3" aria-label="Series" onSubmit={(e) => { e.preventDefault(); void check(); }}>
          <Field id="series-package" label="Package">
            <select id="series-package" className="form-select" value={form.packageId} required onChange={(e) => set({ packageId: e.target.value, practitionerId: 'any' })}>
              <option value="">Select Package</option>
              {packages.filter((p) => p.isActive).map((p) => <option key={p.id} value={p.id}>{p.packageName}</option>)}
            </select>
          </Field>
          {offering.length > 0 && (
            <Field id="series-practitioner" label="Practitioner">
              <select id="series-practitioner" className="form-select" value={form.practitionerId} onChange={(e) => set({ practitionerId: e.target.value })}>
                <option value="any">Anyone (whoever is free for each visit)</option>
                {offering.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
              </select>
            </Field>
          )}
          <Field id="series-first" label="First name" className="col-6 col-md-3"><input id="series-first" className="form-control" required value={form.firstName} onChange={(e) => set({ firstName: e.target.value })} /></Field>
          <Field id="series-last" label="Last name" className="col-6 col-md-3"><input id="series-last" className="form-control" required value={form.lastName} onChange={(e) => set({ lastName: e.target.value })} /></Field>
          <Field id="series-email" label="Email" className="col-12 col-md-3"><input id="series-email" type="email" className="form-control" required value={form.email} onChange={(e) => set({ email: e.target.value })} /></Field>
          <Field id="series-phone" label="Phone number" className="col-12 col-md-3"><input id="series-phone" type="tel" className="form-control" placeholder="+1234567890" required value={form.phoneNumber} onChange={(e) => set({ phoneNumber: e.target.value })} /></Field>
          <Field id="series-start" label="First visit" className="col-6 col-md-3"><input id="series-start" type="date" className="form-control" required value={form.startDate} onChange={(e) => set({ startDate: e.target.value })} /></Field>
          <Field id="series-time" label="Time" className="col-6 col-md-2"><input id="series-time" type="time" className="form-control" required value={form.time} onChange={(e) => set({ time: e.target.value })} /></Field>
          <Field id="series-every" label="Repeat" className="col-12 col-md-3">
            <select id="series-every" className="form-select" value={form.everyWeeks} onChange={(e) => set({ everyWeeks: e.target.value })}>
              {[1, 2, 3, 4, 6, 8, 12].map((n) => <option key={n} value={n}>{n === 1 ? 'Every week' : `Every ${n} weeks`}</option>)}
            </select>
          </Field>
          <Field id="series-end" label="Ends" className="col-6 col-md-2">
            <select id="series-end" className="form-select" value={form.end} onChange={(e) => set({ end: e.target.value })}>
              <option value="count">After</option>
              <option value="until">On date</option>
            </select>
          </Field>
          {form.end === 'count' ? (
            <Field id="series-count" label="Visits" className="col-6 col-md-2"><input id="series-count" type="number" min={2} max={52} className="form-control" required value={form.count} onChange={(e) => set({ count: e.target.value })} /></Field>
          ) : (
            <Field id="series-until" label="Last date" className="col-6 col-md-2"><input id="series-until" type="date" className="form-control" required min={form.startDate} value={form.untilDate} onChange={(e) => set({ untilDate: e.target.value })} /></Field>
          )}
          <div className="col-12">
            <button type="submit" className="btn btn-primary" disabled={busy}>{busy && !preview ? 'Checking...' : 'Check times'}</button>
          </div>
        </form>

        {preview && (
          <div className="mt-4">
            <h3 className="h6 fw-bold" id="series-visits-title">
              {preview.visits.length} visits · {preview.free} free{preview.conflicts > 0 ? ` · ${preview.conflicts} to choose` : ''}
            </h3>
            <VisitChoices visits={preview.visits} choices={choices} onChoose={(n, value) => setChoices((c) => ({ ...c, [n]: value }))} withName={form.practitionerId !== 'any' ? nameOf : undefined} />
            <button type="button" className="btn btn-primary" disabled={busy || chosen.length === 0} onClick={() => void book()}>
              {busy ? 'Please Wait...' : `Book ${chosen.length} visit${chosen.length === 1 ? '' : 's'}`}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

export { BookSeriesPage as Component };
