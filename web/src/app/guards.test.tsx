// Route guards (spec sections 2 and 6).
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { Outlet, type RouteObject } from 'react-router-dom';
import useSWR from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { RegisterEmailPage } from '../features/auth/routes/register-email';
import { fetcher } from '../lib/api';
import { useAuth } from '../lib/auth';
import { leadGeneration, type Access } from '../lib/access';
import type { RolesState } from '../lib/roles';
import { saveToken } from '../lib/session';
import { entry, mockApi, renderRoutes, rolesState, WithRoles } from '../testing/render';
import { AccessGate, RequireAuth } from './guards';

const page = (path: string, name: string, access?: Access): RouteObject => ({ path, handle: { access }, element: <h1>{name}</h1> });

function renderGuarded(path: string, roles: RolesState) {
  mockApi({ 'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } } });
  const routes: RouteObject[] = [
    { path: '/auth', element: <h1>Auth page</h1> },
    {
      element: (
        <RequireAuth>
          <WithRoles value={roles}>
            <AccessGate>
              <Outlet />
            </AccessGate>
          </WithRoles>
        </RequireAuth>
      ),
      children: [
        page('/dashboard', 'Dashboard page'),
        page('/logs', 'Logs page', { owner: 'only' }),
        page('/appointments/my', 'My appointments page', { module: 'Appointment', owner: 'exclude' }),
        page('/member', 'Members page', { module: 'Members' }),
        page('/member/add', 'Add member page', { module: 'Members', action: 'write' }),
        page('/bookings', 'Bookings page', { module: 'Bookings' }),
        page('/form-builder', 'Form builder page', { module: 'Forms' }),
        page('/lead-generation/list', 'Packages page', leadGeneration('read')),
      ],
    },
  ];
  return renderRoutes(routes, path);
}

const owner = rolesState({ isOwner: true });
const reader = rolesState({ roles: [entry('Members', { read: true }), entry('Appointment', { read: true }), entry('BOOKING_PACKAGES', { read: true })] });

describe('RequireAuth', { timeout: 20_000 }, () => {
  it('sends a visitor without a token to /auth', async () => {
    renderGuarded('/member', owner);
    expect(await screen.findByText('Auth page')).toBeInTheDocument();
  });

  it('lets a signed-in member through', async () => {
    saveToken('token');
    renderGuarded('/dashboard', reader);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });
});

describe('an automatic sign-out', { timeout: 20_000 }, () => {
  afterEach(() => Cookies.remove('token'));

  /** A signed-in page whose data call the server refuses; /auth is the real sign-in screen. */
  function Reports() {
    const { error } = useSWR('/reports/summary', fetcher, { shouldRetryOnError: false });
    return <h1>{error ? 'Failed' : 'Reports page'}</h1>;
  }
  function SignOutButton() {
    const { logout } = useAuth();
    return (
      <button type="button" onClick={logout}>
        Sign out
      </button>
    );
  }
  const profile = { 'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } } };
  const routes = (): RouteObject[] => [
    { path: '/auth', element: <RegisterEmailPage /> },
    {
      element: (
        <RequireAuth>
          <SignOutButton />
          <Outlet />
        </RequireAuth>
      ),
      children: [{ path: '/reports', element: <Reports /> }],
    },
  ];

  it("shows on /auth why the session ended, in the server's words", async () => {
    saveToken('token');
    mockApi({ ...profile, 'GET /api/reports/summary': { status: 401, body: { message: 'You were signed out because your session expired. Please sign in again.' } } });
    const view = renderRoutes(routes(), '/reports');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('You were signed out because your session expired. Please sign in again.').closest('.alert')).toHaveClass('alert-info');
    expect(view.router.state.location.pathname).toBe('/auth');
    expect(Cookies.get('token')).toBeUndefined();
  });

  it('says the member was signed out when the server gave no reason', async () => {
    saveToken('token');
    mockApi({ ...profile, 'GET /api/reports/summary': { status: 401, body: {} } });
    renderRoutes(routes(), '/reports');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('You were signed out. Please sign in again.')).toBeInTheDocument();
  });

  it('shows no reason after a sign-out the member asked for', async () => {
    saveToken('token');
    mockApi({ ...profile, 'GET /api/reports/summary': { status: 200, body: { message: 'OK', data: {} } } });
    const view = renderRoutes(routes(), '/reports');
    expect(await screen.findByRole('heading', { name: 'Reports page' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByText(/You were signed out/)).not.toBeInTheDocument();
  });
});

describe('AccessGate', { timeout: 20_000 }, () => {
  it('owner-only: the owner passes, anyone else goes to /dashboard', async () => {
    saveToken('token');
    const first = renderGuarded('/logs', owner);
    expect(await screen.findByText('Logs page')).toBeInTheDocument();
    first.unmount();
    renderGuarded('/logs', reader);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('non-owner-only: a member with Appointment read passes, the owner goes to /dashboard', async () => {
    saveToken('token');
    const first = renderGuarded('/appointments/my', reader);
    expect(await screen.findByText('My appointments page')).toBeInTheDocument();
    first.unmount();
    renderGuarded('/appointments/my', owner);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('non-owner-only still needs the module flag', async () => {
    saveToken('token');
    renderGuarded('/appointments/my', rolesState({ roles: [entry('Appointment')] }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('module read: with the flag the page shows; without it, or without the entry, /dashboard', async () => {
    saveToken('token');
    const first = renderGuarded('/member', reader);
    expect(await screen.findByText('Members page')).toBeInTheDocument();
    first.unmount();
    const second = renderGuarded('/member', rolesState({ roles: [entry('Members', { read: false, write: true })] }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    second.unmount();
    renderGuarded('/form-builder', reader);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('accepts the spec guard names Bookings and Forms', async () => {
    saveToken('token');
    const first = renderGuarded('/bookings', reader);
    expect(await screen.findByText('Bookings page')).toBeInTheDocument();
    first.unmount();
    renderGuarded('/form-builder', rolesState({ roles: [entry('FORMS', { read: true })] }));
    expect(await screen.findByText('Form builder page')).toBeInTheDocument();
  });

  it('/lead-generation needs Appointment read (spec), and Forms read for its packages', async () => {
    saveToken('token');
    const both = renderGuarded('/lead-generation/list', rolesState({ roles: [entry('Appointment', { read: true }), entry('FORMS', { read: true })] }));
    expect(await screen.findByText('Packages page')).toBeInTheDocument();
    both.unmount();
    const formsOnly = renderGuarded('/lead-generation/list', rolesState({ roles: [entry('FORMS', { read: true, write: true })] }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    formsOnly.unmount();
    const appointmentOnly = renderGuarded('/lead-generation/list', reader);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    appointmentOnly.unmount();
    renderGuarded('/lead-generation/list', owner);
    expect(await screen.findByText('Packages page')).toBeInTheDocument();
  });

  it('write pages need write', async () => {
    saveToken('token');
    renderGuarded('/member/add', reader);
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('shows the loading text while roles load, and the error text when they fail', async () => {
    saveToken('token');
    const first = renderGuarded('/member', rolesState({ loading: true }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Members page')).not.toBeInTheDocument();
    first.unmount();
    renderGuarded('/member', rolesState({ error: 'Failed to fetch roles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch roles');
  });

  it('pages without an access rule do not wait for roles', async () => {
    saveToken('token');
    renderGuarded('/dashboard', rolesState({ loading: true }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });
});
