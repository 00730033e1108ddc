// The reports page's "Payments: expected and collected" section (issue 36): for the visits of the
// chosen period, per currency (never added up across currencies), what was expected against what came
// in online, at the clinic and in fees, less refunds, and what is still outstanding; its own CSV.
// Figures as rows and a column per currency, so a phone shows one or two narrow columns.
import type { CollectionsReport } from '../api/get-collections-report';
import { Loading } from '../../../components/loading';
import { RetryAlert } from '../../../components/retry-alert';
import { COLLECTIONS_LINES, collectionsCell, collectionsCurrencies } from '../lib';
import { ReportTable } from './report-table';

function CollectionsTable({ report }: { report: CollectionsReport }) {
  const rows = collectionsCurrencies(report);
  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a table wider than the screen scrolls here: focusable so a keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable)
    <div className="table-responsive" tabIndex={0} role="region" aria-label="Payments: expected and collected, per currency">
      <ReportTable
        caption="Per currency, for the visits of the period"
        captionClassName="caption-top pt-0 small"
        columns={[{ label: 'Figure' }, ...rows.map((r) => ({ label: r.currency.toUpperCase(), numeric: true, nowrap: true }))]}
        rowKeys={COLLECTIONS_LINES.map((l) => l.label)}
        rows={COLLECTIONS_LINES.map((line) => [
          <span key="label" className={`d-block text-wrap${line.total ? ' fw-semibold' : ''}${line.label.startsWith('of which') ? ' ps-3' : ''}`}>
            {line.label}
            {/* A space, so a screen reader reads the label and its note apart. */}
            {line.note && <> <span className="d-block small text-body-secondary fw-normal">{line.note}</span></>}
          </span>,
          ...rows.map((r) => (line.total ? <strong key={r.currency}>{collectionsCell(line, r)}</strong> : collectionsCell(line, r))),
        ])}
      />
    </div>
  );
}

interface Props {
  report: CollectionsReport | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
  onDownload: (report: CollectionsReport) => void;
}

export function CollectionsSection({ report, error, loading, onRetry, onDownload }: Props) {
  const empty = report !== undefined && report.currencies.length === 0;
  return (
    <section className="card border-0 shadow-sm mw-100" aria-labelledby="collections-report-title">
      <div className="card-header bg-transparent d-flex flex-wrap align-items-center justify-content-between gap-2 py-3">
        <h2 id="collections-report-title" className="h6 fw-bold mb-0">
          Payments: expected and collected
        </h2>
        <button type="button" className="btn btn-sm btn-outline-primary" disabled={!report || empty} onClick={() => report && onDownload(report)}>
          <i className="bi bi-download me-1" aria-hidden="true" />
          Download payments CSV
        </button>
      </div>
      <div className="card-body">
        <p className="small text-body-secondary">
          The bookings with a time in the period, by the day they take place: what their visits were expected to bring against what came in, each currency
          apart.
        </p>
        {error && !report ? (
          <RetryAlert error={error} fallback="The payment figures could not be loaded." onRetry={onRetry} className="mb-0" />
        ) : loading && !report ? (
          <Loading label="Loading payment figures..." />
        ) : empty ? (
          <p className="mb-0 text-body-secondary" role="status">
            No bookings with a time in this period yet. Once patients book, their prices, deposits, payments at the clinic, fees and refunds appear here, each
            currency apart.
          </p>
        ) : report ? (
          <>
            <CollectionsTable report={report} />
            {report.truncated && <p className="small text-warning-emphasis mt-2 mb-0">The period has more bookings than one report reads (5000): these figures cover the first ones. Choose a shorter period.</p>}
          </>
        ) : null}
      </div>
    </section>
  );
}
