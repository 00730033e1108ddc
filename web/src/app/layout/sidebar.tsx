// The desktop sidebar (lg and up): logo, minimize toggle, menu and a Sign out button at the foot.
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/logo';
import { APP_NAME } from '../../config/app';
import { paths } from '../../config/paths';
import { useRoles } from '../../lib/roles';
import { useSavedScroll } from '../../lib/saved-scroll';
import { useSignOut } from './sign-out-dialog';
import { SidebarMenu } from './sidebar-menu';
import { useMenu } from './use-menu';

interface SidebarProps {
  minimized: boolean;
  canMinimize: boolean;
  onToggleMinimize: () => void;
}

export function Sidebar({ minimized, canMinimize, onToggleMinimize }: SidebarProps) {
  const signOut = useSignOut();
  // Right after minimizing, the pointer and focus are still on the panel: the hoverable sidebar would
  // stay open. It waits until the pointer leaves before it opens on hover again.
  const [hoverPaused, setHoverPaused] = useState(false);
  return (
    <aside className="app-sidebar" aria-label="Sidebar">
      <div className={`app-sidebar-panel${hoverPaused ? ' hover-paused' : ''}`} onMouseLeave={() => setHoverPaused(false)}>
        <div className="app-sidebar-logo">
          <Link to={paths.dashboard} className="d-flex align-items-center gap-2 text-decoration-none text-white" aria-label={`${APP_NAME} dashboard`}>
            <LogoMark size={34} />
            <span className="app-sidebar-brand fw-bold fs-5">{APP_NAME}</span>
          </Link>
          {canMinimize && (
            <button
              type="button"
              className="app-sidebar-toggle"
              onClick={(event) => {
                if (!minimized) {
                  setHoverPaused(true);
                  event.currentTarget.blur();
                }
                onToggleMinimize();
              }}
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
  const { loading } = useRoles();
  const ref = useRef<HTMLElement>(null);
  useSavedScroll(ref, 'sidebar_menu');
  return (
    <nav ref={ref} className="app-sidebar-menu" aria-label="Main menu" data-save-state="true">
      {/* Most entries need the roles: until they are in, placeholders, so that no entry moves down when
          the ones above it arrive. */}
      {loading ? <MenuSkeleton /> : <SidebarMenu items={items} />}
      <MenuStatus />
    </nav>
  );
}

function MenuSkeleton() {
  return (
    <ul className="menu-list list-unstyled mb-0 placeholder-glow" aria-hidden="true">
      {Array.from({ length: 12 }, (_, i) => (
        <li key={i} className="menu-item">
          <span className="menu-link">
            <span className="placeholder rounded" style={{ width: `${55 + ((i * 17) % 35)}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * While the roles load, 'Loading...'; when they failed, the reason ('Failed to fetch roles' when the
 * server gave none) and a Retry, so the entries that need permissions never vanish without a word.
 */
export function MenuStatus({ className = '' }: { className?: string }) {
  const roles = useRoles();
  if (roles.loading) {
    return (
      <p className={`menu-status ${className}`} role="status">
        Loading...
      </p>
    );
  }
  if (!roles.error) return null;
  return (
    <div className={`menu-status menu-error ${className}`} role="alert">
      <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
      <span>{roles.error}</span>
      {roles.retry && (
        <button type="button" className="btn btn-sm menu-error-retry ms-2" onClick={roles.retry}>
          Retry
        </button>
      )}
    </div>
  );
}
