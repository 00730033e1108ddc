// /bookings/availability (Bookings read; write to change): when the clinic takes bookings. Weekly
// opening hours (one or more intervals a day), slot length, bookings per slot, closed dates and
// notice limits, all in the organisation's time zone (changed in the organisation profile). Under it,
// the booking page these hours are offered on (its address and QR code, for the owner).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { WEEKDAYS } from '#shared/bookings/time';
import { fieldErrors } from '#shared/common/schemas';
import { availabilitySchema } from '#shared/bookings/schemas';
import { BookingPageLink } from '../../../components/booking-page-link';
import { Busy, Loading } from '../../../components/loading';
import { StatusBanner, type Status } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { saveAvailability, useAvailability, type AvailabilityView } from '../api/availability';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { failureText } from '../../../lib/api';
import { DAY_NAMES, DayHours, type DayHoursWords } from '../../../components/day-hours';

type Draft = Pick<AvailabilityView, 'weeklyHours' | 'slotMinutes' | 'capacity' | 'closedDates' | 'minNoticeMinutes' | 'maxDaysAhead'>;

const OPENING: DayHoursWords = { empty: 'Closed', start: 'opens', end: 'closes' };

const draftOf = (a: AvailabilityView): Draft => ({
  weeklyHours: a.weeklyHours, slotMinutes: a.slotMinutes, capacity: a.capacity, closedDates: a.closedDates, minNoticeMinutes: a.minNoticeMinutes, maxDaysAhead: a.maxDaysAhead,
});

