// The page's FullCalendar renders when what it shows changes, not each time the page renders: its
// title (named by the grid's datesSet), its first show and a dialog opening rendered the whole grid
// again (FullCalendar 7 recomputes its options on any option of another identity), each a long task of
// a phone's main thread at load (components/main-calendar.tsx).
import { screen, waitFor } from '@testing-library/react';
import { forwardRef, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarItem } from './api/calendar';
import { saveToken } from '../../lib/session';
import { mockApi, renderRoutes, rolesState, WithRoles } from '../../testing/render';
import { CalendarPage } from './routes/calendar';

// FullCalendar itself, counted each time the page's tree renders it (its own state changes do not count).
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@fullcalendar/react', async (importOriginal) => {
  const real = await importOriginal<typeof import('@fullcalendar/react')>();
  const Real = real.default;
  const Counted = forwardRef<unknown, ComponentProps<typeof Real>>((props, ref) => {
    renders.count++;
    return <Real {...props} ref={ref as never} />;
  });
  return { ...real, default: Counted };
});

const item = (id: string): CalendarItem => ({
  kind: 'booking', id, title: `Pat ${id} · Consultation`, start: '2030-01-15T14:00:00.000Z', end: '2030-01-15T15:00:00.000Z',
  date: '2030-01-15', time: '09:00', status: 'confirmed', paymentStatus: 'paid', movable: true,
});

describe('the main calendar', () => {
  it('renders once at load, not again for the title, the first show or an open dialog', async () => {
    saveToken('token');
    mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u-me', email: 'me@example.com', isEmailVerified: true } } },
      'GET /api/calendar': { status: 200, body: { message: 'OK', data: { timeZone: 'America/New_York', timeZoneName: 'Eastern Standard Time', region: 'US', kinds: ['appointment', 'booking'], items: [item('a')], truncated: false } } },
      'GET /api/bookings/booking/a': { status: 200, body: { message: 'OK', data: { id: 'a', packageId: 'pkg_1' } } },
    });
    const { user } = renderRoutes([{ path: '/calendar', element: <WithRoles value={rolesState({ isOwner: true })}><CalendarPage /></WithRoles> }], '/calendar?view=week&date=2030-01-15');
    const event = await screen.findByText('Pat a · Consultation');
    // Shown: the title is in and the card is visible.
    await waitFor(() => expect(document.querySelector('.card-body')).not.toHaveStyle({ visibility: 'hidden' }));
    expect(screen.getByRole('heading', { name: /Jan/ })).toBeInTheDocument();
    expect(renders.count).toBe(1);
    await user.click(event);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(renders.count).toBe(1);
  });
});
