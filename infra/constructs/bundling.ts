// How a Lambda handler is bundled: one definition read by the CDK function construct and by the bench
// (scripts/bench.ts), so the figures the bench prints are those of what we deploy. No CDK imports here.
import type { BuildOptions } from 'esbuild';

/** The Lambda runtime's Node major; esbuild targets the same. */
export const NODE_TARGET = 'node22';

/**
 * ESM bundles have no `require`; a few CommonJS dependencies call it for Node built-ins. The banner
 * gives them one. The alias keeps the name from colliding with anything esbuild emits.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

export const LAMBDA_BUNDLING = {
  minify: true,
  /** Source maps for readable stack traces (NODE_OPTIONS=--enable-source-maps)... */
  sourceMap: true,
  /** ...without the sources themselves: smaller package, less to parse at cold start. */
  sourcesContent: false,
  format: 'esm',
  target: NODE_TARGET,
  platform: 'node',
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  /**
   * Nothing external: each function bundles the SDK v3 clients it imports (tree-shaken) instead of
   * relying on whatever SDK version the runtime happens to ship.
   */
  externalModules: [] as string[],
} as const;

/** Environment every function gets regardless of what it touches. */
export const BASE_ENVIRONMENT = {
  NODE_OPTIONS: '--enable-source-maps',
} as const;

/** The same bundle as a direct esbuild call (what NodejsFunction runs for us), for the bench. */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: LAMBDA_BUNDLING.platform,
    format: LAMBDA_BUNDLING.format,
    target: LAMBDA_BUNDLING.target,
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    banner: { js: LAMBDA_BUNDLING.banner },
    external: [...LAMBDA_BUNDLING.externalModules],
    logLevel: 'error',
    metafile: true,
  };
}

/** `account/register-email` -> `AccountRegisterEmail`: construct ids (and so logical ids) follow the handler. */
export function handlerId(handler: string): string {
  return handler
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
