// The public pages run on Preact's React-compatible runtime (preact/compat): the same components as
// the console, with a 10 KB runtime instead of React's 57 KB (gzip), which is most of what a patient on
// a slow phone network would wait for. The console keeps React. These aliases are applied by the
// public pages' build (vite-public-pages.ts) and by their tests (vitest project `public-pages`).
import type { AliasOptions } from 'vite';

export const PREACT_ALIASES: AliasOptions = [
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // swr's shim for React < 18 (CommonJS, requiring React itself); preact/compat has the hook.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];
