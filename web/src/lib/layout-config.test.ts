import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT_CONFIG, LAYOUT_CONFIG_KEY, loadLayoutConfig, resolveLayout, saveLayoutConfig } from './layout-config';

describe('layout configuration (spec sections 3, 4 and 9)', () => {
  it('defaults: dark sidebar, primary #50CD89, header fixed on desktop and mobile, minimizable hoverable sidebar, classic toolbar not fixed', () => {
    const c = loadLayoutConfig();
    expect(c).toEqual(DEFAULT_LAYOUT_CONFIG);
    expect(c.layoutType).toBe('dark-sidebar');
    expect(c.main.primaryColor).toBe('#50CD89');
    expect(c.app.header.fixed).toEqual({ desktop: true, mobile: true });
    expect(c.app.sidebar.minimize.desktop).toMatchObject({ enabled: true, hoverable: true });
    expect(c.app.sidebar.drawerWidth).toBe('225px');
    expect(c.app.toolbar).toMatchObject({ layout: 'classic', fixed: { desktop: false, mobile: false } });
  });

  it('uses the default when the saved value cannot be parsed', () => {
    localStorage.setItem(LAYOUT_CONFIG_KEY, '{not json');
    expect(loadLayoutConfig()).toEqual(DEFAULT_LAYOUT_CONFIG);
  });

  it('round-trips a saved configuration and ignores unknown values', () => {
    const c = structuredClone(DEFAULT_LAYOUT_CONFIG);
    c.app.toolbar.layout = 'reports';
    c.app.sidebar.fixed.desktop = false;
    saveLayoutConfig(c);
    expect(loadLayoutConfig()).toEqual(c);
    localStorage.setItem(LAYOUT_CONFIG_KEY, JSON.stringify({ layoutType: 'neon', app: { toolbar: { layout: 'weird', fixed: { desktop: 'yes' } } } }));
    const loaded = loadLayoutConfig();
    expect(loaded.layoutType).toBe('dark-sidebar');
    expect(loaded.app.toolbar.layout).toBe('classic');
    expect(loaded.app.toolbar.fixed.desktop).toBe(false);
  });

  it('header layouts with default page width use fixed containers; a page title in the header hides the toolbar', () => {
    const c = structuredClone(DEFAULT_LAYOUT_CONFIG);
    expect(resolveLayout(c)).toMatchObject({ hasSidebar: true, showToolbar: true, containers: { content: 'container-fluid' }, pageTitle: { breadcrumbs: true, description: false } });
    c.layoutType = 'light-header';
    expect(resolveLayout(c)).toMatchObject({ hasSidebar: false, containers: { header: 'container-xxl', content: 'container-xxl' } });
    c.main.pageWidth = 'fluid';
    expect(resolveLayout(c).containers.content).toBe('container-fluid');
    c.app.header.content = 'page-title';
    expect(resolveLayout(c).showToolbar).toBe(false);
  });
});
