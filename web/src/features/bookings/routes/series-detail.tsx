// /bookings/series/:id (Bookings read): a series of visits, each with its status; Bookings write may
// cancel one visit, this and the following ones, or all that are still ahead (their times free again,
// the patient mailed once), or move one visit, this and the following ones, or all (components/series-move.tsx).
import { useState } from 'react';
import { formatMoney } from '#shared/currency';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/layout';
import { notify } from '../../../lib/notify';
import { useAccess } from '../../../lib/roles';
import { cancelSeriesVisits, useSeries, type CancelScope, type SeriesView } from '../api/series';
import { PaymentBadge, StatusBadge } from '../components/badges';
import { SeriesMovePanel } from '../components/series-move';
import { bookingPath } from '../lib';

const SCOPES: [CancelScope, string][] = [
  ['one', 'This visit only'],
  ['following', 'This and the following visits'],
  ['all', 'All visits still ahead'],
];

export function SeriesDetailPage() {
  const { id } = useParams();
  usePageTitle('Series', [{ title: 'Bookings', path: paths.bookings.list }]);
  const { data, error, mutate } = useSeries(id);
  const canAccess = useAccess();
  const [cancelling, setCancelling] = useState<SeriesView['visits'][number]>();
  const [scope, setScope] = useState<CancelScope>('one');
  const [moving, setMoving] = useState<SeriesView['visits'][number]>();
  if (error) return <div className="alert alert-danger" role="alert">{error.message}</div>;
  if (!data) return <Loading />;
  const writable = canAccess({ module: 'Bookings', action: 'write' });
  return (
    <section className="card border-0 shadow-sm" aria-labelledby="series-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 justify-content-between align-items-center">
        <div>
          <h2 id="series-title" className="h6 fw-bold mb-1">{data.firstName} {data.lastName}: {data.packageName}</h2>
          <div className="small text-body-secondary">
            {data.everyWeeks === 1 ? 'Every week' : `Every ${data.everyWeeks} weeks`} at {data.time} ({data.timeZone}) · {data.visits.length} visits
          </div>
          <SeriesState series={data} />
        </div>
        <Link to={paths.bookings.list} className="btn btn-light">Back to bookings</Link>
      </div>
      <ol className="list-group list-group-flush list-group-numbered">
        {data.visits.map((v) => (
          <li key={v.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center" data-testid="series-visit">
            <div className="flex-grow-1 ms-1" style={{ minWidth: '12rem' }}>
              <Link to={bookingPath(v.id)}>{v.bookingTimeLabel}</Link>
              {v.practitionerName && <span className="small text-body-secondary ms-2">with {v.practitionerName}</span>}
              <div className="d-flex gap-2 mt-1"><StatusBadge status={v.status} /><PaymentBadge paymentStatus={v.paymentStatus} /></div>
            </div>
            {writable && v.status === 'confirmed' && (
              <button type="button" className="btn btn-sm btn-outline-primary" aria-expanded={moving?.id === v.id} onClick={() => setMoving(moving?.id === v.id ? undefined : v)}>Move…</button>
            )}
            {writable && (v.status === 'confirmed' || v.status === 'held') && (
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => { setScope('one'); setCancelling(v); }}>Cancel…</button>
            )}
            {/* Under its visit, so the preview is where the person looks (a long series at 390 px). */}
            {moving?.id === v.id && (
              <div className="w-100">
                <SeriesMovePanel
                  series={data}
                  visit={v}
                  onClose={() => setMoving(undefined)}
                  onDone={async (series) => {
                    setMoving(undefined);
                    await mutate(series, { revalidate: false });
                  }}
                />
              </div>
            )}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        show={Boolean(cancelling)}
        title="Cancel visits of this series?"
        confirmText="Cancel visits"
        busyText="Cancelling..."
        cancelText="Keep them"
        onHide={() => setCancelling(undefined)}
        onConfirm={async () => {
          const result = await cancelSeriesVisits(data.id, cancelling!.id, scope);
          if (!result.success || !result.data.data) return result.message || 'The visits could not be cancelled.';
          notify.success(result.message || 'Visits cancelled.');
          setCancelling(undefined);
          await mutate(result.data.data.series, { revalidate: false });
          return undefined;
        }}
      >
        <p>{cancelling?.bookingTimeLabel}</p>
        <fieldset>
          <legend className="form-label fs-6">Which visits</legend>
          {SCOPES.map(([value, text]) => (
            <div className="form-check" key={value}>
              <input className="form-check-input" type="radio" name="series-scope" id={`series-scope-${value}`} checked={scope === value} onChange={() => setScope(value)} />
              <label className="form-check-label" htmlFor={`series-scope-${value}`}>{text}</label>
            </div>
          ))}
        </fieldset>
        <p className="small text-body-secondary mb-0 mt-2">Their times become free again, and the patient is told by email.</p>
      </ConfirmDialog>
    </section>
  );
}

/** Where a patient's course stands (never shown as a live course unless it was paid or confirmed), and a refund made in Stripe by hand. */
function SeriesState({ series }: { series: SeriesView }) {
  const currency = series.visits[0]?.currency ?? 'usd';
  return (
    <>
      {series.status === 'held' && <div className="small mt-1" data-testid="series-state"><span className="badge text-bg-warning me-2">Waiting for payment</span>The patient has not paid for the course yet: its visits are held, not booked.</div>}
      {series.status === 'expired' && <div className="small mt-1" data-testid="series-state"><span className="badge text-bg-secondary me-2">Expired</span>Never paid: the course's payment ran out and its times were given back.</div>}
      {series.refundedByHandCents > 0 && (
        <div className="small mt-1" data-testid="series-refund">{formatMoney(series.refundedByHandCents, currency)} of the course's payment was refunded in Stripe by hand (refunds of cancelled visits are shown on each visit).</div>
      )}
    </>
  );
}

export { SeriesDetailPage as Component };
