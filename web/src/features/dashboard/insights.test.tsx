import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReplyOf } from '#shared/api-contract';
import { RegistryProvider } from '../../lib/registry';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import type { RolesState } from '../../lib/roles';
import { ReportTiles } from './components/insights';

type Report = ReplyOf<'GET /reports'>;

const ok = (data: unknown) => ({ status: 200, body: { message: 'OK', data } });
const week = (parts: Partial<Report['weeks'][number]>): Report => ({ from: '2026-11-23', to: '2026-11-29', timeZone: 'Europe/London', reportingSince: null, weeks: [{ week: '2026-11-23', ...parts }] });

function render(report: Report, roles: RolesState, currency?: string) {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': ok({ id: 'u', email: 'me@example.com' }),
    'GET /api/reports': ok(report),
    ...(currency ? { 'GET /api/organization/profile': ok({ name: 'Clinic', currency }) } : {}),
  });
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <RegistryProvider value={{ isRegistered: () => true }}>
            <WithRoles value={roles}>
              <ReportTiles />
              <p>Dashboard content</p>
            </WithRoles>
          </RegistryProvider>
        ),
      },
    ],
    '/dashboard',
  );
  return calls;
}

describe('dashboard report tiles', () => {
  it('show this week’s appointments (not cancelled) and money received, linking to the reports', async () => {
    const calls = render(
      week({ appointments: { requested: 1, confirmed: 2, completed: 1, cancelled: 4, 'no-show': 1 }, bookings: { confirmed: 1, cancelled: 0 }, revenue: { usd: { paid: 17900, refunded: 0 } } }),
      rolesState({ isOwner: true }),
    );
    expect(await screen.findByRole('link', { name: /5\s*Appointments this week/ })).toHaveAttribute('href', '/crafted/widgets/reports');
    expect(screen.getByRole('link', { name: /\$179\.00\s*Received this week/ })).toBeInTheDocument();
    // This week in the organisation's zone: the server decides the week.
    expect(calls.find((c) => c.path === '/api/reports')).toBeDefined();
  });

  it("show a figure per currency taken this week, the clinic's first (never summed), and no empty other currency", async () => {
    render(week({ revenue: { usd: { paid: 4950, refunded: 0 }, jpy: { paid: 5000, refunded: 0 }, eur: { paid: 0, refunded: 0 } } }), rolesState({ isOwner: true }), 'jpy');
    const tile = await screen.findByRole('link', { name: /Received this week/ });
    expect(tile).toHaveTextContent(/^¥5,000\$49\.50Received this week/);
    expect(tile).not.toHaveTextContent('€');
  });

  it("show the clinic's currency at nothing when nothing was taken", async () => {
    render(week({ revenue: {} }), rolesState({ isOwner: true }), 'eur');
    expect(await screen.findByRole('link', { name: /€0\.00\s*Received this week/ })).toBeInTheDocument();
  });

  it('show nothing to a member who may read none of the report modules, and ask for nothing', async () => {
    const calls = render(week({}), rolesState({ roles: [entry('Members', { read: true })] }));
    await screen.findByText('Dashboard content');
    expect(screen.queryByRole('link', { name: /this week/ })).toBeNull();
    expect(calls.some((c) => c.path === '/api/reports')).toBe(false);
  });
});
