// One vitest run, several projects: fast units, the web components (jsdom), integration tests
// against the embedded local stack, infra assertions and end-to-end browser tests.
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './web/preact.ts';

/**
 * The public pages' tests that run them on the runtime they are built with (web/preact.ts): the first
 * paint, the clinic's brand. The pages' component tests beside them (testing/render's router is React's)
 * run on React with the console's.
 */
const PUBLIC_PAGE_TESTS = 'web/src/public-pages/**/*.preact.test.{ts,tsx}';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/local/**/*.test.ts', 'scripts/**/*.test.ts', 'web/*.test.ts'],
          // functions/lib/log.ts: no line per request in unit runs, warnings and errors still shown.
          env: { LOG_LEVEL: 'warn' },
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: [PUBLIC_PAGE_TESTS],
          setupFiles: ['web/src/testing/setup.ts'],
          // Component tests share 2 cores with the other projects in one run: give them room.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: PREACT_ALIASES },
        test: {
          name: 'public-pages',
          environment: 'jsdom',
          include: [PUBLIC_PAGE_TESTS],
          // Dependencies through Vite too, so none reaches React itself.
          server: { deps: { inline: true } },
          setupFiles: ['web/src/testing/setup-preact.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/integration-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
