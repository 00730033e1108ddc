// The calendar page's part of a drop on the team day: it asks the practitioner's free times for that
// booking, snaps to the start offered, and asks to confirm the handover; a time not offered goes back
// with the reason and nothing is asked. The grid itself (a real drag) is the e2e's
// (test/e2e/team-calendar.test.ts): here TeamDay is replaced, so its onDrop can be called directly.
import { act, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarItem } from './api/calendar';
import type { TeamColumn, TeamDrop } from './components/team-day';
import { saveToken } from '../../lib/session';
import { mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { CalendarPage } from './routes/calendar';

const seen = vi.hoisted(() => ({ props: undefined as undefined | { columns: TeamColumn[]; onDrop: (d: TeamDrop) => void } }));
vi.mock('./components/team-day', () => ({
  TeamDay: (props: { columns: TeamColumn[]; onDrop: (d: TeamDrop) => void }) => {
    seen.props = props;
    return <p>{props.columns.map((c) => c.name).join(', ')}</p>;
  },
}));

const booking: CalendarItem = {
  kind: 'booking', id: 'bk1', title: 'Pat Visitor · Physio', start: '2030-01-15T08:40:00.000Z', end: '2030-01-15T09:30:00.000Z',
  date: '2030-01-15', time: '09:40', status: 'confirmed', paymentStatus: 'paid', movable: true, packageId: 'pkg_physio', practitionerId: 'pr_ana', practitionerName: 'Ana Ruiz',
};
const hours = { start: '08:00', end: '18:00' };
const week = { monday: [hours], tuesday: [hours], wednesday: [hours], thursday: [hours], friday: [hours], saturday: [], sunday: [] };
const ok = (data: unknown) => ({ status: 200, body: { message: 'OK', data } });
const practitioner = (id: string, name: string, packageIds: string[]) => ({ id, name, title: 'Physiotherapist', color: '#1f77b4', weeklyHours: week, isActive: true, exceptions: [], packageIds, memberId: null, createdAt: '', updatedAt: '' });
const free = (times: string[]) =>
  ok({ date: '2030-01-15', timeZone: 'Europe/Berlin', timeZoneName: 'Central European Standard Time', timeZoneAbbreviation: 'CET', status: 'open', slotMinutes: 50, slots: times.map((time) => ({ time, startUtc: `2030-01-15T${time}:00.000Z`, label: time, remaining: 1 })) });

function renderTeam() {
  saveToken('token');
  const calls = mockApi({
    'GET /api/users/profile': ok({ id: 'u-me', email: 'me@example.com', isEmailVerified: true }),
    'GET /api/calendar': ok({ timeZone: 'Europe/Berlin', timeZoneName: 'Central European Standard Time', region: 'DE', kinds: ['booking'], items: [booking], truncated: false }),
    'GET /api/bookings/availability': ok({ configured: true, timeZone: 'Europe/Berlin', timeZoneName: 'Central European Standard Time', weeklyHours: week, slotMinutes: 50, capacity: 1, closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 60, updatedAt: null, updatedBy: null }),
    'GET /api/practitioners': ok({ items: [practitioner('pr_ana', 'Ana Ruiz', ['pkg_physio']), practitioner('pr_jonas', 'Jonas Weber', ['pkg_physio'])] }),
    'GET /api/bookings/free-times': (_b, url) => free(url.searchParams.get('practitionerId') === 'pr_jonas' ? ['13:30', '14:20', '15:10'] : ['10:30']),
    'POST /api/bookings/booking/bk1/move': ok({}),
  });
  // The refusal is a toast, as the page's other refusals.
  renderRoutes([{ path: '/calendar', element: <><ToastContainer /><WithRoles value={rolesState({ isOwner: true })}><CalendarPage /></WithRoles></> }], '/calendar?view=team&date=2030-01-15');
  return calls;
}

const dropOn = (to: string, time: string) => {
  const columns = seen.props!.columns;
  const drop = { item: booking, from: columns.find((c) => c.id === 'pr_ana')!, to: columns.find((c) => c.id === to)!, time, place: vi.fn(), revert: vi.fn() };
  act(() => seen.props!.onDrop(drop));
  return drop;
};

describe('a drop on the team day', { timeout: 20_000 }, () => {
  it("snaps to the start Jonas offers, asks to confirm the handover, and moves it to him", async () => {
    const calls = renderTeam();
    await screen.findByText('Ana Ruiz, Jonas Weber');
    const drop = dropOn('pr_jonas', '14:25');
    const dialog = await screen.findByRole('dialog', { name: 'Move this paid booking?' });
    // Jonas's own free times for this booking (its own time counted free), then the start nearest the drop.
    expect(calls.filter((c) => c.path === '/api/bookings/free-times')).toHaveLength(1);
    expect(drop.place).toHaveBeenCalledWith('14:20');
    expect(dialog).toHaveTextContent(/to Tuesday, January 15 at 2:20\sPM with Jonas Weber \(now with Ana Ruiz\)/);
    await act(() => {
      within(dialog).getByRole('button', { name: 'Move' }).click();
      return Promise.resolve();
    });
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ bookingDate: '2030-01-15', bookingTime: '14:20', practitionerId: 'pr_jonas', notify: true }));
    expect(drop.revert).not.toHaveBeenCalled();
  });

  it('puts a drop on a time not offered back with the reason, without asking first', async () => {
    const calls = renderTeam();
    await screen.findByText('Ana Ruiz, Jonas Weber');
    const drop = dropOn('pr_jonas', '14:50');
    await waitFor(() => expect(drop.revert).toHaveBeenCalledOnce());
    expect(await screen.findByText(/^Jonas Weber does not offer 2:50\sPM for this booking\. Free times nearby: 1:30\sPM, 2:20\sPM, 3:10\sPM\. Nothing was moved\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(drop.place).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
