// The layout configuration (spec sections 3, 4 and 9): saved as JSON in localStorage under a key
// that defaults to LayoutConfig; anything unparsable gives the default configuration.
export const LAYOUT_TYPES = ['dark-sidebar', 'light-header', 'dark-header'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

export const TOOLBAR_LAYOUTS = ['classic', 'saas', 'accounting', 'extended', 'reports'] as const;
export type ToolbarLayout = (typeof TOOLBAR_LAYOUTS)[number];

export const PAGE_WIDTHS = ['default', 'fluid', 'fixed'] as const;
export type PageWidth = (typeof PAGE_WIDTHS)[number];
export type Container = 'fluid' | 'fixed';

export interface LayoutConfig {
  layoutType: LayoutType;
  main: {
    /** General mode of the layout (the theme menu overrides what is on screen). */
    mode: 'light' | 'dark' | 'system';
    rtl: boolean;
    primaryColor: string;
    pageWidth: PageWidth;
    illustrationSet: string;
  };
  app: {
    header: {
      display: boolean;
      container: Container;
      fixed: { desktop: boolean; mobile: boolean };
      /** What the header shows besides its icons: the menu, or the page title with breadcrumbs. */
      content: 'menu' | 'page-title';
    };
    sidebar: {
      display: boolean;
      /** Width of the mobile drawer. */
      drawerWidth: string;
      fixed: { desktop: boolean };
      minimize: { desktop: { enabled: boolean; default: boolean; hoverable: boolean } };
    };
    toolbar: {
      display: boolean;
      layout: ToolbarLayout;
      container: Container;
      fixed: { desktop: boolean; mobile: boolean };
    };
    pageTitle: { display: boolean; breadcrumbs: boolean; description: boolean };
    content: { container: Container };
    footer: { display: boolean; container: Container; fixed: { desktop: boolean; mobile: boolean } };
  };
}

export const LAYOUT_CONFIG_KEY = 'LayoutConfig';

export const DEFAULT_LAYOUT_CONFIG: LayoutConfig = {
  layoutType: 'dark-sidebar',
  main: { mode: 'light', rtl: false, primaryColor: '#50CD89', pageWidth: 'default', illustrationSet: 'sketchy-1' },
  app: {
    header: { display: true, container: 'fluid', fixed: { desktop: true, mobile: true }, content: 'menu' },
    sidebar: {
      display: true,
      drawerWidth: '225px',
      fixed: { desktop: true },
      minimize: { desktop: { enabled: true, default: false, hoverable: true } },
    },
    toolbar: { display: true, layout: 'classic', container: 'fluid', fixed: { desktop: false, mobile: false } },
    pageTitle: { display: true, breadcrumbs: true, description: false },
    content: { container: 'fluid' },
    footer: { display: true, container: 'fluid', fixed: { desktop: false, mobile: false } },
  },
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Saved values over the defaults, key by key; values of the wrong type are ignored. */
function merge<T>(base: T, saved: unknown): T {
  if (!isObject(base) || !isObject(saved)) return base;
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(base)) {
    if (!(key in saved)) continue;
    const incoming = saved[key];
    if (isObject(value)) out[key] = merge(value, incoming);
    else if (typeof incoming === typeof value) out[key] = incoming;
  }
  return out as T;
}

/** Bring any configuration into shape: known enums only, every setting present. */
export function normaliseLayoutConfig(input: unknown): LayoutConfig {
  const config = merge(DEFAULT_LAYOUT_CONFIG, input);
  if (!LAYOUT_TYPES.includes(config.layoutType)) config.layoutType = DEFAULT_LAYOUT_CONFIG.layoutType;
  if (!TOOLBAR_LAYOUTS.includes(config.app.toolbar.layout)) config.app.toolbar.layout = 'classic';
  if (!PAGE_WIDTHS.includes(config.main.pageWidth)) config.main.pageWidth = 'default';
  if (!['menu', 'page-title'].includes(config.app.header.content)) config.app.header.content = 'menu';
  return config;
}

export function loadLayoutConfig(key = LAYOUT_CONFIG_KEY): LayoutConfig {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return structuredClone(DEFAULT_LAYOUT_CONFIG);
    return normaliseLayoutConfig(JSON.parse(raw));
  } catch {
    return structuredClone(DEFAULT_LAYOUT_CONFIG);
  }
}

export function saveLayoutConfig(config: LayoutConfig, key = LAYOUT_CONFIG_KEY): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(config));
  } catch {
    // Storage unavailable: the configuration lasts for this page only.
  }
}

export function clearLayoutConfig(key = LAYOUT_CONFIG_KEY): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing saved
  }
}

export interface ResolvedLayout {
  hasSidebar: boolean;
  /** The toolbar is hidden when the header shows the page title. */
  showToolbar: boolean;
  headerContent: 'menu' | 'page-title';
  /** Bootstrap container class for header, toolbar, content and footer. */
  containers: { header: string; toolbar: string; content: string; footer: string };
  pageTitle: { breadcrumbs: boolean; description: boolean };
}

const containerClass = (c: Container | PageWidth) => (c === 'fixed' ? 'container-xxl' : 'container-fluid');

/** The rules of spec section 9 that derive the shell from the configuration. */
export function resolveLayout(config: LayoutConfig): ResolvedLayout {
  const { app, main, layoutType } = config;
  const hasSidebar = layoutType === 'dark-sidebar' && app.sidebar.display;
  const headerLayout = layoutType === 'light-header' || layoutType === 'dark-header';
  let containers = {
    header: containerClass(app.header.container),
    toolbar: containerClass(app.toolbar.container),
    content: containerClass(app.content.container),
    footer: containerClass(app.footer.container),
  };
  if (headerLayout && main.pageWidth === 'default') {
    containers = { header: 'container-xxl', toolbar: 'container-xxl', content: 'container-xxl', footer: 'container-xxl' };
  } else if (main.pageWidth !== 'default') {
    const c = containerClass(main.pageWidth);
    containers = { header: c, toolbar: c, content: c, footer: c };
  }
  const headerContent = app.header.content;
  const pageTitleInHeader = headerContent === 'page-title';
  return {
    hasSidebar,
    showToolbar: app.toolbar.display && !pageTitleInHeader,
    headerContent,
    containers,
    pageTitle: pageTitleInHeader
      ? { breadcrumbs: app.pageTitle.breadcrumbs, description: app.pageTitle.description }
      : { breadcrumbs: true, description: false },
  };
}
