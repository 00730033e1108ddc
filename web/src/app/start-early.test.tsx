// The console's early start: the signed-in calls answered before the first render are in swr's
// cache, so the shell renders with them at once and does not ask again.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mutate } from 'swr';
import { allPermissions } from '#shared/permissions';
import { AuthProvider, prefetchSignedIn, useAuth } from '../lib/auth';
import { RolesProvider, useRoles } from '../lib/roles';
import { saveToken } from '../lib/session';
import { mockApi } from '../testing/render';
import { BOOKINGS_KEY, useBookings } from '../features/bookings/api/bookings';
import { firstPageKey } from '../lib/paged';
import { useCalendar } from '../features/calendar/api/calendar';
import { consoleTree } from './console-routes';
import { startEarly } from './start-early';

const user = { id: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', isEmailVerified: true };
const session = { idleTimeoutMinutes: 30, twoFactorRequired: false, twoFactorEnabled: false };

function answers(profileStatus = 200) {
  return mockApi({
    'GET /api/users/profile': profileStatus === 200 ? { status: 200, body: { message: 'OK', data: user } } : { status: profileStatus, body: { message: 'Your session has ended.' } },
    'GET /api/users/roles-permissions': { status: 200, body: { message: 'OK', data: { roles: allPermissions(), isOwner: true } } },
    'GET /api/users/session': { status: 200, body: { message: 'OK', data: session } },
  });
}

/** What the shell shows on its first render: the member's name and roles, or that they are loading. */
function Shell() {
  const { currentUser, userLoading, token } = useAuth();
  const roles = useRoles();
  return (
    <p>
      {!token ? 'signed out' : userLoading ? 'profile loading' : `Hello ${currentUser?.firstName}`}, {roles.loading ? 'roles loading' : `owner ${roles.isOwner}`}
    </p>
  );
}

/** What swr's default cache holds for `key` (read through mutate, which hands the current value over). */
async function cached(key: string): Promise<unknown> {
  let value: unknown;
  await mutate(key, (current: unknown) => (value = current), { revalidate: false });
  return value;
}

// The console's own swr cache (the default one: ConsoleRoot's SWRConfig names no provider).
const renderShell = () =>
  render(
    <AuthProvider>
      <RolesProvider>
        <Shell />
      </RolesProvider>
    </AuthProvider>,
  );

afterEach(async () => {
  saveToken(undefined);
  await mutate(() => true, undefined, { revalidate: false });
});

describe('startEarly', () => {
  it('signed in, the shell renders with the profile and roles fetched before it, without asking again', async () => {
    saveToken('token');
    const calls = answers();
    await startEarly('/dashboard');
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/users/profile', '/api/users/roles-permissions', '/api/users/session']);
    renderShell();
    // The first render already has them: no loading state in between.
    expect(screen.getByText('Hello Olive, owner true')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(3);
  });

  it('asks nothing on the auth screens or without a token', async () => {
    const calls = answers();
    saveToken('token');
    await startEarly('/auth');
    saveToken(undefined);
    await startEarly('/dashboard');
    expect(calls).toEqual([]);
  });

  it('leaves a refused session to the shell, which signs the member out', async () => {
    saveToken('token');
    answers(401);
    await startEarly('/dashboard');
    renderShell();
    expect(screen.getByText('profile loading, owner true')).toBeInTheDocument();
    expect(await screen.findByText(/^signed out/)).toBeInTheDocument();
  });

  it('an answer that comes late never replaces what is in the cache by then, nor lands after the token changed', async () => {
    saveToken('token');
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    mockApi({
      'GET /api/users/profile': async () => {
        await held;
        return { status: 200, body: { message: 'OK', data: user } };
      },
    });
    // The console rendered without it (the wait is capped) and the member saved a new name meanwhile.
    const early = prefetchSignedIn(['/users/profile']);
    await mutate('/users/profile', { ...user, firstName: 'Olivia' }, { revalidate: false });
    answer();
    await early;
    expect(await cached('/users/profile')).toMatchObject({ firstName: 'Olivia' });

    // Signed out and in as someone else before the first member's answer came: it is not stored.
    await mutate('/users/profile', undefined, { revalidate: false });
    let second!: () => void;
    const heldAgain = new Promise<void>((resolve) => (second = resolve));
    mockApi({
      'GET /api/users/profile': async () => {
        await heldAgain;
        return { status: 200, body: { message: 'OK', data: user } };
      },
    });
    const late = prefetchSignedIn(['/users/profile']);
    saveToken('another-token');
    second();
    await late;
    expect(await cached('/users/profile')).toBeUndefined();
  });

  it('starts the route modules in a task of their own, after the one that starts the calls', async () => {
    saveToken('token');
    answers();
    // The console root's route (matched on every path): its module load, watched.
    const root = consoleTree[0] as { lazy: () => Promise<unknown> };
    const original = root.lazy;
    const load = vi.fn(() => Promise.resolve({}));
    root.lazy = load;
    try {
      const early = startEarly('/dashboard');
      expect(load).not.toHaveBeenCalled();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(load).toHaveBeenCalledTimes(1);
      await early;
    } finally {
      root.lazy = original;
    }
  });

  it("also asks for the page's own first GETs, under the keys the page reads them by", async () => {
    saveToken('token');
    const item = { kind: 'appointment', id: 'a1', title: 'Pat a', start: '2030-01-20T10:00:00Z', end: null, movable: true, practitionerId: null, practitionerName: null };
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/roles-permissions': { status: 200, body: { message: 'OK', data: { roles: allPermissions(), isOwner: true } } },
      'GET /api/users/session': { status: 200, body: { message: 'OK', data: session } },
      'GET /api/calendar': { status: 200, body: { message: 'OK', data: { timeZone: 'UTC', timeZoneName: 'Coordinated Universal Time', region: null, kinds: ['appointment'], items: [item], truncated: false } } },
    });
    await startEarly('/calendar', '?view=month&date=2030-01-20');
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/bookings/availability', '/api/calendar', '/api/practitioners', '/api/users/profile', '/api/users/roles-permissions', '/api/users/session']);
    // The month's six weeks, as the page asks for them: its first render has the items.
    function Month() {
      const { data } = useCalendar({ start: '2029-12-30', end: '2030-02-10' });
      return <p>{data ? `${data.items.length} item` : 'loading'}</p>;
    }
    render(<Month />);
    expect(screen.getByText('1 item')).toBeInTheDocument();
    // Its hook revalidates as it mounts and is handed the answer fetched already: no second call.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c.path === '/api/calendar')).toHaveLength(1);
  });

  it("preloads the first page of the page's lists, which its list hook takes instead of asking again", async () => {
    saveToken('token');
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/roles-permissions': { status: 200, body: { message: 'OK', data: { roles: allPermissions(), isOwner: true } } },
      'GET /api/users/session': { status: 200, body: { message: 'OK', data: session } },
      'GET /api/bookings/bookings/list/all': { status: 200, body: { message: 'OK', data: { items: [{ id: 'b1' }] } } },
      'GET /api/bookings/packages': { status: 200, body: { message: 'OK', data: { items: [] } } },
    });
    await startEarly('/bookings');
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/bookings/bookings/list/all', '/api/bookings/packages', '/api/users/profile', '/api/users/roles-permissions', '/api/users/session']);
    function Bookings() {
      const list = useBookings({ order: 'desc' });
      return <p>{list.isLoading ? 'loading' : `${list.items.length} booking`}</p>;
    }
    render(<Bookings />);
    expect(await screen.findByText('1 booking')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c.path === '/api/bookings/bookings/list/all')).toHaveLength(1);
  });
});

