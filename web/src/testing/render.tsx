// Rendering helpers for component tests: a memory router, a fresh swr cache, a session and roles.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { CHALLENGE_ALGORITHM } from '#shared/challenge/challenge';
import type { PermissionEntry } from '#shared/permissions';
import { AuthProvider } from '../lib/auth';
import { RolesContextProvider, type RolesState } from '../lib/roles';
import { I18nProvider, type Messages } from '../i18n/i18n';
import english from '../i18n/messages/en.json';
import type { Locale } from '#shared/i18n/locales';

/**
 * The public pages' language in tests: English unless a test passes another language's catalogue
 * (`{ locale, messages }` as the page's entry would load it).
 */
export function renderRoutes(
  routes: RouteObject[],
  initialPath: string,
  options: Omit<Parameters<typeof createMemoryRouter>[1], 'initialEntries'> = {},
  language: { locale: Locale; messages: Messages } = { locale: 'en', messages: english },
) {
  const router = createMemoryRouter(routes, { ...options, initialEntries: [initialPath] });
  // No pause between keystrokes: form tests type a lot, and run beside many others.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AuthProvider>
        <I18nProvider locale={language.locale} messages={language.messages}>
          <RouterProvider router={router} />
        </I18nProvider>
      </AuthProvider>
    </SWRConfig>,
  );
  return { ...view, user, router };
}

/** Renders one element at a path, with a page for every place the flows may go. */
export function renderAt(element: ReactNode, path = '/', extra: RouteObject[] = []) {
  return renderRoutes(
    [
      { path, element },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/auth/add-basic-details', element: <h1>Basic details page</h1> },
      { path: '/auth/add-org-details', element: <h1>Organisation page</h1> },
      { path: '/auth', element: <h1>Auth page</h1> },
      ...extra,
    ],
    path,
  );
}

export function rolesState(roles: Partial<RolesState> = {}): RolesState {
  return { roles: [], isOwner: false, loading: false, ...roles };
}

export const entry = (module: PermissionEntry['module'], flags: Partial<Omit<PermissionEntry, 'module'>> = {}): PermissionEntry => ({
  module,
  read: false,
  write: false,
  delete: false,
  ...flags,
});

export function WithRoles({ value, children }: { value: RolesState; children: ReactNode }) {
  return <RolesContextProvider value={value}>{children}</RolesContextProvider>;
}

type Answer = { status: number; body: unknown };

// Taken before any test fakes the timers: the delay below must pass on its own.
const realSetTimeout = globalThis.setTimeout;
/**
 * MOCK_API_JITTER_MS=40 answers each call after a random delay up to that many ms, as a real network
 * (and a loaded CI machine) does. A test that passes only because answers come at once (a click on a
 * control still disabled, a read before the answer is shown) fails under it. Off by default.
 */
const JITTER_MS = Number(process.env.MOCK_API_JITTER_MS ?? 0);

/**
 * Stubs fetch with answers by "METHOD /path" (the path without its query); records the calls. An
 * answer may be a function of the body and the URL (for the query), and may be a promise (to hold a
 * request open while a test looks at the page).
 */
/** A real proof-of-work challenge, quick to solve (its secret counter is `counter`), as GET /public/challenge answers. */
export const testChallenge = (counter = 3) =>
  createChallenge({ algorithm: CHALLENGE_ALGORITHM, cost: 10, counter, deriveKey, expiresAt: Math.floor(Date.now() / 1000) + 600 });

/** What every page with a public write asks for (lib/challenge.tsx), unless a test answers it itself. */
const DEFAULT_ANSWERS: Record<string, () => Promise<Answer>> = {
  'GET /api/public/challenge': async () => ({ status: 200, body: { message: 'OK', data: await testChallenge() } }),
};

export function mockApi(answers: Record<string, Answer | ((body: unknown, url: URL) => Answer | Promise<Answer>)>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: url.pathname, body, headers: (init?.headers ?? {}) as Record<string, string> });
    if (JITTER_MS > 0) await new Promise((resolve) => realSetTimeout(resolve, Math.random() * JITTER_MS));
    const answer = answers[`${method} ${url.pathname}`] ?? DEFAULT_ANSWERS[`${method} ${url.pathname}`];
    if (!answer) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    const { status, body: out } = typeof answer === 'function' ? await answer(body, url) : answer;
    return new Response(JSON.stringify(out), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The control labelled `text` (a required field's label ends with a star). */
export const byLabel = (text: string) => screen.getByLabelText(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));

/** Focuses the control labelled `text` and leaves it, so its validation runs (mode onTouched). */
export async function touch(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(byLabel(text));
  await user.tab();
}
