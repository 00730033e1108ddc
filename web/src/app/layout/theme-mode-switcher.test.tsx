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
  // The menu's code loads on first use (components/dropdown.tsx): the toggle is then a new element.
  const toggle = () => screen.getByRole('button', { name: /^Theme:/ });
  const trigger = toggle();
  const isOpen = () => toggle().getAttribute('aria-expanded') === 'true' && document.querySelector('.theme-menu')?.classList.contains('show') === true;
  /** Waits for the menu to be open (its code may still be loading). */
  const opened = () => vi.waitFor(() => expect(isOpen()).toBe(true), { timeout: 3000 });
  return { user, trigger, toggle, isOpen, opened };
}

describe('ThemeModeSwitcher', () => {
  it('at large widths hover opens it and a click on the icon keeps it open (three times of three)', async () => {
    const { user, trigger, toggle, isOpen, opened } = setup(true);
    await user.hover(trigger);
    await opened();
    for (let i = 0; i < 3; i++) {
      await user.click(toggle());
      expect(isOpen(), `click ${i + 1}`).toBe(true);
    }
    // Its entries are there to pick: the choice closes it.
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(isOpen()).toBe(false);
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
  });

  it('at large widths a click elsewhere closes it', async () => {
    const { user, trigger, isOpen, opened } = setup(true);
    await user.hover(trigger);
    await opened();
    await user.click(screen.getByText('Elsewhere'));
    await vi.waitFor(() => expect(isOpen()).toBe(false));
  });

  it('at small widths (no hover) a click opens it and a second click closes it', async () => {
    const { user, trigger, toggle, isOpen, opened } = setup(false);
    await user.hover(trigger);
    expect(isOpen()).toBe(false);
    // The first click opens it even while the menu's code is still on its way.
    await user.click(trigger);
    await opened();
    expect(toggle()).toHaveFocus();
    await user.click(toggle());
    expect(isOpen()).toBe(false);
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
