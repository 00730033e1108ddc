// The Layout Builder's layout type choice (dark sidebar, light header, dark header): picking one saves
// it and reloads the page, as the whole console's frame changes.
import { LAYOUT_TYPES, type LayoutConfig, type LayoutType } from '../../../lib/layout-config';
import { edit } from '../edit-config';

const LAYOUT_LABELS: Record<LayoutType, { title: string; text: string }> = {
  'dark-sidebar': { title: 'Dark sidebar', text: 'A dark menu on the left' },
  'light-header': { title: 'Light header', text: 'The menu in a light header' },
  'dark-header': { title: 'Dark header', text: 'The menu in a dark header' },
};

export function LayoutTypePicker({ config, saveAndReload }: { config: LayoutConfig; saveAndReload: (config: LayoutConfig) => void }) {
  return (
    <div className="card border-0 shadow-sm">
      <div className="card-body">
        <h2 className="h6 fw-bold mb-1">Layout</h2>
        <p className="small text-body-secondary mb-3">Changing the layout saves it and reloads the page.</p>
        <div className="d-grid gap-2" role="radiogroup" aria-label="Layout type">
          {LAYOUT_TYPES.map((type) => (
            <label key={type} className={`layout-option d-flex align-items-center gap-3 p-3 rounded-3${config.layoutType === type ? ' is-selected' : ''}`}>
              <input
                type="radio"
                className="form-check-input m-0"
                name="layoutType"
                value={type}
                checked={config.layoutType === type}
                onChange={() => saveAndReload(edit(config, (d) => (d.layoutType = type)))}
              />
              <span className={`layout-thumb layout-thumb-${type}`} aria-hidden="true">
                <span />
                <span />
              </span>
              <span className="fw-semibold text-body-emphasis">
                {LAYOUT_LABELS[type].title}
                <span className="d-block small fw-normal text-body-secondary">{LAYOUT_LABELS[type].text}</span>
              </span>
            </label>
          ))}
        </div>
      </div>
    </div>
  );
}
