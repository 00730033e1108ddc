// Web component tests (vitest project 'web', jsdom): jest-dom matchers, a clean DOM, storage, timers
// and address between tests, and the browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { endFlash } from '../lib/splash';
import { forgetFirstInput } from '../lib/first-input';

// findBy/waitFor give up after 1 s by default: the first render of a page in a file, on a CI machine
// whose 2 cores run the other projects too, can take longer. What they wait for is unchanged.
configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
window.scrollTo = (() => undefined);

afterEach(() => {
  cleanup();
  forgetFirstInput(); // each test is a page the visitor has not touched yet
  endFlash(); // a layout switch's splash timer, which would fire after this file's document is gone
  // A test that faked the timers, or set the address (a fragment, a query), leaves them to the next.
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
