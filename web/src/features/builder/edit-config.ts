// A copy of the layout configuration with one part changed (the builder's pieces all edit this way).
import type { LayoutConfig } from '../../lib/layout-config';

/** A copy of the configuration with one part changed. */
export function edit(config: LayoutConfig, change: (draft: LayoutConfig) => void): LayoutConfig {
  const draft = structuredClone(config);
  change(draft);
  return draft;
}
