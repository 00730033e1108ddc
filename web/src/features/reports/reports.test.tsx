import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CollectionsCurrency, CollectionsReport } from './api/get-collections-report';
import type { PractitionerReport } from './api/get-practitioner-report';
import type { Report } from './api/get-report';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { fetchedUrls } from '../../testing/fetched-urls';
import { collectionsCsv, formatMinutes, periodDates, practitionerCsv, reportCsv, statusMix } from './lib';
import { ReportsPage } from './routes/reports';

/** A week's start as the reader's locale writes it (the labels follow the browser's locale: '23 Nov' or 'Nov 23'). */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const NOV23 = day('2026-11-23');
const NOV30 = day('2026-11-30');

// jsdom cannot draw on a canvas (Chart.js gets no context and fails on its next update): the charts
// render as a canvas carrying what they were given, and the tests read the tables people read.
vi.mock('react-chartjs-2', () => {
  const chart = (type: string) => (props: { data: { labels?: unknown[]; datasets: { label?: string; data: unknown[] }[] } }) => (
    <canvas data-chart={type} data-datasets={JSON.stringify(props.data.datasets.map((d) => ({ label: d.label, data: d.data })))} />
  );
  return { Bar: chart('bar'), Doughnut: chart('doughnut') };
});

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const appointments = (a: Partial<Record<'requested' | 'confirmed' | 'completed' | 'cancelled' | 'no-show', number>>) => ({ requested: 0, confirmed: 0, completed: 0, cancelled: 0, 'no-show': 0, ...a });

const REPORT: Report = {
  from: '2026-11-23',
  to: '2026-12-06',
  timeZone: 'Pacific/Auckland',
  reportingSince: '2026-11-01T00:00:00.000Z',
  weeks: [
    { week: '2026-11-23', appointments: appointments({ completed: 2, 'no-show': 1, cancelled: 1 }), bookings: { confirmed: 2, cancelled: 1 }, revenue: { usd: { paid: 17900, refunded: 4950 } }, leads: { received: 3, paid: 2 } },
    { week: '2026-11-30', appointments: appointments({ confirmed: 1 }), bookings: { confirmed: 1, cancelled: 0 }, revenue: {}, leads: { received: 0, paid: 0 } },
  ],
};

const row = (practitionerId: string, name: string, figures: Partial<PractitionerReport['weeks'][number]['practitioners'][number]>) => ({
  practitionerId, name, bookings: 0, revenue: {}, bookedMinutes: 0, workingMinutes: 0, utilisation: null, ...figures,
});

const PRACTITIONERS: PractitionerReport = {
  from: REPORT.from,
  to: REPORT.to,
  timeZone: REPORT.timeZone,
  reportingSince: REPORT.reportingSince,
  weeks: [
    {
      week: '2026-11-23',
      practitioners: [
        row('pr_ana', 'Ana Ruiz', { bookings: 3, revenue: { usd: { paid: 18000, refunded: 6000 }, eur: { paid: 5000, refunded: 0 } }, bookedMinutes: 210, workingMinutes: 1380, utilisation: 210 / 1380 }),
        row('pr_ben', 'Ben Ode', { workingMinutes: 0, utilisation: null }),
      ],
    },
    { week: '2026-11-30', practitioners: [row('pr_ana', 'Ana Ruiz', { bookings: 1, bookedMinutes: 60, workingMinutes: 2100, utilisation: 60 / 2100 })] },
  ],
};
const money = (row: Partial<CollectionsCurrency> & { currency: string }): CollectionsCurrency => ({
  expectedMinor: 0, collectedMinor: 0, dueNowMinor: 0, onlineMinor: 0, depositsMinor: 0, atClinicMinor: 0, feesMinor: 0, feesUnpaidMinor: 0, refundedMinor: 0, outstandingMinor: 0,
  visits: 0, noShows: 0, lateCancellations: 0, ...row,
});
const NO_COLLECTIONS: CollectionsReport = { from: REPORT.from, to: REPORT.to, timeZone: REPORT.timeZone, reportingSince: REPORT.reportingSince, truncated: false, currencies: [] };
const COLLECTIONS: CollectionsReport = {
  ...NO_COLLECTIONS,
  currencies: [
    money({ currency: 'jpy', expectedMinor: 5000, collectedMinor: 5000, dueNowMinor: 5000, onlineMinor: 5000, visits: 1 }),
    money({
      currency: 'usd', expectedMinor: 14900, collectedMinor: 18340, dueNowMinor: 5940, onlineMinor: 15840, depositsMinor: 990, atClinicMinor: 0, feesMinor: 2500,
      feesUnpaidMinor: 2500, refundedMinor: 0, outstandingMinor: 3960, visits: 2, noShows: 2, lateCancellations: 0,
    }),
  ],
};
const NO_PRACTITIONERS: PractitionerReport = { ...PRACTITIONERS, weeks: PRACTITIONERS.weeks.map((w) => ({ week: w.week, practitioners: [] })) };

