import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Report } from '#shared/schemas/reports';
import { saveToken } from '../../lib/session';
import { mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { periodDates, reportCsv, statusMix } from './lib';
import { ReportsPage } from './routes/reports';

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

function render(answers: Parameters<typeof mockApi>[0], roles = rolesState({ isOwner: true })) {
  saveToken('token');
  const calls = mockApi({ 'GET /api/users/profile': { status: 200, body: { message: 'OK', data: me } }, ...answers });
  const view = renderRoutes([{ path: '/crafted/widgets/reports', element: <WithRoles value={roles}><ReportsPage /></WithRoles> }], '/crafted/widgets/reports');
  return { ...view, calls };
}

const table = (name: string) => within(screen.getByRole('table', { name }));

describe('reports page', { timeout: 20_000 }, () => {
  it('shows each chart with its table (for screen readers), the zone, and asks for the chosen period', async () => {
    const { user, calls } = render({ 'GET /api/reports': { status: 200, body: { message: 'OK', data: REPORT } } });
    const volume = await screen.findByRole('table', { name: 'Bookings and appointments per week' });
    // Week of 23 Nov: appointments not cancelled 3 (2 completed, 1 no-show), 2 paid bookings, 1 cancelled after paying.
    expect(within(volume).getByRole('row', { name: 'W48 · 23 Nov 3 2 1' })).toBeInTheDocument();
    expect(within(volume).getByRole('row', { name: 'Total 4 3 1' })).toBeInTheDocument();
    expect(table('Revenue per week').getByRole('row', { name: 'W48 · 23 Nov $179.00 $49.50' })).toBeInTheDocument();
    expect(table('Appointment status mix').getByRole('row', { name: 'No-show 1 20%' })).toBeInTheDocument();
    expect(table('Form leads and how many paid').getByRole('row', { name: 'Total 3 2 67%' })).toBeInTheDocument();
    expect(screen.getByText(/in the organisation's time zone \(Pacific\/Auckland\)/)).toBeInTheDocument();

    // The table is on screen once asked for.
    const mixCard = screen.getByRole('region', { name: 'Appointment status mix' });
    await user.click(within(mixCard).getByRole('button', { name: 'Table' }));
    expect(within(mixCard).getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(mixCard).getByRole('table').parentElement).not.toHaveClass('visually-hidden');

    const bars = JSON.parse(document.querySelector('[data-chart="bar"]')!.getAttribute('data-datasets')!);
    expect(bars).toEqual([
      { label: 'Appointments', data: [3, 1] },
      { label: 'Paid bookings', data: [2, 1] },
    ]);
    const first = calls.find((c) => c.path === '/api/reports')!;
    expect(first).toBeDefined();
    await user.selectOptions(screen.getByLabelText('Period'), 'last12');
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/reports?')).length).toBeGreaterThan(1));
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
});
