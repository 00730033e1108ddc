// The real route tree, with the API stubbed: where a visit ends up.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allPermissions } from '#shared/permissions';
import { saveToken } from '../lib/session';
import { mockApi, renderRoutes } from '../testing/render';
import { consoleRoutes, isRegistered, toRouteObject } from './routes';
import { rootRoutes, routerOptions } from './router';

const visit = (path: string) => renderRoutes(rootRoutes(), path, routerOptions());

const user = { id: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', isEmailVerified: true };

function signedIn(roles = { roles: allPermissions(), isOwner: true }) {
  saveToken('token');
  return mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
    'GET /api/users/roles-permissions': { status: 200, body: { message: 'OK', data: roles } },
    'GET /api/notifications': { status: 200, body: { message: 'OK', data: [] } },
    'GET /api/notifications/unread-count': { status: 200, body: { message: 'OK', data: { unread: 0 } } },
    'GET /api/dashboard': { status: 200, body: { message: 'OK', data: { members: 1, appointments: 0, services: 0, forms: 0, bookings: 0 } } },
  });
}

describe('route tree', () => {
  it('an unknown path sends a signed-in member to the dashboard', async () => {
    signedIn();
    const { router } = visit('/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 15_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeInTheDocument();
  }, 30_000);

  it('a guarded page without a token lands on /auth', async () => {
    mockApi({});
    const { router } = visit('/builder');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 15_000 });
    expect(await screen.findByRole('button', { name: 'Continue' }, { timeout: 5000 })).toBeInTheDocument();
  }, 30_000);

  it('the auth screens send a signed-in member to the dashboard', async () => {
    signedIn();
    const { router } = visit('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 15_000 });
  }, 30_000);

  it('the not-found page links home', async () => {
    mockApi({});
    visit('/error/404');
    expect(await screen.findByRole('heading', { name: "Oops! We can't find that page" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/dashboard');
  });

  it('registered routes carry their access into the guard, and their prefetch to the early start', () => {
    for (const route of consoleRoutes) expect(toRouteObject(route).handle).toEqual({ access: route.access, prefetch: route.prefetch });
    expect(isRegistered('/dashboard')).toBe(true);
    expect(isRegistered('/crafted/account/settings')).toBe(true);
    expect(isRegistered('/dashboard?tab=1')).toBe(true);
    expect(isRegistered('/no-such-page')).toBe(false);
  });

  it('the console routes are discovered for console paths only, once; a public page is its own document', async () => {
    const { patchRoutesOnNavigation } = routerOptions();
    const patch = vi.fn();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const args = (path: string) => ({ path, patch, signal: new AbortController().signal, matches: [], fetcherKey: undefined });
    await patchRoutesOnNavigation(args('/booking/some-key'));
    await patchRoutesOnNavigation(args('/error/404'));
    expect(patch).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('/booking/some-key');
    vi.restoreAllMocks();
    await patchRoutesOnNavigation(args('/dashboard'));
    await patchRoutesOnNavigation(args('/member/123'));
    expect(patch).toHaveBeenCalledOnce();
    expect(patch.mock.calls[0][0]).toBe('root');
  });
});
