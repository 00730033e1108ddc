// The reports page's Practitioners section: one table for the period, a row per practitioner (paid
// bookings, revenue per currency, booked and working time, utilisation) and a row of totals; below,
// week by week in a compact grid for who wants the detail; and its own CSV download. On a phone the
// table is a stack of cards (components/responsive-table.tsx), the totals last.
import type { PractitionerReport } from '../api/get-practitioner-report';
import { Loading } from '../../../components/loading';
import { ResponsiveTable } from '../../../components/responsive-table';
import { RetryAlert } from '../../../components/retry-alert';
import { formatMinutes, formatUtilisation, hasPractitioners, practitionerTotals, revenueText, weekLabel, type PeriodFigures } from '../lib';

const cellsOf = (p: PeriodFigures) => [p.bookings, revenueText(p.revenue), formatMinutes(p.bookedMinutes), formatMinutes(p.workingMinutes), formatUtilisation(p.utilisation)];

function PeriodTable({ report }: { report: PractitionerReport }) {
  const { rows, total } = practitionerTotals(report);
  const weeks = report.weeks.length;
  const row = (p: PeriodFigures, key: string, name: string) => (
    <tr key={key}>
      <td className="text-nowrap">{name}</td>
      {cellsOf(p).map((cell, i) => (
        <td key={i} className={`text-end${i === 1 ? '' : ' text-nowrap'}`}>
          {cell}
        </td>
      ))}
    </tr>
  );
  return (
    <ResponsiveTable className="table-sm" label={`Practitioners, ${weeks === 1 ? 'the week' : `${weeks} weeks`} from ${weekLabel(report.weeks[0].week)}`}>
      <thead>
        <tr>
          <th scope="col">Practitioner</th>
          <th scope="col" className="text-end">Paid bookings</th>
          <th scope="col" className="text-end">Revenue</th>
          <th scope="col" className="text-end">Booked</th>
          <th scope="col" className="text-end">Working</th>
          <th scope="col" className="text-end">Utilisation</th>
        </tr>
      </thead>
      <tbody>{rows.map((p) => row(p, p.practitionerId, p.name))}</tbody>
      {rows.length > 1 && <tfoot className="fw-semibold">{row(total, 'total', 'All practitioners')}</tfoot>}
    </ResponsiveTable>
  );
}

/** Week by week: a row per week, a column per practitioner, each cell their paid bookings and booked time. */
function WeeksGrid({ report, names }: { report: PractitionerReport; names: PeriodFigures[] }) {
  return (
    <details className="mt-3">
      <summary className="small fw-semibold">Week by week</summary>
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- focusable, so a keyboard can scroll it when it is wider than the screen (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <div className="table-responsive mt-2" tabIndex={0} role="region" aria-label="Practitioners week by week">
        <table className="table table-sm align-middle mb-0 small">
          <caption className="caption-top pt-0">Paid bookings · booked time</caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              {names.map((p) => (
                <th key={p.practitionerId} scope="col" className="text-end text-nowrap">
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row" className="fw-normal text-nowrap">
                  {weekLabel(w.week)}
                </th>
                {names.map((p) => {
                  const f = w.practitioners.find((x) => x.practitionerId === p.practitionerId);
                  return (
                    <td key={p.practitionerId} className="text-end text-nowrap">
                      {f ? `${f.bookings} · ${formatMinutes(f.bookedMinutes)}` : '—'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

interface Props {
  report: PractitionerReport | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
  onDownload: (report: PractitionerReport) => void;
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
          The whole period: paid bookings on the day they take place, revenue on the day it came in (each currency apart). Utilisation is the time booked
          (bookings and appointments) over the time each practitioner works (weekly hours and exceptions, the clinic&apos;s closed dates left out).
        </p>
        {error && !report ? (
          <RetryAlert error={error} fallback="The practitioner figures could not be loaded." onRetry={onRetry} className="mb-0" />
        ) : loading && !report ? (
          <Loading label="Loading practitioner figures..." />
        ) : report ? (
          <>
            <PeriodTable report={report} />
            {report.weeks.length > 1 && <WeeksGrid report={report} names={practitionerTotals(report).rows} />}
          </>
        ) : null}
      </div>
    </section>
  );
}
