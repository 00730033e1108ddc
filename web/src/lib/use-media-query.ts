import { useSyncExternalStore } from 'react';

/** Bootstrap's lg breakpoint: the sidebar is a drawer below it. */
export const LARGE_SCREEN = '(min-width: 992px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
