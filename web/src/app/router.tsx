// The console's router. The root entry holds only the root route, the error element and the
// not-found page. The console's route table (auth screens and signed-in pages) is discovered on the
// first visit to a console path, and every screen is its own lazy chunk. The public pages are not
// here: each is its own prerendered HTML with its own entry (shared/public-pages.ts, src/public-pages/).
import { useEffect } from 'react';
import { createBrowserRouter, Outlet, useNavigation, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/not-found';
import { RouteError } from '../components/route-error';
import { publicPageAt } from '#shared/public-pages';
import { hideSplash } from '../lib/splash';

const ROOT_ID = 'root';
const NOT_FOUND_PATH = 'error/404';

function Root() {
  const navigation = useNavigation();
  useEffect(() => hideSplash(), []);
  return (
    <>
      {navigation.state !== 'idle' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <Outlet />
    </>
  );
}

/** In development, React Router warns once per first load that nothing matched yet: the console's routes
 * are still being discovered. The production build (see vite.config.ts) has no such warnings. */
export function rootRoutes(): RouteObject[] {
  return [
    {
      id: ROOT_ID,
      Component: Root,
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      children: [{ path: NOT_FOUND_PATH, Component: NotFound }],
    },
  ];
}

/**
 * Adds the console's routes under the root the first time a console path is visited. A public page
 * reached from within the console (history) is loaded as its own document.
 */
export function routerOptions(): { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  let discovered = false;
  return {
    async patchRoutesOnNavigation({ path, patch, signal }) {
      if (publicPageAt(path)) {
        window.location.assign(path);
        return;
      }
      if (discovered || path === `/${NOT_FOUND_PATH}`) return;
      const { consoleTree } = await import('./console-routes');
      if (signal.aborted) return;
      patch(ROOT_ID, consoleTree);
      discovered = true;
    },
  };
}

export const createAppRouter = () => createBrowserRouter(rootRoutes(), routerOptions());