function render(answers: Parameters<typeof mockApi>[0], roles = rolesState({ isOwner: true })) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: me } },
    'GET /api/reports/practitioners': { status: 200, body: { message: 'OK', data: NO_PRACTITIONERS } },
    'GET /api/reports/collections': { status: 200, body: { message: 'OK', data: { ...NO_COLLECTIONS } } },
    ...answers,
  });
  const view = renderRoutes([{ path: '/crafted/widgets/reports', element: <WithRoles value={roles}><ReportsPage /></WithRoles> }], '/crafted/widgets/reports');
  return { ...view, calls };
}

const table = (name: string) => within(screen.getByRole('table', { name }));

describe('reports page', { timeout: 20_000 }, () => {
  it('shows each chart with its table (for screen readers), the zone, and asks for the chosen period', async () => {
    const { user, calls } = render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } } });
    const volume = await screen.findByRole('table', { name: 'Bookings and appointments per week' });
    // Week of 23 Nov: appointments not cancelled 3 (2 completed, 1 no-show), 2 paid bookings, 1 cancelled after paying.
    expect(within(volume).getByRole('row', { name: `W48 · ${NOV23} 3 2 1` })).toBeInTheDocument();
    expect(within(volume).getByRole('row', { name: 'Total 4 3 1' })).toBeInTheDocument();
    expect(table('Revenue per week').getByRole('row', { name: `W48 · ${NOV23} $179.00 $49.50` })).toBeInTheDocument();
    expect(table('Appointment status mix').getByRole('row', { name: 'No-show 1 20%' })).toBeInTheDocument();
    expect(table('Form leads and how many paid').getByRole('row', { name: 'Total 3 2 67%' })).toBeInTheDocument();
    expect(screen.getByText(/in the organisation's time zone \(Pacific\/Auckland\)/)).toBeInTheDocument();

    // The table is on screen once asked for.
    const mixCard = screen.getByRole('region', { name: 'Appointment status mix' });
    await user.click(within(mixCard).getByRole('button', { name: 'Table' }));
    expect(within(mixCard).getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(mixCard).getByRole('table').parentElement).not.toHaveClass('visually-hidden');

    // The charts' code is a chunk of its own (components/charts.tsx): the bars come once it has loaded,
    // one chart at a time (ChartCard's chartTurn).
    const volumeChart = () => screen.getByRole('region', { name: 'Bookings and appointments per week' }).querySelector('[data-chart="bar"]');
    await waitFor(() => expect(volumeChart()).not.toBeNull());
    const bars = JSON.parse(volumeChart()!.getAttribute('data-datasets')!);
    expect(bars).toEqual([
      { label: 'Appointments', data: [3, 1] },
      { label: 'Paid bookings', data: [2, 1] },
    ]);
    const first = calls.find((c) => c.path === '/api/reports')!;
    expect(first).toBeDefined();
    await user.selectOptions(screen.getByLabelText('Period'), 'last12');
    await waitFor(() => expect(fetchedUrls().filter((u) => u.startsWith('/api/reports?')).length).toBeGreaterThan(1));
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    expect(screen.getByLabelText('From')).toBeInTheDocument();
  });

  it('downloads the figures as CSV', async () => {
    const { user } = render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } } });
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // Download CSV is disabled until the report has arrived.
    await screen.findByRole('table', { name: 'Bookings and appointments per week' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalled();
    expect(await blob!.text()).toBe(reportCsv(REPORT));
  });

  it('shows a member only the parts the server sent, and says when counting began', async () => {
    const leadsOnly: Report = { ...REPORT, reportingSince: null, weeks: REPORT.weeks.map((w) => ({ week: w.week, leads: w.leads })) };
    render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: leadsOnly } } }, rolesState({ roles: [] }));
    expect(await screen.findByRole('table', { name: 'Form leads and how many paid' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Revenue per week' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Appointment status mix' })).toBeNull();
    expect(screen.getByText(/earlier activity of this organisation is not included/)).toBeInTheDocument();
  });

  it('says why when the reports cannot be loaded, and retries', async () => {
    let tries = 0;
    const { user } = render({
      'GET /api/reports': () => (++tries === 1 ? { status: 403, body: { message: 'You do not have permission to see reports.' } } : { status: 200, body: { message: 'OK', data: REPORT } }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have permission to see reports.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Revenue per week' })).toBeInTheDocument();
  });
});

describe('reports page: practitioners', { timeout: 20_000 }, () => {
  it('shows one table for the period: a row per practitioner with the weeks added up, and a row of totals', async () => {
    const { calls, user } = render({
      'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } },
      'GET /api/reports/practitioners': { status: 200, body: { message: 'OK', data: PRACTITIONERS } },
    });
    const section = await screen.findByRole('region', { name: 'Practitioners' });
    const table = await within(section).findByRole('table', { name: `Practitioners, 2 weeks from W48 · ${NOV23}` });
    // Ana's two weeks: 3 + 1 bookings, 210 + 60 of 1380 + 2100 minutes booked (7.8%, not the mean of 15.2% and 2.9%);
    // dollars and euros stay apart; no working time reads as a dash.
    expect(within(table).getByRole('row', { name: 'Ana Ruiz 4 $180.00 ($60.00 refunded), €50.00 4 h 30 min 58 h 7.8%' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Ben Ode 0 — 0 min 0 min —' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'All practitioners 4 $180.00 ($60.00 refunded), €50.00 4 h 30 min 58 h 7.8%' })).toBeInTheDocument();
    expect(within(section).getAllByRole('table')).toHaveLength(2);
    // Week by week, folded away: each week's bookings and booked time per practitioner.
    await user.click(within(section).getByText('Week by week'));
    const weeks = within(section).getByRole('region', { name: 'Practitioners week by week' });
    expect(within(weeks).getByRole('row', { name: `W48 · ${NOV23} 3 · 3 h 30 min 0 · 0 min` })).toBeInTheDocument();
    expect(within(weeks).getByRole('row', { name: `W49 · ${NOV30} 1 · 1 h —` })).toBeInTheDocument();
    // The same period as the rest of the page.
    expect(calls.some((c) => c.path === '/api/reports/practitioners')).toBe(true);
    const reportUrl = fetchedUrls().find((u) => u.startsWith('/api/reports?'))!;
    expect(fetchedUrls()).toContain(reportUrl.replace('/api/reports?', '/api/reports/practitioners?'));
  });

  it('downloads the practitioner figures as CSV', async () => {
    const { user } = render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } }, 'GET /api/reports/practitioners': { status: 200, body: { message: 'OK', data: PRACTITIONERS } } });
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:practitioners';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await screen.findByRole('table', { name: `Practitioners, 2 weeks from W48 · ${NOV23}` });
    await user.click(screen.getByRole('button', { name: 'Download practitioners CSV' }));
    expect(await blob!.text()).toBe(practitionerCsv(PRACTITIONERS));
  });

  it('is not shown to a member who may not read bookings (nor asked for), nor to a clinic without practitioners', async () => {
    render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } } }, rolesState({ roles: [entry('Appointment', { read: true })] }));
    await screen.findByRole('table', { name: 'Appointment status mix' });
    expect(screen.queryByRole('region', { name: 'Practitioners' })).toBeNull();
    expect(fetchedUrls().some((u) => u.startsWith('/api/reports/practitioners'))).toBe(false);
  });

  it('hides the section when the clinic has no practitioners, and retries after a failure', async () => {
    let tries = 0;
    const { user } = render({
      'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } },
      'GET /api/reports/practitioners': () => (++tries === 1 ? { status: 500, body: { message: 'Something went wrong.' } } : { status: 200, body: { message: 'OK', data: NO_PRACTITIONERS } }),
    });
    const section = await screen.findByRole('region', { name: 'Practitioners' });
    const alert = await within(section).findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Practitioners' })).toBeNull());
  });
});

