// Scroll areas with save-state on (spec section 4): the scroll position is kept in a cookie, so the
// sidebar menu opens where the member left it after a reload. Writes are debounced (200 ms, spec 9).
import { useEffect, type RefObject } from 'react';

const cookieName = (name: string) => `scroll_${name}_st`;

export function readScroll(name: string): number {
  const match = document.cookie.match(new RegExp(`(?:^|; )${cookieName(name)}=(\\d+)`));
  return match ? Number(match[1]) : 0;
}

export function writeScroll(name: string, top: number): void {
  document.cookie = `${cookieName(name)}=${Math.max(0, Math.round(top))}; path=/; SameSite=Strict`;
}

export function useSavedScroll(ref: RefObject<HTMLElement | null>, name: string, saveState = true): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || !saveState) return;
    // Setting scrollTop lays the page out at once (in the first render's task); at the top, leave it.
    const saved = readScroll(name);
    if (saved > 0) el.scrollTop = saved;
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => writeScroll(name, el.scrollTop), 200);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      el.removeEventListener('scroll', onScroll);
    };
  }, [ref, name, saveState]);
}
