// The auth screens' layout (AuthFrame: the form on one side, the illustrated brand panel on the other).
// The auth screens are exported from this module so they share one chunk.
import { useLayoutEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { removeFirstPaint } from '../../../lib/splash';
import { AuthFrame } from '../components/auth-frame';

export function AuthLayout() {
  const { token } = useAuth();
  // The sign-in screen's prerendered first paint (index.html) gives way to this one before the browser
  // paints again, so the page never flashes or shifts.
  useLayoutEffect(removeFirstPaint, []);
  // Signed in already: the console, not the sign-in screen.
  if (token) return <Navigate to={paths.dashboard} replace />;
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}

export { AuthLayout as Component };
export { RegisterEmailPage } from './register-email';
export { ForgotPasswordPage } from './forgot-password';
export { AddBasicDetailsPage } from './add-basic-details';
export { AddOrgDetailsPage } from './add-org-details';
