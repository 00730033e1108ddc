// The console and the public pages: one Vite build (root web/, output dist/web with a manifest so the
// CDK stack and the bundle benchmark can read which files each entry loads). index.html is the
// console; each public page is its own prerendered HTML, built by vite-public-pages.ts once the
// console is written (shared/public-pages.ts lists them). The icon font is cut to the icons the app
// uses (web/vite-icons.ts), its stylesheet to the rules it can use (web/vite-console-css.ts); /auth
// paints the sign-in screen from index.html before the console's code arrives (web/vite-auth-first-paint.ts).
// Each compressible file gets its brotli and gzip copies beside it (web/precompress.ts), after the HTML is complete.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { authFirstPaint } from './vite-auth-first-paint.ts';
import { consoleChunks } from './vite-console-chunks.ts';
import { consoleCssPlugin } from './vite-console-css.ts';
import { iconSubsetPlugin } from './vite-icons.ts';
import { precompress } from './precompress.ts';
import { publicPages } from './vite-public-pages.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const routerDist = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
/** The embedded local stack (`npm start`) that `vite dev` forwards API and upload requests to. */
const stack = process.env.STACK_URL ?? 'http://localhost:3000';
/** The console root's and the signed-in shell's modules, one chunk each (web/vite-console-chunks.ts). */
const chunks = consoleChunks(root);

export default defineConfig(({ command }) => ({
  root,
  plugins: [react(), iconSubsetPlugin(), consoleCssPlugin(), chunks.plugin, publicPages(), authFirstPaint(), precompress()],
  resolve: {
    // react-router's package exports only its development build (dev warnings included); builds use
    // the production one.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerDist('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerDist('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    // The public pages are built by their own builds (vite-public-pages.ts), into the same folder.
    rollupOptions: { input: { index: `${root}index.html` }, output: { codeSplitting: chunks.codeSplitting } },
    target: 'es2022',
    // Budgets are checked on gzip sizes (see the README); this only silences the raw-size warning.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': stack,
      // Uploaded files (profile pictures, package images) are served by the stack at /assets/<key>.
      '^/assets/org/': stack,
    },
  },
}));
