// /builder: the Layout Builder (spec section 2). Switches apply at once (a partial update with the
// splash screen); Preview saves and reloads; Reset restores the saved configuration after about 1 s.
// Changing the layout type or the toolbar layout saves and reloads straight away.
import { Busy } from '../../../components/loading';
import { usePageTitle, useLayout } from '../../../lib/layout';
import { BuilderTabs } from '../components/builder-tabs';
import { LayoutTypePicker } from '../components/layout-type-picker';
import { useBuilderActions } from '../hooks/use-builder-actions';

export function BuilderPage() {
  usePageTitle('Layout Builder', [{ title: 'Settings' }], 'Shape the sidebar, header and toolbar of your console.');
  const { config, setLayout, saveAndReload } = useLayout();
  const { busy, preview, reset, restoreDefaults } = useBuilderActions();

  return (
    <div className="row g-4">
      <div className="col-xl-4">
        <LayoutTypePicker config={config} saveAndReload={saveAndReload} />
      </div>
      <div className="col-xl-8">
        <div className="card border-0 shadow-sm">
          <div className="card-body">
            <BuilderTabs config={config} setLayout={setLayout} saveAndReload={saveAndReload} />
          </div>
          <div className="card-footer bg-transparent d-flex flex-wrap gap-2 justify-content-end py-3">
            <button type="button" className="btn btn-link text-body-secondary text-decoration-none me-auto" onClick={restoreDefaults} disabled={busy !== null}>
              Restore defaults
            </button>
            <button type="button" className="btn btn-light" onClick={reset} disabled={busy !== null}>
              {busy === 'reset' ? <Busy>Resetting...</Busy> : 'Reset'}
            </button>
            <button type="button" className="btn btn-primary" onClick={preview} disabled={busy !== null}>
              {busy === 'preview' ? <Busy /> : 'Preview'}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

export { BuilderPage as Component };
