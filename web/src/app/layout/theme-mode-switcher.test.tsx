import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../lib/theme-provider';
import { LARGE_SCREEN } from '../../lib/use-media-query';
import { ThemeModeSwitcher } from './theme-mode-switcher';

/** A screen of the given width, as far as the menu's media query (Bootstrap's lg) is concerned. */
function screenWidth(large: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === LARGE_SCREEN ? large : false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

function setup(large: boolean) {
  screenWidth(large);
  const user = userEvent.setup({ delay: null });
  render(
    <ThemeProvider>
      <p>Elsewhere</p>
      <ThemeModeSwitcher />
    </ThemeProvider>,
  );
  const trigger = screen.getByRole('button', { name: /^Theme:/ });
  const open = () => trigger.getAttribute('aria-expanded') === 'true' && document.querySelector('.theme-menu')?.classList.contains('show') === true;
  return { user, trigger, open };
}

describe('ThemeModeSwitcher', () => {
  it('at large widths hover opens it and a click on the icon keeps it open (three times of three)', async () => {
    const { user, trigger, open } = setup(true);
    await user.hover(trigger);
    expect(open()).toBe(true);
    for (let i = 0; i < 3; i++) {
      await user.click(trigger);
      expect(open(), `click ${i + 1}`).toBe(true);
    }
    // Its entries are there to pick: the choice closes it.
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(open()).toBe(false);
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
  });

  it('at large widths a click elsewhere closes it', async () => {
    const { user, trigger, open } = setup(true);
    await user.hover(trigger);
    expect(open()).toBe(true);
    await user.click(screen.getByText('Elsewhere'));
    await vi.waitFor(() => expect(open()).toBe(false));
  });

  it('at small widths (no hover) a click opens it and a second click closes it', async () => {
    const { user, trigger, open } = setup(false);
    await user.hover(trigger);
    expect(open()).toBe(false);
    await user.click(trigger);
    expect(open()).toBe(true);
    await user.click(trigger);
    expect(open()).toBe(false);
  });

  it('a pointer that left starts no closing that outlives the menu', () => {
    screenWidth(true);
    const { unmount } = render(
      <ThemeProvider>
        <ThemeModeSwitcher />
      </ThemeProvider>,
    );
    const menu = screen.getByRole('button', { name: /^Theme:/ }).parentElement!;
    fireEvent.mouseEnter(menu);
    const started = vi.spyOn(globalThis, 'setTimeout');
    fireEvent.mouseLeave(menu);
    const closing = started.mock.results.find((_, n) => started.mock.calls[n][1] === 200)?.value as ReturnType<typeof setTimeout>;
    expect(closing).toBeDefined();
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    unmount();
    // Its 200 ms timer fired after the test's page was gone ("window is not defined": an error outside any test).
    expect(cleared).toHaveBeenCalledWith(closing);
  });
});
