import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarItem } from '#shared/calendar/types';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { applyFilters, assigneesOf, defaultView, localOf, lookOf } from './lib';
import { CalendarPage } from './routes/calendar';

const me = { id: 'u-me', email: 'me@example.com', isEmailVerified: true };
const item = (id: string, extra: Partial<CalendarItem> = {}): CalendarItem => ({
  kind: 'booking', id, title: `Pat ${id} · Consultation`, start: '2030-01-15T14:00:00.000Z', end: '2030-01-15T15:00:00.000Z',
  date: '2030-01-15', time: '09:00', status: 'confirmed', paymentStatus: 'paid', movable: true, ...extra,
});
const view = (items: CalendarItem[], kinds: CalendarItem['kind'][] = ['appointment', 'booking']) => ({
  status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', kinds, items, truncated: false } },
});

function render(path: string, answers: Parameters<typeof mockApi>[0], roles = rolesState({ isOwner: true })) {
  saveToken('token');
  const calls = mockApi({ 'GET /api/users/profile': { status: 200, body: { message: 'OK', data: me } }, ...answers });
  const rendered = renderRoutes(
    [
      { path: '/calendar', element: <WithRoles value={roles}><CalendarPage /></WithRoles> },
      { path: '/bookings/booking/:id', element: <h1>Booking page</h1> },
      { path: '/appointments/:id', element: <h1>Appointment page</h1> },
    ],
    path,
  );
  return { ...rendered, calls };
}

const calendarUrls = () => vi.mocked(fetch).mock.calls.map(([input]) => String(input)).filter((u) => u.includes('/api/calendar'));

describe('calendar page', { timeout: 20_000 }, () => {
  it('reads the week of the URL, shows the items in the organisation zone with its name, and keeps view and date in the URL', async () => {
    const { user, router } = render('/calendar?view=week&date=2030-01-15', {
      'GET /api/calendar': view([item('a'), item('b', { kind: 'appointment', title: 'Ann Appointment', start: '2030-01-16T15:30:00.000Z', end: null, date: '2030-01-16', time: '10:30', status: 'requested', version: 2 })]),
    });
    expect(await screen.findByText('Pat a · Consultation')).toBeInTheDocument();
    expect(screen.getByText('Ann Appointment')).toBeInTheDocument();
    expect(screen.getByTestId('calendar-zone')).toHaveTextContent('Times in Eastern Standard Time (America/New_York)');
    // The week around 15 January 2030 (Sunday to Sunday), as local dates.
    expect(calendarUrls()[0]).toContain('start=2030-01-13&end=2030-01-20');
    // 9:00 in New York, not the browser's zone.
    expect(screen.getByText('Pat a · Consultation').closest('a')).toHaveTextContent('9:00');

    // Next: the following week, from its first day.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=week&date=2030-01-20'));
    await waitFor(() => expect(calendarUrls().at(-1)).toContain('start=2030-01-20&end=2030-01-27'));
    await user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=month&date=2030-01-20'));
    await waitFor(() => expect(calendarUrls().at(-1)).toContain('start=2029-12-30&end=2030-02-10'));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    // Back returns to the week.
    await router.navigate(-1);
    await waitFor(() => expect(calendarUrls().at(-1)).toContain('start=2030-01-20&end=2030-01-27'));
  });

  it('filters by kind and by assignee', async () => {
    const { user } = render('/calendar?view=week&date=2030-01-15', {
      'GET /api/calendar': view([
        item('a'),
        item('b', { kind: 'appointment', title: 'Ann Assigned', assignee: { userId: 'u1', name: 'Dr Lee' }, status: 'confirmed' }),
        item('c', { kind: 'appointment', title: 'Nora Nobody', status: 'requested' }),
      ]),
    });
    expect(await screen.findByText('Ann Assigned')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Bookings'));
    await waitFor(() => expect(screen.queryByText('Pat a · Consultation')).not.toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'Dr Lee');
    await waitFor(() => expect(screen.queryByText('Nora Nobody')).not.toBeInTheDocument());
    expect(screen.getByText('Ann Assigned')).toBeInTheDocument();
  });

  it('opens an item in a dialog, moves it there, and shows the refusal of a full time', async () => {
    let moves = 0;
    const { user, calls } = render('/calendar?view=week&date=2030-01-15', {
      'GET /api/calendar': view([item('a')]),
      'POST /api/bookings/booking/a/move': () => (++moves === 1 ? { status: 409, body: { message: 'That time is full. Please choose another time.' } } : { status: 200, body: { message: 'Booking moved.', data: {} } }),
    });
    await user.click(await screen.findByText('Pat a · Consultation'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Booking · confirmed')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open booking' })).toHaveAttribute('href', '/bookings/booking/a');
    const time = within(dialog).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That time is full. Please choose another time.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ bookingDate: '2030-01-15', bookingTime: '11:00' });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no move to a member who may only read, and shows only the kinds they may read', async () => {
    const { user } = render('/calendar?view=week&date=2030-01-15', { 'GET /api/calendar': view([item('a', { movable: false })], ['booking']) }, rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true })] }));
    await user.click(await screen.findByText('Pat a · Consultation'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Assigned to')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Appointments')).not.toBeInTheDocument();
  });

  it('renders a week of 500 items', async () => {
    const many = Array.from({ length: 500 }, (_, i) => {
      const start = new Date(Date.UTC(2030, 0, 13 + (i % 7), 13 + (i % 9), (i % 4) * 15));
      return item(`m${i}`, { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() });
    });
    const started = performance.now();
    render('/calendar?view=week&date=2030-01-15', { 'GET /api/calendar': view(many, ['booking']) });
    expect(await screen.findByText('Pat m0 · Consultation')).toBeInTheDocument();
    expect(screen.getByText('Pat m499 · Consultation')).toBeInTheDocument();
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('calendar helpers', () => {
  it('looks, filters and local times', () => {
    expect(lookOf({ kind: 'booking', status: 'held' }).label).toBe('Booking · awaiting payment');
    expect(lookOf({ kind: 'appointment', status: 'confirmed' }).background).toBe('#1c5fb8');
    expect(localOf('2030-03-10T03:30:00-04:00')).toEqual({ date: '2030-03-10', time: '03:30' });
    expect(defaultView(390)).toBe('list');
    expect(defaultView(1280)).toBe('week');
    const items = [item('a'), item('b', { kind: 'appointment', assignee: { userId: 'u1', name: 'Zed' } }), item('c', { kind: 'appointment' })];
    expect(applyFilters(items, { kinds: ['appointment', 'booking'], assignee: '-' }).map((i) => i.id)).toEqual(['c']);
    expect(applyFilters(items, { kinds: ['booking'], assignee: '' }).map((i) => i.id)).toEqual(['a']);
    expect(assigneesOf(items)).toEqual([{ userId: 'u1', name: 'Zed' }]);
  });
});
