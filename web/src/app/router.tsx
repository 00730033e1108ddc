// The route tree. The root entry holds only this table, the error element and the not-found page:
// every screen is a lazy chunk, so public pages load none of the console's code.
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useNavigation, type RouteObject } from 'react-router-dom';
import { NotFound } from '../components/not-found';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';
import { authRoutes } from '../features/auth/routes';
import { publicRoutes } from '../features/public/routes';
import { hideSplash } from '../lib/splash';
import { consoleRoutes, toRouteObject } from './routes';

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

export const routeTree: RouteObject[] = [
  {
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: [
      // Public pages (no sign-in, no console code) go in features/public/routes.ts.
      ...publicRoutes,
      { path: paths.notFound.slice(1), Component: NotFound },
      {
        lazy: () => import('./console'),
        children: [
          {
            path: 'auth',
            lazy: () => import('../features/auth/routes/auth-layout'),
            // An invited member's first sign-in (members feature), inside the auth layout.
            children: [...authRoutes, { path: 'accept-invite', lazy: () => import('../features/members/routes/accept-invite') }],
          },
          {
            lazy: () => import('./protected'),
            children: [
              {
                // Errors of a page render inside the shell.
                lazy: () => import('./layout/page-error'),
                children: [
                  { index: true, element: <Navigate to={paths.dashboard} replace /> },
                  ...consoleRoutes.map(toRouteObject),
                  { path: '*', element: <Navigate to={paths.dashboard} replace /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeTree);
