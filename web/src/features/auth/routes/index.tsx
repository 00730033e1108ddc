// The /auth children. Each points into the auth layout's module, so the auth screens are one chunk.
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../../../config/paths';

const screens = () => import('./auth-layout');

export const authRoutes: RouteObject[] = [
  { index: true, lazy: () => screens().then((m) => ({ Component: m.RegisterEmailPage })) },
  { path: 'register-email', lazy: () => screens().then((m) => ({ Component: m.RegisterEmailPage })) },
  { path: 'forgot-password', lazy: () => screens().then((m) => ({ Component: m.ForgotPasswordPage })) },
  { path: 'add-basic-details', lazy: () => screens().then((m) => ({ Component: m.AddBasicDetailsPage })) },
  { path: 'add-org-details', lazy: () => screens().then((m) => ({ Component: m.AddOrgDetailsPage })) },
  { path: '*', element: <Navigate to={paths.auth.root} replace /> },
];
