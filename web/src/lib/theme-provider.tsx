import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { applyTheme, onSystemThemeChange, readThemeMode, saveThemeMode, systemTheme, THEME_MENU_MODE_KEY, type EffectiveTheme, type ThemeMode } from './theme';

interface ThemeState {
  /** The chosen mode. */
  mode: ThemeMode;
  /** The menu's mode: set together with mode, kept for layouts that colour the menu separately. */
  menuMode: ThemeMode;
  /** What is on screen now. */
  effective: EffectiveTheme;
  setMode: (mode: ThemeMode) => void;
}

const ThemeContext = createContext<ThemeState | undefined>(undefined);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readThemeMode());
  const [menuMode, setMenuMode] = useState<ThemeMode>(() => readThemeMode(THEME_MENU_MODE_KEY));
  // System mode follows the operating system live.
  const system = useSyncExternalStore(onSystemThemeChange, systemTheme);
  const effective: EffectiveTheme = mode === 'system' ? system : mode;

  useEffect(() => {
    applyTheme(mode);
  }, [mode, effective]);

  const setMode = useCallback((next: ThemeMode) => {
    saveThemeMode(next);
    setModeState(next);
    setMenuMode(next);
  }, []);

  const value = useMemo(() => ({ mode, menuMode, effective, setMode }), [mode, menuMode, effective, setMode]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme needs a ThemeProvider');
  return value;
}
