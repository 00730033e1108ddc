// The console's part of the route tree: auth screens and signed-in pages. It is not in the root entry:
// the router discovers it (patchRoutesOnNavigation in router.tsx) the first time a console path is
// visited, so public pages never download the console's route table.
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { authRoutes } from '../features/auth/routes';
import { consoleRoutes, toRouteObject } from './routes';

export const consoleTree: RouteObject[] = [
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
];
