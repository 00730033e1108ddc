// Display theme (spec section 4): light, dark or system. Stored in localStorage; the effective mode is
// written to <html data-bs-theme> (Bootstrap 5.3 colour modes). index.html runs the same start-up rule
// inline, before first paint.
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type EffectiveTheme = 'light' | 'dark';

export const THEME_MODE_KEY = 'theme_mode';
export const THEME_MENU_MODE_KEY = 'theme_menu_mode';
/** Set on <html> while the theme switches (disables transitions); removed after this delay. */
export const THEME_SWITCH_MS = 300;

export const isThemeMode = (value: unknown): value is ThemeMode => (THEME_MODES as readonly unknown[]).includes(value);

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function systemTheme(): EffectiveTheme {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function effectiveTheme(mode: ThemeMode): EffectiveTheme {
  return mode === 'system' ? systemTheme() : mode;
}

/** Saved value if valid; else the page's own theme attribute if valid; else system. No storage: light. */
export function readThemeMode(key = THEME_MODE_KEY): ThemeMode {
  try {
    const saved = window.localStorage.getItem(key);
    if (isThemeMode(saved)) return saved;
  } catch {
    return 'light';
  }
  const attr = document.documentElement.getAttribute('data-bs-theme');
  return isThemeMode(attr) ? attr : 'system';
}

export function saveThemeMode(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(THEME_MODE_KEY, mode);
    window.localStorage.setItem(THEME_MENU_MODE_KEY, mode);
  } catch {
    // Storage unavailable (private mode): the choice lasts for this page only.
  }
}

let switchTimer: ReturnType<typeof setTimeout> | undefined;

export function applyTheme(mode: ThemeMode): EffectiveTheme {
  const el = document.documentElement;
  const effective = effectiveTheme(mode);
  el.setAttribute('data-theme-switching', 'true');
  el.setAttribute('data-bs-theme', effective);
  el.setAttribute('data-theme-mode', mode);
  clearTimeout(switchTimer);
  switchTimer = setTimeout(() => el.removeAttribute('data-theme-switching'), THEME_SWITCH_MS);
  return effective;
}

/** Calls back when the operating system switches between light and dark. */
export function onSystemThemeChange(callback: () => void): () => void {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(DARK_QUERY) : undefined;
  if (!query) return () => undefined;
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}
