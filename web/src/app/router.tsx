// The router. The root entry holds only the root route, the public pages' lazy entries, the error
// element and the not-found page. The console's route table (auth screens and signed-in pages) is
// discovered on the first visit to a console path, and every screen is its own lazy chunk, so public
// pages load none of the console's code, and registering console pages does not grow them.
import { useEffect } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, useNavigation, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/not-found';
import { RouteError } from '../components/route-error';
import { publicRoutes } from '../features/public/routes';
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
      children: [
        // Public pages (no sign-in, no console code) go in features/public/routes.ts.
        ...publicRoutes,
        { path: NOT_FOUND_PATH, Component: NotFound },
      ],
    },
  ];
}

const publicTree: RouteObject[] = [{ path: '/', children: [...publicRoutes, { path: NOT_FOUND_PATH }] }];
const isPublicPath = (path: string) => (matchRoutes(publicTree, path) ?? []).length > 1;

/** Adds the console's routes under the root the first time a path outside the public pages is visited. */
export function routerOptions(): { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  let discovered = false;
  return {
    async patchRoutesOnNavigation({ path, patch, signal }) {
      if (discovered || isPublicPath(path)) return;
      const { consoleTree } = await import('./console-routes');
      if (signal.aborted) return;
      patch(ROOT_ID, consoleTree);
      discovered = true;
    },
  };
}

export const createAppRouter = () => createBrowserRouter(rootRoutes(), routerOptions());
