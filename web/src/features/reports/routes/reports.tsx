// /crafted/widgets/reports: bookings and appointments per week, money received per week, the
// appointment status mix (no-shows included), form leads with how many paid, visits from series and
// times filled from the waitlist, over a chosen period, in the organisation's time zone; payments
// expected against collected per currency; and each practitioner's week (bookings, revenue, utilisation).
// Chart.js is loaded with this route only (not in the console's first load); each chart has its
// table, and the figures download as CSV.
import type { ChartDataset, ChartOptions } from 'chart.js';
import { lazy, memo, useMemo, useState } from 'react';
import { todayIn } from '#shared/bookings/time';
import { weekStartOf, weeksBetween, MAX_REPORT_WEEKS } from '#shared/reports/schemas';
import type { Report } from '../api/get-report';
import { Loading } from '../../../components/loading';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusBanner } from '../../../components/status-banner';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/layout';
import { useAccess } from '../../../lib/roles';
import { useCollectionsReport } from '../api/get-collections-report';
import { usePractitionerReport } from '../api/get-practitioner-report';
import { useReport } from '../api/get-report';
import { ChartCard } from '../components/chart-card';
import type { Column } from '../components/report-table';
import { CollectionsSection } from '../components/collections-section';
import { PractitionersSection } from '../components/practitioners-section';
import { activeAppointments, collectionsCsv, currenciesOf, formatMoney, PERIODS, periodDates, practitionerCsv, reportCsv, statusMix, weekLabel, type PeriodId } from '../lib';

// Chart.js loads with the first chart drawn (components/charts.tsx; ChartCard waits for it).
const Bar = lazy(() => import('../components/charts').then((m) => ({ default: m.Bar })));
const Doughnut = lazy(() => import('../components/charts').then((m) => ({ default: m.Doughnut })));

/** Colours readable on light and dark cards (Bootstrap's palette). */
const COLORS = { green: '#198754', blue: '#0d6efd', cyan: '#0dcaf0', amber: '#ffc107', red: '#dc3545', grey: '#6c757d', purple: '#6f42c1' };
const STATUS_COLORS = { requested: COLORS.cyan, confirmed: COLORS.blue, completed: COLORS.green, cancelled: COLORS.grey, 'no-show': COLORS.red };

/** Text and grid in the theme's colours (light or dark), read when a chart is drawn. */
function themeColors() {
  const style = getComputedStyle(document.documentElement);
  return {
    text: style.getPropertyValue('--bs-secondary-color').trim() || '#6c757d',
    grid: style.getPropertyValue('--bs-border-color-translucent').trim() || 'rgba(0, 0, 0, 0.175)',
  };
}

function barOptions(money?: string): ChartOptions<'bar'> {
  const { text, grid } = themeColors();
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: { legend: { labels: { color: text } }, tooltip: money ? { callbacks: { label: (c) => `${c.dataset.label}: ${formatMoney(Number(c.raw), money)}` } } : {} },
    scales: {
      x: { ticks: { color: text }, grid: { color: grid } },
      y: { beginAtZero: true, grid: { color: grid }, ticks: { color: text, precision: 0, ...(money ? { callback: (v) => formatMoney(Number(v), money) } : {}) } },
    },
  };
}

