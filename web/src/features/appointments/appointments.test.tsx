import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { saveToken } from '../../lib/session';
import { entry, mockApi, renderAt, rolesState, WithRoles } from '../../testing/render';
import { fetchedUrls } from '../../testing/fetched-urls';
import { listParams } from './api/appointments';
import { AppointmentsListPage } from './routes/appointments-list';

const appt = (id: string, extra: object = {}) => ({
  id, firstName: 'Pat', lastName: id.toUpperCase(), fullName: `Pat ${id.toUpperCase()}`, email: `${id}@example.com`, phone: '+15551234567',
  bookingDate: '2030-01-15', bookingTime: '09:30', attachments: {}, status: 'requested', statusLabel: 'Requested', assignee: null,
  source: 'public', createdAt: '2030-01-01T00:00:00Z', updatedAt: '2030-01-01T00:00:00Z', version: 3, ...extra,
});

const urls = fetchedUrls;

describe('listParams', () => {
  it('turns the list state into the spec query parameters', () => {
    const base = { pageSize: 20, pageNumber: 1, filter: 'all' as const };
    expect(listParams({ ...base, sort: 'date-desc' }).toString()).toBe('pageSize=20&pageNumber=1');
    expect(Object.fromEntries(listParams({ ...base, sort: 'date-asc', filter: 'active', search: 'ann', cursor: 'C' }))).toEqual({
      pageSize: '20', pageNumber: '1', cursor: 'C', search: 'ann', sortASC: 'true', active: 'true',
    });
    expect(Object.fromEntries(listParams({ ...base, sort: 'name-desc', filter: 'inactive' }))).toMatchObject({ sortAtoZ: 'true', sortASC: 'false', inactive: 'true' });
    expect(Object.fromEntries(listParams({ ...base, sort: 'updated' }))).toMatchObject({ recentlyUpdated: 'true' });
  });
});

describe('AppointmentsListPage', { timeout: 20_000 }, () => {
  function setup(roles = rolesState({ isOwner: true }), patch?: Parameters<typeof mockApi>[0][string]) {
    saveToken('token');
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'me', email: 'me@example.com' } } },
      'GET /api/appointments': { status: 200, body: { message: 'OK', data: { items: [appt('a1'), appt('a2', { status: 'completed', statusLabel: 'Completed' })], nextCursor: 'NEXT', pageNumber: 1, pageSize: 20, total: 41 } } },
      'GET /api/appointments/assignees': { status: 200, body: { message: 'OK', data: { items: [{ userId: 'u1', name: 'Wes Writer', email: 'wes@example.com', isOwner: false }] } } },
      'PATCH /api/appointments/a1/change-status': patch ?? { status: 200, body: { message: 'The appointment is confirmed.', data: appt('a1', { status: 'confirmed' }) } },
    });
    const view = renderAt(
      <WithRoles value={roles}>
        <AppointmentsListPage />
      </WithRoles>,
      '/appointments',
    );
    return { ...view, calls };
  }

  it('shows the page of appointments with the total, and pages forward with the cursor', async () => {
    const { user } = setup();
    expect(await screen.findByText('Pat A1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Appointments (41)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls().some((u) => u.includes('cursor=NEXT') && u.includes('pageNumber=2'))).toBe(true));
  });

  it('searches, sorts and filters with the spec parameters', async () => {
    const { user } = setup();
    await screen.findByText('Pat A1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name-asc');
    await waitFor(() => expect(urls().some((u) => u.includes('sortAtoZ=true'))).toBe(true));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'inactive');
    await waitFor(() => expect(urls().some((u) => u.includes('inactive=true'))).toBe(true));
    await user.type(screen.getByRole('searchbox', { name: 'Search appointments' }), 'pat');
    await waitFor(() => expect(urls().some((u) => u.includes('search=pat'))).toBe(true));
  });

  it('changes a status with the version shown, so a change made meanwhile is refused, not overwritten', async () => {
    const { user, calls } = setup();
    const success = vi.spyOn(notify, 'success');
    await user.click(await screen.findByRole('button', { name: 'Change status of Pat A1' }));
    // The menu opens once its Dropdown has loaded (components/dropdown.tsx: on first use), later under load.
    const confirm = await screen.findByRole('button', { name: 'Mark as confirmed' });
    expect(screen.queryByRole('button', { name: 'Mark as no-show' })).toBeNull(); // requested cannot become no-show
    await user.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'confirmed', version: 3 }));
    // A completed appointment offers no status change.
    expect(screen.getByRole('button', { name: 'Change status of Pat A2' })).toBeDisabled();
    // The change ends with the server's message and a reload of the list: the test ends with it.
    await waitFor(() => expect(success).toHaveBeenCalledWith('The appointment is confirmed.'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/appointments')).toHaveLength(2));
  });

  it('offers no status, assign or booking actions to a member who may only read', async () => {
    setup(rolesState({ roles: [entry('Appointment', { read: true })] }));
    await screen.findByText('Pat A1');
    expect(screen.queryByRole('button', { name: /Change status/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Assign/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Book Appointment/ })).toBeNull();
    expect(urls().some((u) => u.includes('/assignees'))).toBe(false);
  });
});
