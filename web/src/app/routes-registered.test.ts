import { matchRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { menu, menuPaths } from './menu';

// matchRoutes is wrapped only to count its calls: the shell's first render must not flatten and rank
// the route table once per menu entry.
vi.mock('react-router-dom', async (importActual) => {
  const actual = await importActual<typeof import('react-router-dom')>();
  return { ...actual, matchRoutes: vi.fn(actual.matchRoutes) };
});

const { consoleRoutes, isRegistered } = await import('./routes');

/** React Router's own answer over the same table. */
const routerSays = (path: string) => (matchRoutes(consoleRoutes.map((r) => ({ path: r.path.replace(/^\//, '') })), path) ?? []).length > 0;

describe('isRegistered', () => {
  it('answers for every menu path without running matchRoutes', () => {
    const paths = menu.flatMap(menuPaths);
    expect(paths.length).toBeGreaterThan(10);
    vi.mocked(matchRoutes).mockClear();
    for (const path of paths) isRegistered(path);
    expect(vi.mocked(matchRoutes)).not.toHaveBeenCalled();
  });

  it('agrees with React Router on registered, parameterised, splat and unknown paths', () => {
    const samples = [
      ...consoleRoutes.map((r) => r.path.replace(/:[a-z]+/gi, 'x-1').replace(/\/\*$/, '/deep/er')),
      '/dashboard/',
      '/DASHBOARD',
      '/crafted/account',
      '/crafted/accountx',
      '/appointments/a%20b',
      '/appointments/a/b',
      '/bookings/packages/pkg-1/extra',
      '/nowhere',
      '/',
      '/form-builder/7/submissions?page=2#top',
    ];
    for (const path of samples) expect(isRegistered(path), path).toBe(routerSays(path.split(/[?#]/)[0]));
  });
});
