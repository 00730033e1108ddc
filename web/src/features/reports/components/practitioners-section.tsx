// The reports page's Practitioners section: a table per week of each practitioner's paid bookings,
// revenue (each currency on its own), booked and working time and utilisation, with its own CSV
// download. Tables look like the charts' tables (components/chart-card.tsx).
import type { PractitionerReport } from '../api/get-practitioner-report';
import { Loading } from '../../../components/loading';
import { RetryAlert } from '../../../components/retry-alert';
import { ReportTable, type Column } from './report-table';
import { formatMinutes, formatUtilisation, hasPractitioners, revenueText, weekLabel } from '../lib';

const COLUMNS: Column[] = [
  { label: 'Practitioner' },
  { label: 'Paid bookings', numeric: true },
  { label: 'Revenue', numeric: true },
  { label: 'Booked / working', numeric: true, nowrap: true },
  { label: 'Utilisation', numeric: true },
];

function WeekTable({ week }: { week: PractitionerReport['weeks'][number] }) {
  return (
    // Focusable, so a keyboard can scroll it when it is wider than the screen.
    <div className="table-responsive" tabIndex={0} role="region" aria-label={`Practitioners, week ${weekLabel(week.week)}`}>
      <ReportTable
        columns={COLUMNS}
        caption={`Week ${weekLabel(week.week)}`}
        captionClassName="caption-top fw-semibold text-body pt-0"
        rows={week.practitioners.map((p) => [
          p.name,
          p.bookings,
          revenueText(p.revenue),
          `${formatMinutes(p.bookedMinutes)} / ${formatMinutes(p.workingMinutes)}`,
          formatUtilisation(p.utilisation),
        ])}
        rowKeys={week.practitioners.map((p) => p.practitionerId)}
      />
    </div>
  );
}

interface Props {
  report: PractitionerReport | undefined;
  error: unknown;
  loading: boolean;
  onRetry(): void;
  onDownload(report: PractitionerReport): void;
}

export function PractitionersSection({ report, error, loading, onRetry, onDownload }: Props) {
  // A clinic that has no practitioners (and no figures of former ones) has nothing to show here.
  if (report && !hasPractitioners(report)) return null;
  return (
    <section className="card border-0 shadow-sm mw-100" aria-labelledby="practitioners-report-title">
      <div className="card-header bg-transparent d-flex flex-wrap align-items-center justify-content-between gap-2 py-3">
        <h2 id="practitioners-report-title" className="h6 fw-bold mb-0">
          Practitioners
        </h2>
        <button type="button" className="btn btn-sm btn-outline-primary" disabled={!report} onClick={() => report && onDownload(report)}>
          <i className="bi bi-download me-1" aria-hidden="true" />
          Download practitioners CSV
        </button>
      </div>
      <div className="card-body">
        <p className="small text-body-secondary">
          Paid bookings in the week they take place; revenue in the week it came in. Utilisation is the time booked (bookings and appointments) over the time
          each practitioner works that week (weekly hours and exceptions, the clinic&apos;s closed dates left out).
        </p>
        {error && !report ? (
          <RetryAlert error={error} fallback="The practitioner figures could not be loaded." onRetry={onRetry} className="mb-0" />
        ) : loading && !report ? (
          <Loading label="Loading practitioner figures..." />
        ) : report ? (
          <div className="row g-4">
            {report.weeks.map((w) => (
              <div key={w.week} className="col-xxl-6">
                {w.practitioners.length ? <WeekTable week={w} /> : <p className="text-body-secondary mb-0">Week {weekLabel(w.week)}: no practitioners.</p>}
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
