// The shell renders the desktop sidebar only where it shows (lg and up): below, the drawer holds the
// menu, and a phone's first render builds no hidden second menu.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LayoutProvider, PageDataProvider } from '../../lib/layout';
import { saveToken } from '../../lib/session';
import { ThemeProvider } from '../../lib/theme-provider';
import { mockApi, renderAt, rolesState, WithRoles } from '../../testing/render';
import { MasterLayout } from './master-layout';

/** matchMedia as a screen `width` px wide answers Bootstrap's min-width queries. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity) <= width,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
}

function renderShell() {
  saveToken('token');
  mockApi({
    'GET /api/users/profile': { status: 200, body: { message: 'OK', data: { id: 'u1', email: 'o@example.com', isEmailVerified: true } } },
    'GET /api/notifications': { status: 200, body: { message: 'OK', data: [] } },
    'GET /api/notifications/unread-count': { status: 200, body: { message: 'OK', data: { count: 0 } } },
  });
  renderAt(
    <ThemeProvider>
      <WithRoles value={rolesState({ isOwner: true })}>
        <LayoutProvider>
          <PageDataProvider>
            <MasterLayout>
              <h1>Page</h1>
            </MasterLayout>
          </PageDataProvider>
        </LayoutProvider>
      </WithRoles>
    </ThemeProvider>,
    '/member',
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  saveToken(undefined);
});

describe('MasterLayout', () => {
  it('renders the sidebar and its menu on a large screen', async () => {
    screenWidth(1366);
    renderShell();
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('renders no sidebar on a phone, where the drawer has the menu', async () => {
    screenWidth(390);
    renderShell();
    await screen.findByRole('heading', { name: 'Page' });
    expect(document.querySelector('.app-sidebar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});
