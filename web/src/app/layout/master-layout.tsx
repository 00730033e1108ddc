// The signed-in shell (spec sections 1 and 2): header, sidebar (a drawer on mobile), toolbar with the
// page title, content, footer, scroll-to-top and the sign-out dialog, shaped by the layout configuration.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useLayout } from '../../lib/layout';
import { resolveLayout } from '../../lib/layout-config';
import { LARGE_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { Footer } from './footer';
import { Header } from './header';
import { MobileDrawer } from './mobile-drawer';
import { ScrollTop, useScrolledPast } from './scroll-top';
import { Sidebar } from './sidebar';
import { SignOutContext, SignOutDialog } from './sign-out-dialog';
import { Toolbar } from './toolbar';
import { useSidebarMinimized } from './use-sidebar-minimized';

export function MasterLayout({ children }: { children: ReactNode }) {
  const { config } = useLayout();
  const layout = resolveLayout(config);
  const { sidebar, header, toolbar, footer } = config.app;
  const minimize = sidebar.minimize.desktop;
  const [minimized, toggleMinimized] = useSidebarMinimized(minimize.enabled, minimize.default);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const scrolled = useScrolledPast();
  // Below lg the sidebar is hidden (the drawer has the menu): not rendered there, so a phone's first
  // render builds no second menu of some 35 links it would not show.
  const large = useMediaQuery(LARGE_SCREEN);
  const { pathname } = useLocation();

  // A new page closes the drawer (adjusted while rendering, not in an effect) and starts at the top.
  const [drawerPage, setDrawerPage] = useState(pathname);
  if (drawerPage !== pathname) {
    setDrawerPage(pathname);
    setDrawerOpen(false);
  }
  useEffect(() => {
    // A statement, not the arrow's value: Chromium's scrollTo may return a promise, which React would call as the cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);

  const classes = [
    'app-shell',
    layout.hasSidebar && 'has-sidebar',
    layout.hasSidebar && minimized && 'sidebar-minimized',
    minimize.hoverable && 'sidebar-hoverable',
    sidebar.fixed.desktop && 'sidebar-fixed',
    header.fixed.desktop && 'header-fixed-desktop',
    header.fixed.mobile && 'header-fixed-mobile',
    toolbar.fixed.desktop && 'toolbar-fixed-desktop',
    toolbar.fixed.mobile && 'toolbar-fixed-mobile',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <SignOutContext.Provider value={() => setSigningOut(true)}>
      <div className={classes} data-layout={config.layoutType} data-toolbar={toolbar.layout}>
        <a href="#main" className="visually-hidden-focusable skip-link">
          Skip to content
        </a>
        {layout.hasSidebar && large && <Sidebar minimized={minimized} canMinimize={minimize.enabled} onToggleMinimize={toggleMinimized} />}
        <div className="app-wrapper">
          <Header layout={layout} sticky={scrolled} onOpenDrawer={() => setDrawerOpen(true)} />
          {layout.showToolbar && <Toolbar layout={toolbar.layout} container={layout.containers.toolbar} />}
          <main id="main" className="app-content" tabIndex={-1}>
            <div className={layout.containers.content}>{children}</div>
          </main>
          {footer.display && <Footer container={layout.containers.footer} />}
        </div>
        <MobileDrawer show={drawerOpen} onHide={() => setDrawerOpen(false)} width={sidebar.drawerWidth} />
        <ScrollTop visible={scrolled} />
        <SignOutDialog show={signingOut} onHide={() => setSigningOut(false)} />
      </div>
    </SignOutContext.Provider>
  );
}
