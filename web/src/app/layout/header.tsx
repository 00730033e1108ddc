// The header: drawer toggle (mobile), logo, menu or page title, and the bell, theme and user menus.
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/logo';
import { APP_NAME } from '../../config/app';
import { paths } from '../../config/paths';
import type { ResolvedLayout } from '../../lib/layout-config';
import { HorizontalMenu } from './horizontal-menu';
import { NotificationsMenu } from './notifications-menu';
import { PageTitle } from './page-title';
import { MenuStatus } from './sidebar';
import { ThemeModeSwitcher } from './theme-mode-switcher';
import { CreateButton } from './toolbar';
import { useMenu } from './use-menu';
import { UserMenu } from './user-menu';

interface HeaderProps {
  layout: ResolvedLayout;
  sticky: boolean;
  onOpenDrawer: () => void;
}

export function Header({ layout, sticky, onOpenDrawer }: HeaderProps) {
  const items = useMenu();
  const pageTitle = layout.headerContent === 'page-title';
  return (
    <header className="app-header" data-sticky={sticky ? 'on' : 'off'}>
      <div className={`${layout.containers.header} d-flex align-items-center gap-2 h-100`}>
        <button type="button" className="btn btn-icon header-btn d-lg-none" onClick={onOpenDrawer} aria-label="Open menu" aria-controls="app-drawer">
          <i className="bi bi-list fs-3" aria-hidden="true" />
        </button>
        <Link to={paths.dashboard} className={`header-logo text-decoration-none me-2 ${layout.hasSidebar ? 'd-lg-none' : ''}`} aria-label={`${APP_NAME} dashboard`}>
          <LogoMark size={30} />
          <span className="fw-bold fs-5 ms-2 d-none d-sm-inline header-brand">{APP_NAME}</span>
        </Link>
        <div className="flex-grow-1 d-flex align-items-center min-w-0">
          {pageTitle ? (
            <PageTitle breadcrumbs={layout.pageTitle.breadcrumbs} description={layout.pageTitle.description} className="d-none d-md-flex" />
          ) : (
            !layout.hasSidebar && <HorizontalMenu items={items} />
          )}
        </div>
        {!layout.hasSidebar && <MenuStatus className="d-none d-lg-flex flex-shrink-0" />}
        <div className="d-flex align-items-center flex-shrink-0 gap-1 gap-sm-2">
          {pageTitle && <CreateButton className="d-none d-md-inline-block me-1" />}
          <NotificationsMenu />
          <ThemeModeSwitcher />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
