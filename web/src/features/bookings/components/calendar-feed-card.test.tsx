import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveToken } from '../../../lib/session';
import { entry, mockApi, renderAt, rolesState, WithRoles } from '../../../testing/render';
import { CalendarFeedCard } from './calendar-feed-card';

const URL_ONCE = 'https://clinic.example.com/api/calendar/feed/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics';
const feed = (id: string, extra: object = {}) => ({ id, practitionerId: null, name: 'Sunny Clinic', includesAppointments: true, createdAt: '2030-01-01T10:00:00Z', createdBy: 'u1', ...extra });

function setup(roles = rolesState({ isOwner: true }), initial: object[] = []) {
  saveToken('token');
  let items = [...initial];
  const calls = mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } },
    'GET /api/calendar/feeds': () => ({ status: 200, body: { message: 'OK', data: { items } } }),
    'POST /api/calendar/feeds': () => {
      items = [...items, feed('cf_new')];
      return { status: 201, body: { message: 'The calendar feed is ready. Copy its address now: it is shown only once.', data: { ...feed('cf_new'), url: URL_ONCE, webcalUrl: URL_ONCE.replace('https:', 'webcal:') } } };
    },
    'DELETE /api/calendar/feeds/cf_new': () => {
      items = items.filter((f) => (f as { id: string }).id !== 'cf_new');
      return { status: 200, body: { message: 'The calendar feed is revoked.' } };
    },
  });
  const view = renderAt(
    <WithRoles value={roles}>
      <CalendarFeedCard />
    </WithRoles>,
    '/bookings/availability',
  );
  return { ...view, calls };
}

describe('CalendarFeedCard', { timeout: 20_000 }, () => {
  it('creates the clinic feed, shows its URL once to copy, and revokes it after confirmation', async () => {
    const { user, calls } = setup();
    expect(await screen.findByText('No calendar link yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a calendar link' }));
    const address = await screen.findByLabelText('Copy this address now: it is shown only once.');
    expect(address).toHaveValue(URL_ONCE);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ practitionerId: null });
    expect(screen.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute('href', URL_ONCE.replace('https:', 'webcal:'));
    await user.click(screen.getByRole('button', { name: /Copy/ }));
    expect(await navigator.clipboard.readText()).toBe(URL_ONCE);
    const list = await screen.findByRole('list', { name: 'Calendar links' });
    expect(within(list).getByText('Sunny Clinic')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /Revoke the calendar link/ }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, revoke it' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/calendar/feeds/cf_new']));
    expect(await screen.findByText('No calendar link yet.')).toBeInTheDocument();
    // The address shown once is gone with it.
    expect(screen.queryByDisplayValue(URL_ONCE)).not.toBeInTheDocument();
  });

  it('shows existing clinic feeds (not practitioners\') without create or revoke to a reader', async () => {
    setup(rolesState({ roles: [entry('BOOKING_PACKAGES', { read: true })] }), [feed('cf_old'), feed('cf_pr', { practitionerId: 'pr_1', name: 'Dr Ana Ruiz (Sunny Clinic)' })]);
    const list = await screen.findByRole('list', { name: 'Calendar links' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Sunny Clinic')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
  });
});
