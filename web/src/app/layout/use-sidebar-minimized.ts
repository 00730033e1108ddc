// Whether the desktop sidebar is minimized (Layout Builder: minimize, default minimized). The member's
// own choice is kept in localStorage across reloads; changing the default in the Layout Builder
// starts again from the new default.
import { useCallback, useEffect, useRef, useState } from 'react';

export const SIDEBAR_STATE_KEY = 'sidebar_minimize_state';

function saved(): boolean | undefined {
  try {
    const value = window.localStorage.getItem(SIDEBAR_STATE_KEY);
    return value === 'on' ? true : value === 'off' ? false : undefined;
  } catch {
    return undefined;
  }
}

function save(value: boolean | undefined): void {
  try {
    if (value === undefined) window.localStorage.removeItem(SIDEBAR_STATE_KEY);
    else window.localStorage.setItem(SIDEBAR_STATE_KEY, value ? 'on' : 'off');
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

export function useSidebarMinimized(enabled: boolean, byDefault: boolean): [boolean, () => void] {
  const [minimized, setMinimized] = useState(() => enabled && (saved() ?? byDefault));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    save(undefined);
    setMinimized(enabled && byDefault);
  }, [enabled, byDefault]);
  const toggle = useCallback(() => {
    setMinimized((m) => {
      save(!m);
      return !m;
    });
  }, []);
  return [enabled && minimized, toggle];
}
