// The address, read the same way on the prerendered first paint and in the browser. Public pages have
// no router: their parameters come from the path (shared/public-pages.ts) and these hooks. At build
// time and while React hydrates, the query is empty, so the first client render matches the
// prerendered HTML; React renders again at once with the real values. (The built public pages run on
// preact/compat, which renders over the prerendered DOM at once and reads no server snapshot: hence the
// window check, for the build's prerender in Node.)
import { useSyncExternalStore } from 'react';

const inBrowser = () => typeof window !== 'undefined';

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};

/** One query parameter of the page's address (null when absent, and while hydrating). */
export function useSearchParam(name: string): string | null {
  const search = useSyncExternalStore(subscribe, () => (inBrowser() ? window.location.search : ''), () => '');
  return new URLSearchParams(search).get(name);
}

const noSubscription = () => () => {};

/** False on the prerendered paint and while hydrating, true after: for values only the browser knows. */
export const useHydrated = () => useSyncExternalStore(noSubscription, inBrowser, () => false);
