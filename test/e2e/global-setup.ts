// End-to-end set-up: build the SPA when its sources are newer than dist/web, then start the embedded
// local stack (in memory) that serves it and the API; tests read the URLs with inject().
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack';
import { buildOpenApiDocument } from '../../scripts/openapi/document';

const root = resolve(import.meta.dirname, '..', '..');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Also used by the Lighthouse bench (scripts/bench/lighthouse.ts). */
export async function buildWebIfStale() {
  const builtAt = newest(join(root, 'dist', 'web', 'index.html'));
  const sourcesAt = Math.max(newest(join(root, 'web')), newest(join(root, 'shared')));
  if (builtAt >= sourcesAt) return;
  // The same production build as `npm start`, in a child process: inside vitest NODE_ENV is 'test',
  // and a build there would ship React's development code (and leave it in dist/web for npm start).
  // Built beside dist/web and swapped in, so a run that starts meanwhile never serves a half-written build.
  const staging = join(root, 'dist', `web-building-${process.pid}`);
  const build = spawn('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--outDir', staging, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // 'close' carries the exit code; a child that cannot start emits 'error', which once() rejects with.
  const [status] = (await once(build, 'close')) as [number | null];
  if (status !== 0) throw new Error('The console build failed');
  const target = join(root, 'dist', 'web');
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
}

export default async function setup(project: TestProject) {
  await buildWebIfStale();
  // A stack already running (`E2E_APP_URL` and `E2E_INBOX_URL`), to rerun one file while working on it.
  if (process.env.E2E_APP_URL && process.env.E2E_INBOX_URL) {
    project.provide('appUrl', process.env.E2E_APP_URL);
    project.provide('inboxUrl', process.env.E2E_INBOX_URL);
    return;
  }
  // The API document generated from the route table (as npm run build:openapi does), not a built file.
  const stack = await startLocalStack({ inMemory: true, port: 0, quiet: true, apiDocument: buildOpenApiDocument });
  project.provide('appUrl', stack.url);
  project.provide('inboxUrl', stack.inboxUrl);
  // The table and Stripe stand-in, for a test arranging what the console cannot make (a saved card: visit-fees).
  project.provide('stackEnv', stack.env);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    inboxUrl: string;
  }
}
