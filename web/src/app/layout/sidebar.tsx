// The desktop sidebar (lg and up): logo, minimize toggle, menu and a Sign out button at the foot.
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/logo';
import { APP_NAME } from '../../config/app';
import { paths } from '../../config/paths';
import { useRoles } from '../../lib/roles';
import { useSignOut } from './sign-out-dialog';
import { SidebarMenu } from './sidebar-menu';
import { useMenu } from './use-menu';

interface SidebarProps {
  minimized: boolean;
  canMinimize: boolean;
  onToggleMinimize(): void;
}

export function Sidebar({ minimized, canMinimize, onToggleMinimize }: SidebarProps) {
  const signOut = useSignOut();
  return (
    <aside className="app-sidebar" aria-label="Sidebar">
      <div className="app-sidebar-panel">
        <div className="app-sidebar-logo">
          <Link to={paths.dashboard} className="d-flex align-items-center gap-2 text-decoration-none text-white" aria-label={`${APP_NAME} dashboard`}>
            <LogoMark size={34} />
            <span className="app-sidebar-brand fw-bold fs-5">{APP_NAME}</span>
          </Link>
          {canMinimize && (
            <button
              type="button"
              className="app-sidebar-toggle"
              onClick={onToggleMinimize}
              aria-pressed={minimized}
              aria-label={minimized ? 'Expand sidebar' : 'Minimize sidebar'}
              title={minimized ? 'Expand sidebar' : 'Minimize sidebar'}
            >
              <i className="bi bi-chevron-double-left" aria-hidden="true" />
            </button>
          )}
        </div>
        <SidebarNav />
        <div className="app-sidebar-footer">
          <button type="button" className="btn app-sidebar-signout w-100" onClick={signOut} title="Sign out">
            <i className="bi bi-box-arrow-right" aria-hidden="true" />
            <span className="menu-title">Sign out</span>
          </button>
        </div>
      </div>
    </aside>
  );
}

/** The menu, with the roles' loading and error texts while they are not there. */
export function SidebarNav() {
  const items = useMenu();
  const roles = useRoles();
  return (
    <nav className="app-sidebar-menu" aria-label="Main menu">
      <SidebarMenu items={items} />
      {roles.loading && (
        <p className="menu-status" role="status">
          Loading...
        </p>
      )}
      {roles.error && (
        <p className="menu-status text-danger-emphasis" role="alert">
          {roles.error}
        </p>
      )}
    </nav>
  );
}
