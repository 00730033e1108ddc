import type { ReactNode } from 'react';
import { APP_NAME } from '../../../config/app';
import { AuthAside } from './auth-aside';

/** The two-column frame of the auth screens: the screen on one side, the illustrated brand panel on the other. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout d-flex flex-column flex-lg-row min-vh-100">
      <main className="auth-main d-flex flex-column flex-lg-fill order-2 order-lg-1">
        <div className="d-flex flex-column flex-grow-1 justify-content-center align-items-center px-3 py-4 py-lg-5">
          <div className="auth-card w-100">{children}</div>
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
