// Route guards (spec sections 2 and 6): no token -> /auth; a route whose access the member lacks
// -> /dashboard; while roles load or fail, their loading and error texts.
import type { ReactNode } from 'react';
import { Navigate, useMatches } from 'react-router-dom';
import { paths } from '../config/paths';
import { hasAccess, type Access } from '../lib/access';
import { useAuth } from '../lib/auth';
import { useRoles } from '../lib/roles';
import type { RouteHandle } from './routes';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, signedOutBecause } = useAuth();
  // Signed out by the server (expired, ended elsewhere, idle): /auth says why (its status banner).
  if (!token) return <Navigate to={paths.auth.root} replace state={signedOutBecause ? { kind: 'info', message: signedOutBecause } : undefined} />;
  return children;
}

export function RolesLoading() {
  return (
    <div className="d-flex align-items-center justify-content-center gap-2 py-5 text-body-secondary" role="status">
      <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
      Loading...
    </div>
  );
}

export function RolesError({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <div className="alert alert-danger d-flex align-items-center justify-content-between gap-3 my-4" role="alert">
      <span>
        <i className="bi bi-exclamation-octagon me-2" aria-hidden="true" />
        {message}
      </span>
      {retry && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Checks the access every matched route declares in its handle. */
export function AccessGate({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const state = useRoles();
  const required = matches.map((m) => (m.handle as RouteHandle | undefined)?.access).filter((a): a is Access => Boolean(a));
  if (required.length === 0) return children;
  if (state.loading) return <RolesLoading />;
  if (state.error) return <RolesError message={state.error} retry={state.retry} />;
  const roles = { roles: state.roles, isOwner: state.isOwner };
  if (!required.every((access) => hasAccess(roles, access))) return <Navigate to={paths.dashboard} replace />;
  return children;
}
