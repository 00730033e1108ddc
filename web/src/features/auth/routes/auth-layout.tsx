// The two-column auth layout: the form on one side, the illustrated brand panel on the other.
// The auth screens are exported from this module so they share one chunk.
import { Navigate, Outlet } from 'react-router-dom';
import { APP_NAME } from '../../../config/app';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { AuthAside } from '../components/auth-aside';

export function AuthLayout() {
  const { token } = useAuth();
  // Signed in already: the console, not the sign-in screen.
  if (token) return <Navigate to={paths.dashboard} replace />;
  return (
    <div className="auth-layout d-flex flex-column flex-lg-row min-vh-100">
      <main className="auth-main d-flex flex-column flex-lg-fill order-2 order-lg-1">
        <div className="d-flex flex-column flex-grow-1 justify-content-center align-items-center px-3 py-4 py-lg-5">
          <div className="auth-card w-100">
            <Outlet />
          </div>
        </div>
        <footer className="text-center text-body-secondary small pb-4">
          © {new Date().getFullYear()} {APP_NAME}
        </footer>
      </main>
      <div className="auth-aside-column order-1 order-lg-2">
        <AuthAside />
      </div>
    </div>
  );
}

export { AuthLayout as Component };
export { RegisterEmailPage } from './register-email';
export { ForgotPasswordPage } from './forgot-password';
export { AddBasicDetailsPage } from './add-basic-details';
export { AddOrgDetailsPage } from './add-org-details';