function downloadCsv(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function PeriodPicker({ period, from, to, onChange }: { period: PeriodId; from: string; to: string; onChange: (p: PeriodId, from: string, to: string) => void }) {
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return (
    <form className="d-flex flex-wrap align-items-end gap-2" onSubmit={(e) => e.preventDefault()} aria-label="Report period">
      <div>
        <label htmlFor="report-period" className="form-label small fw-semibold mb-1">
          Period
        </label>
        <select
          id="report-period"
          className="form-select form-select-sm"
          value={period}
          onChange={(e) => {
            const id = e.target.value as PeriodId;
            if (id === 'custom') onChange(id, from, to);
            else onChange(id, periodDates(id, today).from, periodDates(id, today).to);
          }}
        >
          {PERIODS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          <option value="custom">Custom dates</option>
        </select>
      </div>
      {period === 'custom' && (
        <>
          <div>
            <label htmlFor="report-from" className="form-label small fw-semibold mb-1">
              From
            </label>
            <input id="report-from" type="date" className="form-control form-control-sm" value={from} max={to} onChange={(e) => e.target.value && onChange('custom', e.target.value, to)} />
          </div>
          <div>
            <label htmlFor="report-to" className="form-label small fw-semibold mb-1">
              To
            </label>
            <input id="report-to" type="date" className="form-control form-control-sm" value={to} min={from} onChange={(e) => e.target.value && onChange('custom', from, e.target.value)} />
          </div>
        </>
      )}
    </form>
  );
}

// Memo: the page renders again as the practitioners' and the payments' figures arrive; the charts and
// their tables change only with the report.
const Charts = memo(function Charts({ report }: { report: Report }) {
  const labels = report.weeks.map((w) => weekLabel(w.week));
  const first = report.weeks[0];
  const currencies = currenciesOf(report);
  const mix = statusMix(report);
  const sum = (f: (w: Report['weeks'][number]) => number) => report.weeks.reduce((s, w) => s + f(w), 0);
  const cards = [];
  /** A bar chart over the weeks (`currency`: its axis in money). */
  // Built when drawn (ChartCard's `chart`): the options read the theme's colours from the computed style.
  const weekBars = (datasets: () => ChartDataset<'bar'>[], currency?: string) => () => <Bar options={barOptions(currency)} data={{ labels, datasets: datasets() }} />;

  if (first?.appointments || first?.bookings) {
    const columns: Column[] = [
      { label: 'Week' },
      ...(first.appointments ? [{ label: 'Appointments', numeric: true }] : []),
      ...(first.bookings ? [{ label: 'Paid bookings', numeric: true }, { label: 'Cancelled after paying', numeric: true }] : []),
    ];
    const row = (w: Report['weeks'][number]) => [...(w.appointments ? [activeAppointments(w)] : []), ...(w.bookings ? [w.bookings.confirmed, w.bookings.cancelled] : [])];
    const rows = report.weeks.map(row);
    const totals = columns.slice(1).map((_, i) => rows.reduce((s, r) => s + r[i], 0));
    cards.push(
      <ChartCard
        key="volume"
        title="Bookings and appointments per week"
        description="In the week they take place; cancelled appointments and bookings are left out of the bars."
        columns={columns}
        rows={report.weeks.map((w, i) => [weekLabel(w.week), ...rows[i]])}
        footer={['Total', ...totals]}
        empty={totals.every((t) => t === 0)}
        chart={weekBars(() => [
          ...(first.appointments ? [{ label: 'Appointments', data: report.weeks.map(activeAppointments), backgroundColor: COLORS.blue }] : []),
          ...(first.bookings ? [{ label: 'Paid bookings', data: report.weeks.map((w) => w.bookings!.confirmed), backgroundColor: COLORS.green }] : []),
        ])}
      />,
    );
  }

  if (first?.revenue) {
    const currency = currencies[0] ?? 'usd';
    const columns = [{ label: 'Week' }, ...currencies.flatMap((c) => [{ label: `Received (${c.toUpperCase()})`, numeric: true }, { label: `Refunded (${c.toUpperCase()})`, numeric: true }])];
    const cells = (paid: (c: string) => number, refunded: (c: string) => number) => currencies.flatMap((c) => [formatMoney(paid(c), c), formatMoney(refunded(c), c)]);
    cards.push(
      <ChartCard
        key="revenue"
        title="Revenue per week"
        description="Card payments for bookings and forms, in the week they came in."
        columns={columns}
        rows={report.weeks.map((w) => [weekLabel(w.week), ...cells((c) => w.revenue?.[c]?.paid ?? 0, (c) => w.revenue?.[c]?.refunded ?? 0)])}
        footer={['Total', ...cells((c) => sum((w) => w.revenue?.[c]?.paid ?? 0), (c) => sum((w) => w.revenue?.[c]?.refunded ?? 0))]}
        empty={currencies.length === 0}
        chart={weekBars(
          () => [
            { label: `Received (${currency.toUpperCase()})`, data: report.weeks.map((w) => w.revenue?.[currency]?.paid ?? 0), backgroundColor: COLORS.green },
            { label: `Refunded (${currency.toUpperCase()})`, data: report.weeks.map((w) => w.revenue?.[currency]?.refunded ?? 0), backgroundColor: COLORS.amber },
          ],
          currency,
        )}
      />,
    );
  }

  if (first?.appointments) {
    const total = mix.reduce((s, m) => s + m.count, 0);
    cards.push(
      <ChartCard
        key="mix"
        title="Appointment status mix"
        description="Appointments of the period by their status now, no-shows included."
        columns={[{ label: 'Status' }, { label: 'Appointments', numeric: true }, { label: 'Share', numeric: true }]}
        rows={mix.map((m) => [m.label, m.count, `${m.percent}%`])}
        footer={['Total', total, total ? '100%' : '0%']}
        empty={total === 0}
        chart={() => (
          <Doughnut
            options={{ responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'right', labels: { color: themeColors().text } } } }}
            data={{ labels: mix.map((m) => m.label), datasets: [{ data: mix.map((m) => m.count), backgroundColor: mix.map((m) => STATUS_COLORS[m.status]) }] }}
          />
        )}
      />,
    );
  }

  if (first?.leads) {
    const rate = (received: number, paid: number) => (received ? `${Math.round((paid / received) * 100)}%` : '—');
    const received = sum((w) => w.leads!.received);
    const paid = sum((w) => w.leads!.paid);
    cards.push(
      <ChartCard
        key="leads"
        title="Form leads and how many paid"
        description="Leads in the week they came in; paid counts those leads paid since."
        columns={[{ label: 'Week' }, { label: 'Leads', numeric: true }, { label: 'Paid', numeric: true }, { label: 'Paid share', numeric: true }]}
        rows={report.weeks.map((w) => [weekLabel(w.week), w.leads!.received, w.leads!.paid, rate(w.leads!.received, w.leads!.paid)])}
        footer={['Total', received, paid, rate(received, paid)]}
        empty={received === 0}
        chart={weekBars(() => [
          { label: 'Leads', data: report.weeks.map((w) => w.leads!.received), backgroundColor: COLORS.purple },
          { label: 'Paid', data: report.weeks.map((w) => w.leads!.paid), backgroundColor: COLORS.green },
        ])}
      />,
    );
  }

  if (first?.series || first?.waitlist) {
    const columns: Column[] = [
      { label: 'Week' },
      ...(first.series ? [{ label: 'Visits from series', numeric: true }, { label: 'Series booked', numeric: true }] : []),
      ...(first.waitlist ? [{ label: 'Waitlist offers', numeric: true }, { label: 'Times filled', numeric: true }] : []),
    ];
    const row = (w: Report['weeks'][number]) => [...(w.series ? [w.series.visits, w.series.booked] : []), ...(w.waitlist ? [w.waitlist.offered, w.waitlist.filled] : [])];
    const rows = report.weeks.map(row);
    const totals = columns.slice(1).map((_, i) => rows.reduce((s, r) => s + r[i], 0));
    cards.push(
      <ChartCard
        key="series"
        title="Series and the waitlist"
        description="Visits booked as part of a series in the week they take place (cancelled ones left out), and series in the week they were booked. Freed times offered to patients on the waitlist (one offer per patient told) and those booked from an offer, in the week of the time."
        columns={columns}
        rows={report.weeks.map((w, i) => [weekLabel(w.week), ...rows[i]])}
        footer={['Total', ...totals]}
        empty={totals.every((t) => t === 0)}
        chart={weekBars(() => [
          ...(first.series ? [{ label: 'Visits from series', data: report.weeks.map((w) => w.series!.visits), backgroundColor: COLORS.blue }] : []),
          ...(first.waitlist ? [{ label: 'Times filled from the waitlist', data: report.weeks.map((w) => w.waitlist!.filled), backgroundColor: COLORS.green }] : []),
        ])}
      />,
    );
  }

  return (
    <div className="row g-4">
      {cards.map((card) => (
        <div key={card.key} className="col-xl-6">
          {card}
        </div>
      ))}
    </div>
  );
});

