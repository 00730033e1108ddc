// Layout configuration and the current page's title, description and breadcrumbs.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { APP_NAME } from '../config/app';
import { loadLayoutConfig, saveLayoutConfig, type LayoutConfig } from './layout-config';
import { flashSplash } from './splash';

interface LayoutState {
  config: LayoutConfig;
  /** A partial update: shows the splash, applies the configuration, hides the splash after 500 ms. Not saved. */
  setLayout: (config: LayoutConfig) => void;
  /** Saves the configuration and reloads the page (layout type and toolbar layout changes). */
  saveAndReload: (config: LayoutConfig) => void;
}

const LayoutContext = createContext<LayoutState | undefined>(undefined);

export function LayoutProvider({ children, initial }: { children: ReactNode; initial?: LayoutConfig }) {
  const [config, setConfig] = useState<LayoutConfig>(() => initial ?? loadLayoutConfig());
  const setLayout = useCallback((next: LayoutConfig) => {
    flashSplash();
    setConfig(next);
  }, []);
  const saveAndReload = useCallback((next: LayoutConfig) => {
    saveLayoutConfig(next);
    window.location.reload();
  }, []);
  const value = useMemo(() => ({ config, setLayout, saveAndReload }), [config, setLayout, saveAndReload]);
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayout(): LayoutState {
  const value = useContext(LayoutContext);
  if (!value) throw new Error('useLayout needs a LayoutProvider');
  return value;
}

export interface Breadcrumb {
  title: string;
  /** Omit for the current page (plain text) or a separator-only group. */
  path?: string;
}

export interface PageData {
  title?: string;
  description?: string;
  breadcrumbs?: Breadcrumb[];
}

const PageDataContext = createContext<PageData>({});
/**
 * The setter has a context of its own: a page that declares its title reads only it, so setting the
 * title re-renders the shell's title, not the whole page (its list) a second time on its first load.
 */
const SetPageDataContext = createContext<(data: PageData) => void>(() => undefined);

export function PageDataProvider({ children }: { children: ReactNode }) {
  const [data, setData] = useState<PageData>({});
  return (
    <SetPageDataContext.Provider value={setData}>
      <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>
    </SetPageDataContext.Provider>
  );
}

export const usePageData = () => useContext(PageDataContext);

/**
 * A page declares its title, breadcrumbs and description; they are cleared when it goes away.
 * The browser tab's title follows.
 */
export function usePageTitle(title: string, breadcrumbs?: Breadcrumb[], description?: string): void {
  const setPageData = useContext(SetPageDataContext);
  const crumbs = JSON.stringify(breadcrumbs ?? []);
  useEffect(() => {
    setPageData({ title, description, breadcrumbs: JSON.parse(crumbs) as Breadcrumb[] });
    const previous = document.title;
    document.title = `${title} | ${APP_NAME}`;
    return () => {
      setPageData({});
      document.title = previous;
    };
  }, [title, description, crumbs, setPageData]);
}