function AvailabilityEditor({ availability, onSaved }: { availability: AvailabilityView; onSaved: (a: AvailabilityView) => void }) {
  const canAccess = useAccess();
  const readOnly = !canAccess({ module: 'Bookings', action: 'write' });
  const [draft, setDraft] = useState<Draft>(() => draftOf(availability));
  const [closedDate, setClosedDate] = useState('');
  const [issues, setIssues] = useState<string[]>([]);
  const [status, setStatus] = useState<Status | null>(null);
  const [saving, setSaving] = useState(false);
  // Availability saved (or read again) starts the draft over: adjusted while rendering, not in an effect.
  const [draftOfShown, setDraftOfShown] = useState(availability);
  if (draftOfShown !== availability) {
    setDraftOfShown(availability);
    setDraft(draftOf(availability));
  }
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const num = (v: string) => (v === '' ? Number.NaN : Number(v));

  const save = async () => {
    setStatus(null);
    const parsed = availabilitySchema.safeParse(draft);
    if (!parsed.success) {
      setIssues([...new Set(Object.values(fieldErrors(parsed.error.issues)))]);
      return;
    }
    setIssues([]);
    setSaving(true);
    try {
      const result = await saveAvailability(parsed.data);
      if (result.success && result.data.data) {
        notify.success(result.message || 'Availability saved.');
        onSaved(result.data.data);
      } else setStatus({ kind: 'danger', text: result.message || 'The availability could not be saved.' });
    } catch {
      setStatus({ kind: 'danger', text: 'The availability could not be saved. Please check your connection.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="availability-title">
      <div className="card-header bg-transparent py-3">
        <h2 id="availability-title" className="h6 fw-bold mb-1">When you take bookings</h2>
        <p className="small text-body-secondary mb-0">
          Times are in {availability.timeZoneName} ({availability.timeZone}); change the time zone in the <Link to={paths.organization}>organisation profile</Link>.
          {!availability.configured && ' These are the defaults until you save your own.'}
        </p>
      </div>
      <div className="card-body">
        <StatusBanner status={status} />
        {issues.length > 0 && (
          <div className="alert alert-danger py-2" role="alert">
            <ul className="mb-0 ps-3">{issues.map((m) => <li key={m}>{m}</li>)}</ul>
          </div>
        )}
        <h3 className="h6 fw-bold">Opening hours</h3>
        <div className="mb-4">
          {WEEKDAYS.map((day) => (
            <DayHours key={day} label={DAY_NAMES[day]} words={OPENING} intervals={draft.weeklyHours[day] ?? []} onChange={(next) => set({ weeklyHours: { ...draft.weeklyHours, [day]: next } })} disabled={readOnly} />
          ))}
        </div>
        <div className="row g-3 mb-4">
          <div className="col-6 col-md-3">
            <label htmlFor="slotMinutes" className="form-label fw-semibold small">Slot length (minutes)</label>
            <input id="slotMinutes" type="number" min={5} max={720} className="form-control" value={Number.isNaN(draft.slotMinutes) ? '' : draft.slotMinutes} onChange={(e) => set({ slotMinutes: num(e.target.value) })} disabled={readOnly} />
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="capacity" className="form-label fw-semibold small">Bookings per slot</label>
            <input id="capacity" type="number" min={1} max={500} className="form-control" value={Number.isNaN(draft.capacity) ? '' : draft.capacity} onChange={(e) => set({ capacity: num(e.target.value) })} disabled={readOnly} />
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="minNoticeMinutes" className="form-label fw-semibold small">Notice (minutes)</label>
            <input id="minNoticeMinutes" type="number" min={0} className="form-control" value={Number.isNaN(draft.minNoticeMinutes) ? '' : draft.minNoticeMinutes} onChange={(e) => set({ minNoticeMinutes: num(e.target.value) })} disabled={readOnly} />
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="maxDaysAhead" className="form-label fw-semibold small">Bookable days ahead</label>
            <input id="maxDaysAhead" type="number" min={1} max={730} className="form-control" value={Number.isNaN(draft.maxDaysAhead) ? '' : draft.maxDaysAhead} onChange={(e) => set({ maxDaysAhead: num(e.target.value) })} disabled={readOnly} />
          </div>
        </div>
        <h3 className="h6 fw-bold">Closed dates</h3>
        <div className="d-flex flex-wrap gap-2 mb-2">
          {draft.closedDates.length === 0 && <span className="text-body-secondary small">None.</span>}
          {draft.closedDates.map((d) => (
            <span key={d} className="badge bg-secondary-subtle text-secondary-emphasis fs-6 fw-normal d-inline-flex align-items-center gap-1">
              {d}
              {!readOnly && (
                <button type="button" className="btn-close btn-close-sm" style={{ fontSize: '0.6rem' }} aria-label={`Open again on ${d}`} onClick={() => set({ closedDates: draft.closedDates.filter((x) => x !== d) })} />
              )}
            </span>
          ))}
        </div>
        {!readOnly && (
          <div className="d-flex gap-2" style={{ maxWidth: 360 }}>
            <input type="date" className="form-control form-control-sm" aria-label="Closed date" value={closedDate} onChange={(e) => setClosedDate(e.target.value)} />
            <button
              type="button"
              className="btn btn-sm btn-light text-nowrap"
              disabled={!closedDate}
              onClick={() => {
                set({ closedDates: [...new Set([...draft.closedDates, closedDate])].sort() });
                setClosedDate('');
              }}
            >
              Add closed date
            </button>
          </div>
        )}
      </div>
      {!readOnly && (
        <div className="card-footer bg-transparent d-flex justify-content-end gap-2 py-3">
          <button type="button" className="btn btn-light" onClick={() => setDraft(draftOf(availability))} disabled={saving}>Reset</button>
          <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving}>{saving ? <Busy /> : 'Save availability'}</button>
        </div>
      )}
    </section>
  );
}

export function AvailabilityPage() {
  usePageTitle('Availability', [{ title: 'Bookings', path: paths.bookings.list }]);
  const { data, error, isLoading, mutate } = useAvailability();
  if (isLoading) return <Loading label="Loading availability..." showLabel />;
  if (error || !data) return <div className="alert alert-danger" role="alert">{failureText(error, 'The availability could not be loaded.')}</div>;
  return (
    <div className="d-grid gap-4">
      <AvailabilityEditor availability={data} onSaved={(a) => void mutate(a, { revalidate: false })} />
      <BookingPageLink description="Visitors book the times above on this page." />
      <CalendarFeedCard />
    </div>
  );
}

export { AvailabilityPage as Component };