export function ReportsPage() {
  usePageTitle('Reports', [{ title: 'Dashboard', path: paths.dashboard }]);
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const initial = useMemo(() => periodDates('around', today), [today]);
  const [period, setPeriod] = useState<{ id: PeriodId; from: string; to: string }>({ id: 'around', ...initial });
  const tooLong = period.from > period.to || weeksBetween(period.from, period.to).length > MAX_REPORT_WEEKS;
  const { data: report, error, isLoading, mutate } = useReport(period.from, tooLong ? period.from : period.to);
  // Practitioners are Bookings data: only members who may read bookings are shown (and ask for) them.
  const canAccess = useAccess();
  const practitioners = usePractitionerReport(period.from, tooLong ? period.from : period.to, canAccess({ module: 'Bookings' }));
  const collections = useCollectionsReport(period.from, tooLong ? period.from : period.to, canAccess({ module: 'Bookings' }));
  // The first load shows the page at once when the report and the practitioners' figures are in: the
  // note under the period, the charts and the practitioners' card arriving one by one pushed each
  // other down. Later periods load in place (the picker stays where it is).
  const [shown, setShown] = useState(false);
  const practitionersIn = !canAccess({ module: 'Bookings' }) || practitioners.data !== undefined || practitioners.error !== undefined;
  const ready = shown || ((Boolean(report) || Boolean(error) || tooLong) && practitionersIn);
  if (ready && !shown) setShown(true);
  if (!ready) return <Loading label="Loading reports..." showLabel className="reports-loading" />;

  return (
    // One column that may shrink below its content (a grid track is as wide as its widest item
    // otherwise: a chart's canvas sized at a wider window would keep the page wide on a phone).
    <div className="d-grid gap-4" style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <div className="card border-0 shadow-sm">
        <div className="card-body d-flex flex-wrap align-items-end justify-content-between gap-3">
          <PeriodPicker period={period.id} from={period.from} to={period.to} onChange={(id, from, to) => setPeriod({ id, from, to })} />
          <button type="button" className="btn btn-sm btn-outline-primary" disabled={!report} onClick={() => report && downloadCsv(reportCsv(report), `reports-${report.from}-to-${report.to}.csv`)}>
            <i className="bi bi-download me-1" aria-hidden="true" />
            Download CSV
          </button>
        </div>
        {report && (
          <div className="card-footer bg-transparent small text-body-secondary">
            Weeks run Monday to Sunday, {weekLabel(weekStartOf(report.from))} to {weekLabel(weekStartOf(report.to))}, in the organisation&apos;s time zone ({report.timeZone}).
            {report.reportingSince === null && ' Figures count what happened since reports were added; earlier activity of this organisation is not included.'}
            {report.reportingSince && ` Counting since ${formatDate(report.reportingSince, { dateStyle: 'medium' })}.`}
          </div>
        )}
      </div>
      {tooLong && <StatusBanner status={{ kind: 'danger', text: `A report covers at most ${MAX_REPORT_WEEKS} weeks, and From must not be after To. Please choose a shorter period.` }} />}
      {error && !report ? (
        <RetryAlert error={error} fallback="The reports could not be loaded." onRetry={() => void mutate()} />
      ) : isLoading && !report ? (
        <Loading label="Loading reports..." showLabel />
      ) : report ? (
        <Charts report={report} />
      ) : null}
      {canAccess({ module: 'Bookings' }) && (
        <CollectionsSection
          report={collections.data}
          error={collections.error}
          loading={collections.isLoading}
          onRetry={() => void collections.mutate()}
          onDownload={(r) => downloadCsv(collectionsCsv(r), `payments-${r.from}-to-${r.to}.csv`)}
        />
      )}
      {canAccess({ module: 'Bookings' }) && (
        <PractitionersSection
          report={practitioners.data}
          error={practitioners.error}
          loading={practitioners.isLoading}
          onRetry={() => void practitioners.mutate()}
          onDownload={(r) => downloadCsv(practitionerCsv(r), `practitioners-${r.from}-to-${r.to}.csv`)}
        />
      )}
    </div>
  );
}

export { ReportsPage as Component };
