// The Layout Builder's pieces: the layout type picker saves and reloads, the tabs' switches apply at
// once (and Hoverable / Default minimized follow the minimize toggle), and Reset restores the saved
// configuration after about a second (useBuilderActions).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LayoutProvider } from '../../lib/layout';
import { DEFAULT_LAYOUT_CONFIG, LAYOUT_CONFIG_KEY, loadLayoutConfig, saveLayoutConfig } from '../../lib/layout-config';
import { BuilderTabs } from './components/builder-tabs';
import { LayoutTypePicker } from './components/layout-type-picker';
import { BuilderPage } from './routes/builder';

afterEach(() => localStorage.removeItem(LAYOUT_CONFIG_KEY));

describe('LayoutTypePicker', () => {
  it('marks the current layout and saves a new one with the rest of the configuration unchanged', async () => {
    const saveAndReload = vi.fn();
    render(<LayoutTypePicker config={DEFAULT_LAYOUT_CONFIG} saveAndReload={saveAndReload} />);
    const group = screen.getByRole('radiogroup', { name: 'Layout type' });
    expect(within(group).getByRole('radio', { name: /Dark sidebar/ })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: /Light header/ }));
    expect(saveAndReload).toHaveBeenCalledWith({ ...DEFAULT_LAYOUT_CONFIG, layoutType: 'light-header' });
    // The configuration it was given is a copy's source, never changed in place.
    expect(DEFAULT_LAYOUT_CONFIG.layoutType).toBe('dark-sidebar');
  });
});

describe('BuilderTabs', () => {
  it('applies a switch at once and disables Hoverable and Default minimized while the minimize toggle is off', async () => {
    const setLayout = vi.fn();
    const { rerender } = render(<BuilderTabs config={DEFAULT_LAYOUT_CONFIG} setLayout={setLayout} saveAndReload={vi.fn()} />);
    expect(screen.getByRole('switch', { name: 'Hoverable' })).toBeEnabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Minimize toggle' }));
    const next = setLayout.mock.calls[0][0];
    expect(next.app.sidebar.minimize.desktop.enabled).toBe(false);
    rerender(<BuilderTabs config={next} setLayout={setLayout} saveAndReload={vi.fn()} />);
    expect(screen.getByRole('switch', { name: 'Hoverable' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Default minimized' })).toBeDisabled();
  });

  it('saves and reloads on a new toolbar layout', async () => {
    const saveAndReload = vi.fn();
    render(<BuilderTabs config={DEFAULT_LAYOUT_CONFIG} setLayout={vi.fn()} saveAndReload={saveAndReload} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Toolbar' }));
    await userEvent.click(screen.getByRole('radio', { name: 'saas' }));
    expect(saveAndReload.mock.calls[0][0].app.toolbar.layout).toBe('saas');
  });
});

describe('BuilderPage Reset (useBuilderActions)', { timeout: 10_000 }, () => {
  it('shows Resetting... with the buttons disabled, then restores the saved configuration', async () => {
    saveLayoutConfig(DEFAULT_LAYOUT_CONFIG);
    render(
      <LayoutProvider>
        <BuilderPage />
      </LayoutProvider>,
    );
    const fixed = screen.getByRole('switch', { name: 'Fixed' });
    expect(fixed).toBeChecked();
    await userEvent.click(fixed);
    expect(screen.getByRole('switch', { name: 'Fixed' })).not.toBeChecked();
    // Switches are not saved until Preview.
    expect(loadLayoutConfig().app.sidebar.fixed.desktop).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByText('Resetting...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restore defaults' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Fixed' })).toBeChecked(), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
  });
});
