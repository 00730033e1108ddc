// The list and form pages open with their data: every GET a page's first render makes was asked for by
// app/start-early.ts beside its code (its route's prefetch, app/routes.tsx), under the key the page
// reads it by, and is not asked again. A GET missing from the prefetch came later and rendered the page
// a second time (its rows in one long task on a phone); a key spelt otherwise was asked twice. The
// shell's own (the session, under SessionWatch) are not asked again either.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { mutate, SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allPermissions } from '#shared/permissions';
import { AuthProvider } from '../lib/auth';
import { RolesProvider } from '../lib/roles';
import { saveToken } from '../lib/session';
import { consoleRoutes } from './routes';
import { SessionWatch } from './session-watch';
import { startEarly } from './start-early';

const user = { id: 'u1', email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', isEmailVerified: true };
const SHELL = ['/api/users/profile', '/api/users/roles-permissions', '/api/users/session'];
const ANSWERS: Record<string, unknown> = {
  '/api/users/profile': user,
  '/api/users/roles-permissions': { roles: allPermissions(), isOwner: true },
  '/api/users/session': { idleTimeoutMinutes: 30, twoFactorRequired: false, twoFactorEnabled: false },
  '/api/organization/integration': { apiKey: 'pk_test', rotatedAt: null },
  '/api/bookings/availability': { configured: true, timeZone: 'Europe/London', weeklyHours: {}, slotMinutes: 30, capacity: 1, closedDates: [], minNoticeMinutes: 60, maxDaysAhead: 90 },
  '/api/waitlist/summary': { waiting: 0, offersMade: 0, filled: 0, settings: { mode: 'one-by-one', holdMinutes: 30 } },
  '/api/organization/profile': {
    id: 'o1', name: 'Riverside Clinic', email: 'hello@riverside.example.com', legalName: 'Riverside Clinic LLC', websiteUrl: 'https://riverside.example.com', phoneNumber: '+15551234567',
    timeZone: 'Europe/London', ownerId: 'u1', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z', currency: 'eur', reminderHours: 24, reminderSms: false,
    cancellationCutoffHours: 24, cancellationRefund: 'full', smsCountryCodes: [], logoKey: null, brandColor: '#1b6b4a',
  },
  '/api/organization/webhooks': { items: [] },
  '/api/practitioners': { items: [{ id: 'p1', name: 'Dr Ada Lane', title: 'Physiotherapist', isActive: true, packageIds: [] }] },
};

/** Records each GET's path and query; answers the shell's calls, and an empty list to the rest. */
function stubApi() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      const data = ANSWERS[url.pathname] ?? { items: [] };
      return Promise.resolve(new Response(JSON.stringify({ message: 'OK', data }), { status: 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return asked;
}

afterEach(async () => {
  saveToken(undefined);
  vi.unstubAllGlobals();
  await mutate(() => true, undefined, { revalidate: false });
  // Emptied, not only cleared: a key's state (its isLoading) would outlive its data into the next test.
  const { cache } = SWRConfig.defaultValue;
  for (const key of [...cache.keys()]) cache.delete(key);
});

const PAGES = [
  '/member',
  '/customers',
  '/patients',
  '/appointments',
  '/sms',
  '/forms',
  '/form-builder',
  '/forms/leads',
  '/lead-generation/list',
  '/bookings',
  '/bookings/series/new',
  '/bookings/availability',
  '/bookings/waitlist',
  '/bookings/practitioners',
  '/bookings/packages/add',
  '/organization',
];

/** Renders a console page as the router would, after startEarly(path) has run. */
async function renderPage(path: string) {
  const route = consoleRoutes.find((r) => r.path === path)!;
  const { Component } = (await route.lazy()) as { Component: React.ComponentType };
  const router = createMemoryRouter([{ path: '*', element: <SessionWatch><Component /></SessionWatch> }], { initialEntries: [path] });
  render(
    <AuthProvider>
      <RolesProvider>
        <RouterProvider router={router} />
      </RolesProvider>
    </AuthProvider>,
  );
}

describe("the pages' first GETs, started early", () => {
  it.each(PAGES)('%s asks for nothing its prefetch did not, and nothing twice', async (path) => {
    saveToken('token');
    const asked = stubApi();
    await startEarly(path);
    const early = asked.length;
    await renderPage(path);
    await screen.findAllByRole('heading');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const prefetched = asked.slice(0, early).filter((url) => !SHELL.includes(url));
    const byPage = asked.slice(early);
    expect(prefetched.length).toBeGreaterThan(0);
    expect(byPage).toEqual([]);
  });
});

// What a page shows on its first render, with its prefetched data: a page that showed a spinner (or a
// 'Loading...' line) first drew its content again a frame later, in one synchronous render inside
// that frame (swr's isLoading is true on the first render even with the data in its cache).
describe('the pages opened with their prefetched data', () => {
  it('/organization renders its profile form on the first render', async () => {
    saveToken('token');
    stubApi();
    await startEarly('/organization');
    await renderPage('/organization');
    expect(screen.getByLabelText(/Organisation name/)).toHaveValue('Riverside Clinic');
    expect(screen.queryByText('Loading the organisation...')).toBeNull();
  });

  it("/bookings/packages/add renders its practitioners, the clinic's currency and its forms on the first render", async () => {
    saveToken('token');
    stubApi();
    await startEarly('/bookings/packages/add');
    await renderPage('/bookings/packages/add');
    expect(screen.getByLabelText(/Dr Ada Lane/)).not.toBeChecked();
    expect(screen.queryByText('Loading practitioners...')).toBeNull();
    expect(screen.getByText(/Price \(EUR\)/)).toBeInTheDocument();
  });
});
