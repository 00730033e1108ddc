// The builder's footer actions: Preview saves and reloads; Reset restores the saved configuration after
// about 1 s; Restore defaults forgets the saved configuration. Each leaves the buttons busy until done.
import { useEffect, useRef, useState } from 'react';
import { useLayout } from '../../../lib/layout';
import { clearLayoutConfig, loadLayoutConfig } from '../../../lib/layout-config';

export const RESET_DELAY_MS = 1000;

export function useBuilderActions() {
  const { config, setLayout, saveAndReload } = useLayout();
  const [busy, setBusy] = useState<'preview' | 'reset' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const preview = () => {
    setBusy('preview');
    saveAndReload(config);
  };
  const reset = () => {
    setBusy('reset');
    timer.current = setTimeout(() => {
      setLayout(loadLayoutConfig());
      setBusy(null);
    }, RESET_DELAY_MS);
  };
  const restoreDefaults = () => {
    clearLayoutConfig();
    window.location.reload();
  };
  return { busy, preview, reset, restoreDefaults };
}
