import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, readThemeMode, saveThemeMode, THEME_MENU_MODE_KEY, THEME_MODE_KEY, THEME_SWITCH_MS } from './theme';

afterEach(() => {
  document.documentElement.removeAttribute('data-bs-theme');
  vi.useRealTimers();
});

describe('theme mode (spec section 4)', () => {
  it('reads a valid saved mode', () => {
    localStorage.setItem(THEME_MODE_KEY, 'dark');
    expect(readThemeMode()).toBe('dark');
  });

  it('falls back to the page attribute when the saved value is invalid, else system', () => {
    localStorage.setItem(THEME_MODE_KEY, 'purple');
    document.documentElement.setAttribute('data-bs-theme', 'light');
    expect(readThemeMode()).toBe('light');
    document.documentElement.setAttribute('data-bs-theme', 'sepia');
    expect(readThemeMode()).toBe('system');
  });

  it('is light when local storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(readThemeMode()).toBe('light');
  });

  it('saves the theme and menu mode together', () => {
    saveThemeMode('system');
    expect(localStorage.getItem(THEME_MODE_KEY)).toBe('system');
    expect(localStorage.getItem(THEME_MENU_MODE_KEY)).toBe('system');
  });

  it('applies the effective mode and removes the switching flag after 300 ms', () => {
    vi.useFakeTimers();
    expect(applyTheme('dark')).toBe('dark');
    const el = document.documentElement;
    expect(el.getAttribute('data-bs-theme')).toBe('dark');
    expect(el.hasAttribute('data-theme-switching')).toBe(true);
    vi.advanceTimersByTime(THEME_SWITCH_MS);
    expect(el.hasAttribute('data-theme-switching')).toBe(false);
  });
});