describe('report figures as the page reads them', () => {
  it('builds whole-week periods, the status mix and the CSV', () => {
    expect(periodDates('last4', '2026-11-25')).toEqual({ from: '2026-11-02', to: '2026-11-29' });
    expect(periodDates('next4', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-12-27' });
    expect(statusMix(REPORT).find((m) => m.status === 'completed')).toEqual({ status: 'completed', label: 'Completed', count: 2, percent: 40 });
    const lines = reportCsv(REPORT).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Week starting,ISO week,Appointments requested,Appointments confirmed,Appointments completed,Appointments cancelled,Appointments no-show,Paid bookings,Paid bookings cancelled,Received (USD),Refunded (USD),Leads received,Leads paid',
    );
    expect(lines[1]).toBe('2026-11-23,2026-W48,0,0,2,1,1,2,1,179.00,49.50,3,2');
    expect(lines[2]).toBe('2026-11-30,2026-W49,0,1,0,0,0,1,0,0.00,0.00,0,0');
  });

  it('writes the practitioner CSV per practitioner and week, currencies apart, and time in hours and minutes', () => {
    const lines = practitionerCsv(PRACTITIONERS).trim().split('\r\n');
    expect(lines[0]).toBe('Week starting,ISO week,Practitioner,Paid bookings,Booked minutes,Working minutes,Utilisation (%),Received (USD),Refunded (USD),Received (EUR),Refunded (EUR)');
    expect(lines[1]).toBe('2026-11-23,2026-W48,Ana Ruiz,3,210,1380,15.2,180.00,60.00,50.00,0.00');
    expect(lines[2]).toBe('2026-11-23,2026-W48,Ben Ode,0,0,0,,0.00,0.00,0.00,0.00');
    expect(lines).toHaveLength(4);
    expect(practitionerCsv({ ...PRACTITIONERS, weeks: [{ week: '2026-11-23', practitioners: [row('pr_x', '=SUM(A1)', {})] }] })).toContain("'=SUM(A1)");
    expect([45, 60, 90, 1380].map(formatMinutes)).toEqual(['45 min', '1 h', '1 h 30 min', '23 h']);
  });
});

describe('payments: expected and collected', { timeout: 20_000 }, () => {
  it('shows each figure per currency in its own money, usd first, the totals, and downloads its CSV', async () => {
    const { user, calls } = render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } }, 'GET /api/reports/collections': { status: 200, body: { message: 'OK', data: COLLECTIONS } } });
    const figures = within(await screen.findByRole('table', { name: /Per currency, for the visits of the period/ }));
    expect(figures.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Figure', 'USD', 'JPY']);
    expect(figures.getByRole('row', { name: /^Expected Prices of the visits kept.* \$149\.00 ¥5,000$/ })).toBeInTheDocument();
    expect(figures.getByRole('row', { name: /^Due online when booking .* \$59\.40 ¥5,000$/ })).toBeInTheDocument();
    expect(figures.getByRole('row', { name: 'of which deposits $9.90 ¥0' })).toBeInTheDocument();
    expect(figures.getByRole('row', { name: /^Fees declined or awaiting authentication .* \$25\.00 ¥0$/ })).toBeInTheDocument();
    expect(figures.getByRole('row', { name: /^Outstanding .* \$39\.60 ¥0$/ })).toBeInTheDocument();
    expect(figures.getByRole('row', { name: 'No-shows and late cancellations 2 0' })).toBeInTheDocument();
    const asked = calls.find((c) => c.path === '/api/reports/collections');
    expect(asked).toBeDefined();

    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:payments';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download payments CSV' }));
    const lines = (await blob!.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'From,To,Currency,Visits kept,No-shows and late cancellations,Expected,Due online when booking,Collected online,Of which deposits,Paid at the clinic,Fees charged,Fees declined or awaiting authentication,Refunds,Collected,Outstanding',
    );
    expect(lines[1]).toBe('2026-11-23,2026-12-06,USD,2,2,149.00,59.40,158.40,9.90,0.00,25.00,25.00,0.00,183.40,39.60');
    expect(lines[2]).toBe('2026-11-23,2026-12-06,JPY,1,0,5000,5000,5000,0,0,0,0,0,5000,0');
    expect(collectionsCsv(NO_COLLECTIONS).trim().split('\r\n')).toHaveLength(1);
  });

  it('says what will appear when the period has no bookings', async () => {
    render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } } });
    expect(await screen.findByText(/No bookings with a time in this period yet\. Once patients book, their prices, deposits/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download payments CSV' })).toBeDisabled();
  });

  it('is neither shown nor asked for when the member may not read bookings', async () => {
    const { calls } = render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } } }, rolesState({ roles: [entry('Appointment', { read: true })] }));
    await screen.findByRole('table', { name: 'Bookings and appointments per week' });
    expect(screen.queryByRole('heading', { name: 'Payments: expected and collected' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/reports/collections')).toBe(false);
  });
});

