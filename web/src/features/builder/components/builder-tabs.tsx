// The Layout Builder's Sidebar, Header and Toolbar tabs: switches apply at once (a partial update with
// the splash screen); changing the toolbar layout saves and reloads straight away.
import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { TOOLBAR_LAYOUTS, type LayoutConfig } from '../../../lib/layout-config';
import { edit } from '../edit-config';

function Switch({ id, label, hint, checked, onChange, disabled }: { id: string; label: string; hint?: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  return (
    <div className="builder-row d-flex align-items-start justify-content-between gap-3 py-3">
      <div>
        <label htmlFor={id} className="fw-semibold text-body-emphasis">
          {label}
        </label>
        {hint && (
          <div id={`${id}-hint`} className="small text-body-secondary">
            {hint}
          </div>
        )}
      </div>
      <div className="form-check form-switch m-0">
        <input
          id={id}
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
      </div>
    </div>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <div className="builder-section px-1">{children}</div>;
}

export function BuilderTabs({
  config,
  setLayout,
  saveAndReload,
}: {
  config: LayoutConfig;
  setLayout: (config: LayoutConfig) => void;
  saveAndReload: (config: LayoutConfig) => void;
}) {
  const update = (change: (draft: LayoutConfig) => void) => setLayout(edit(config, change));
  const { sidebar, header, toolbar } = config.app;
  const minimize = sidebar.minimize.desktop;
  return (
    <Tabs defaultActiveKey="sidebar" id="builder-tabs" className="builder-tabs mb-2" variant="underline">
      <Tab eventKey="sidebar" title="Sidebar">
        <Section>
          <Switch
            id="sidebar-fixed"
            label="Fixed"
            hint="The sidebar stays in place while the page scrolls."
            checked={sidebar.fixed.desktop}
            onChange={(v) => update((d) => (d.app.sidebar.fixed.desktop = v))}
          />
          <Switch
            id="sidebar-minimize"
            label="Minimize toggle"
            hint="A button that shrinks the sidebar to its icons."
            checked={minimize.enabled}
            onChange={(v) => update((d) => (d.app.sidebar.minimize.desktop.enabled = v))}
          />
          <Switch
            id="sidebar-hoverable"
            label="Hoverable"
            hint="A minimized sidebar opens while the pointer is over it."
            checked={minimize.hoverable}
            disabled={!minimize.enabled}
            onChange={(v) => update((d) => (d.app.sidebar.minimize.desktop.hoverable = v))}
          />
          <Switch
            id="sidebar-default-minimized"
            label="Default minimized"
            hint="Start with the sidebar minimized."
            checked={minimize.default}
            disabled={!minimize.enabled}
            onChange={(v) => update((d) => (d.app.sidebar.minimize.desktop.default = v))}
          />
          {config.layoutType !== 'dark-sidebar' && <p className="small text-warning-emphasis mt-2 mb-0">The sidebar shows in the dark sidebar layout only.</p>}
        </Section>
      </Tab>
      <Tab eventKey="header" title="Header">
        <Section>
          <Switch id="header-fixed-desktop" label="Fixed on desktop" checked={header.fixed.desktop} onChange={(v) => update((d) => (d.app.header.fixed.desktop = v))} />
          <Switch id="header-fixed-mobile" label="Fixed on mobile" checked={header.fixed.mobile} onChange={(v) => update((d) => (d.app.header.fixed.mobile = v))} />
          <div className="builder-row py-3">
            <label htmlFor="header-content" className="fw-semibold text-body-emphasis">
              Content
            </label>
            <div id="header-content-hint" className="small text-body-secondary mb-2">
              With the page title in the header, the toolbar is hidden.
            </div>
            <select
              id="header-content"
              className="form-select"
              aria-describedby="header-content-hint"
              value={header.content}
              onChange={(e) => update((d) => (d.app.header.content = e.target.value as 'menu' | 'page-title'))}
            >
              <option value="menu">Menu</option>
              <option value="page-title">Page title</option>
            </select>
          </div>
        </Section>
      </Tab>
      <Tab eventKey="toolbar" title="Toolbar">
        <Section>
          <Switch id="toolbar-fixed-desktop" label="Fixed on desktop" checked={toolbar.fixed.desktop} onChange={(v) => update((d) => (d.app.toolbar.fixed.desktop = v))} />
          <Switch id="toolbar-fixed-mobile" label="Fixed on mobile" checked={toolbar.fixed.mobile} onChange={(v) => update((d) => (d.app.toolbar.fixed.mobile = v))} />
          <fieldset className="builder-row py-3">
            <legend className="fs-6 fw-semibold text-body-emphasis mb-1">Layout</legend>
            <div className="small text-body-secondary mb-2">Changing the toolbar layout saves it and reloads the page.</div>
            <div className="d-flex flex-wrap gap-2">
              {TOOLBAR_LAYOUTS.map((layout) => (
                <span key={layout}>
                  <input
                    type="radio"
                    className="btn-check"
                    name="toolbarLayout"
                    id={`toolbar-${layout}`}
                    checked={toolbar.layout === layout}
                    onChange={() => saveAndReload(edit(config, (d) => (d.app.toolbar.layout = layout)))}
                  />
                  <label className="btn btn-outline-primary btn-sm text-capitalize px-3" htmlFor={`toolbar-${layout}`}>
                    {layout}
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
        </Section>
      </Tab>
    </Tabs>
  );
}