describe('startEarly, a list on the page opened', () => {
  afterEach(async () => {
    saveToken(undefined);
    await mutate(() => true, undefined, { revalidate: false });
  });

  it('the list renders its first page on its first render (no loading state, no second render of its rows), and asks again after a new filter', async () => {
    saveToken('token');
    const calls = mockApi({
      'GET /api/users/profile': { status: 200, body: { message: 'OK', data: user } },
      'GET /api/users/roles-permissions': { status: 200, body: { message: 'OK', data: { roles: allPermissions(), isOwner: true } } },
      'GET /api/users/session': { status: 200, body: { message: 'OK', data: session } },
      'GET /api/bookings/bookings/list/all': { status: 200, body: { message: 'OK', data: { items: [{ id: 'b1' }, { id: 'b2' }] } } },
      'GET /api/bookings/packages': { status: 200, body: { message: 'OK', data: { items: [] } } },
    });
    await startEarly('/bookings');
    const seen: string[] = [];
    function Bookings({ order }: { order: 'asc' | 'desc' }) {
      const list = useBookings({ order });
      const text = list.isLoading ? 'loading' : `${list.items.length} bookings ${order}`;
      seen.push(text);
      return <p>{text}</p>;
    }
    const { rerender } = render(<Bookings order="desc" />);
    expect(screen.getByText('2 bookings desc')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.every((text) => text === '2 bookings desc')).toBe(true);
    expect(calls.filter((c) => c.path === '/api/bookings/bookings/list/all')).toHaveLength(1);
    // Another order is another list: asked for, not the start's page.
    rerender(<Bookings order="asc" />);
    expect(await screen.findByText('2 bookings asc')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/bookings/bookings/list/all')).toHaveLength(2);
  });

  it('a list that mounts before its first page arrived waits for that answer instead of asking again', async () => {
    saveToken('token');
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const calls = mockApi({
      'GET /api/bookings/bookings/list/all': async () => {
        await held;
        return { status: 200, body: { message: 'OK', data: { items: [{ id: 'b1' }] } } };
      },
    });
    const early = prefetchSignedIn([], [], [firstPageKey(BOOKINGS_KEY, { pageSize: 25, query: { order: 'desc' } })]);
    function Bookings() {
      const list = useBookings({ order: 'desc' });
      return <p>{list.isLoading ? 'loading' : `${list.items.length} booking`}</p>;
    }
    render(<Bookings />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    answer();
    await early;
    expect(await screen.findByText('1 booking')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/bookings/bookings/list/all')).toHaveLength(1);
  });
});
