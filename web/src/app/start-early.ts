// What the console starts beside its stylesheet (src/main.tsx), so that none of it waits for the
// router and the shell to render first: the route modules of the page opened (the router would
// discover them one level after another: the route table, then its lazy routes) and, when signed
// in, the GETs every signed-in page makes (lib/auth.tsx prefetchSignedIn) and those of the page opened
// (its route's prefetch, app/routes.tsx).
import { matchRoutes } from 'react-router-dom';
import { SESSION_KEY } from '../lib/account-session';
import { PROFILE_KEY, prefetchSignedIn } from '../lib/auth';
import { ROLES_KEY } from '../lib/roles';
import { consoleTree } from './console-routes';
import type { RouteHandle } from './routes';

/** Resolves when the signed-in calls are in swr's cache (or failed). */
export function startEarly(pathname: string, search = ''): Promise<void> {
  const pageKeys: string[] = [];
  const firstPages: string[] = [];
  const modules: (() => Promise<unknown>)[] = [];
  for (const { route } of matchRoutes(consoleTree, pathname) ?? []) {
    if (typeof route.lazy === 'function') modules.push(route.lazy);
    const handle = route.handle as RouteHandle | undefined;
    for (const key of handle?.prefetch?.(new URLSearchParams(search)) ?? []) {
      if (typeof key === 'string') pageKeys.push(key);
      else firstPages.push(key.firstPage);
    }
  }
  // The route modules in a task of their own, just after this one starts the calls: the bundler's
  // preload adds a <link rel="modulepreload"> per chunk of the page (some 20), which with the calls
  // made one long task on a phone. The router calls them again when it renders the page and gets the
  // same modules.
  window.setTimeout(() => {
    for (const load of modules) void load().catch(() => undefined);
  }, 0);
  // The auth screens sign in (again): their calls are not these.
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return Promise.resolve();
  return prefetchSignedIn([PROFILE_KEY, ROLES_KEY, SESSION_KEY], pageKeys, firstPages);
}