describe('series and the waitlist', { timeout: 20_000 }, () => {
  const WITH_SERIES: Report = {
    ...REPORT,
    weeks: [
      { ...REPORT.weeks[0], series: { visits: 3, booked: 1 }, waitlist: { offered: 2, filled: 1 } },
      { ...REPORT.weeks[1], series: { visits: 2, booked: 0 }, waitlist: { offered: 0, filled: 0 } },
    ],
  };
  it('shows visits from series, series booked, waitlist offers and times filled per week with totals, and in the CSV', async () => {
    render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: WITH_SERIES } } });
    await screen.findByRole('table', { name: 'Series and the waitlist' });
    const series = table('Series and the waitlist');
    expect(series.getByRole('row', { name: `W48 · ${NOV23} 3 1 2 1` })).toBeInTheDocument();
    expect(series.getByRole('row', { name: `W49 · ${NOV30} 2 0 0 0` })).toBeInTheDocument();
    expect(series.getByRole('row', { name: 'Total 5 1 2 1' })).toBeInTheDocument();
    const lines = reportCsv(WITH_SERIES).trim().split('\r\n');
    expect(lines[0]).toMatch(/,Visits from series,Series booked,Waitlist offers made,Times filled from the waitlist$/);
    expect(lines[1]).toMatch(/,3,1,2,1$/);
  });

  it('is not shown when the report has no such part (a member without Bookings read)', async () => {
    render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } } });
    await screen.findByRole('table', { name: 'Revenue per week' });
    expect(screen.queryByRole('table', { name: 'Series and the waitlist' })).toBeNull();
  });
});

describe("the reader's date format", () => {
  it('writes a week as the locale does', async () => {
    const { weekLabel } = await import('./lib');
    expect(weekLabel('2026-11-23', 'en-GB')).toBe('W48 · 23 Nov');
    expect(weekLabel('2026-11-23', 'en-US')).toBe('W48 · Nov 23');
    expect(weekLabel('2026-11-23', 'de-DE')).toBe('W48 · 23. Nov.');
  });
});
