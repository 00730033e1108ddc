// How a Lambda handler is bundled: one definition read by the CDK function construct and by the bench
// (scripts/bench.ts), so the figures the bench prints are those of what we deploy. No CDK imports here.
// The stack bundles through bundleHandlers below and hands NodejsFunction the result as its code.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { CATALOGUE_DIR, ZONE_DATA_DIR } from '../../functions/lib/catalogue-files';
import { ROUTES } from '../../functions/routes';
import { FUNCTIONS_DIR } from './paths';
import { BUNDLE_TARGET, ESM_REQUIRE_BANNER, bundleAliases, ownModuleStubs, type BundleFeatures } from '../bundling/index';

export type { BundleFeatures };

/** The Lambda runtime's Node major; esbuild targets the same. */
export const NODE_TARGET = BUNDLE_TARGET;

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

/**
 * What a handler's route rows let it do; what they cannot is left out of its bundle (a stand-in
 * that throws, infra/bundling/index.ts). Tokens and challenges follow the secrets the stack gives
 * the function (infra/constructs/api.ts): without the key it could not use them anyway. A worker
 * (no rows) has none of them.
 */
export function bundleFeatures(handler: string): BundleFeatures {
  const rows = ROUTES.filter((route) => route.handler === handler);
  return {
    multipart: rows.some((r) => r.body === 'multipart'),
    tokens: rows.some((r) => r.access !== 'public' || Boolean(r.uses.tokens)),
    challenge: rows.some((r) => Boolean(r.challenge) || Boolean(r.uses.challenges)),
    idempotent: rows.some((r) => Boolean(r.idempotent)),
  };
}

/** Module aliases of infra/bundling for a handler (the env-only credential provider, and the stand-ins above). */
export function aliasesFor(handler: string): Record<string, string> {
  return bundleAliases(bundleFeatures(handler));
}

/** Environment every function gets regardless of what it touches. */
export const BASE_ENVIRONMENT = {
  NODE_OPTIONS: '--enable-source-maps',
} as const;

/** esbuild options of a Lambda bundle, without entry points and output (see bundleHandlers). */
export function lambdaBuildOptions(aliases: Record<string, string>): BuildOptions {
  return {
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
    alias: aliases,
    // Lambda's ESM handler file, as NodejsFunction names it: index.mjs, handler `index.handler`.
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
    metafile: true,
  };
}

export interface BundleRequest {
  /**
   * Handler module (`account/login`) or any name; the bundle goes to <outdir>/<handlerId(name)>/. Its
   * route rows decide what the bundle leaves out (bundleFeatures).
   */
  name: string;
  entry: string;
}

export interface HandlerBundle {
  /** The folder to deploy: index.mjs and its source map. */
  dir: string;
  file: string;
  /** What went into index.mjs, by input path (esbuild's metafile). */
  inputs: Record<string, { bytesInOutput: number }>;
}

/**
 * Bundles many handlers with one esbuild call per alias set (much cheaper than one esbuild process
 * per function). Each entry still gets its own complete bundle (no code splitting). Source maps
 * name sources relative to the bundle, so keep `outdir` at a fixed depth in the project for
 * reproducible output (and so stable asset hashes).
 */
export function bundleHandlers(outdir: string, requests: BundleRequest[]): Map<string, HandlerBundle> {
  const bundles = new Map<string, HandlerBundle>();
  const groups = new Map<string, BundleRequest[]>();
  for (const r of requests) {
    const key = JSON.stringify(bundleFeatures(r.name));
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values()) {
    const entryPoints = Object.fromEntries(group.map((r) => [`${handlerId(r.name)}/index`, ownRowsEntry(outdir, r)]));
    const metafile = buildWithPlugins({ ...lambdaBuildOptions(aliasesFor(group[0].name)), entryPoints, outdir }, ownModuleStubs(bundleFeatures(group[0].name)));
    for (const r of group) {
      const dir = join(outdir, handlerId(r.name));
      const file = join(dir, 'index.mjs');
      const output = Object.entries(metafile.outputs).find(([path]) => resolve(path) === resolve(file));
      const inputs = output?.[1].inputs ?? {};
      copyDataFiles(dir, inputs);
      bundles.set(r.name, { dir, file, inputs });
    }
  }
  return bundles;
}

/**
 * Files a bundled module reads at run time, relative to itself (`new URL(..., import.meta.url)`): the
 * patient-text catalogues of functions/lib/i18n.ts, one JSON file per language, of which a function
 * reads only the languages it writes in, and the zone -> region table of functions/lib/zone-region.ts. They go next to index.mjs where the module expects them.
 */
const DATA_FILES = [
  { module: join(FUNCTIONS_DIR, 'lib', 'i18n.ts'), dir: join(FUNCTIONS_DIR, 'lib', CATALOGUE_DIR), into: CATALOGUE_DIR, ext: '.json' },
  // The zone -> region table of functions/lib/zone-region.ts (a patient's money and dates in the clinic's country).
  { module: join(FUNCTIONS_DIR, 'lib', 'zone-region.ts'), dir: join(FUNCTIONS_DIR, 'lib', ZONE_DATA_DIR), into: ZONE_DATA_DIR, ext: '.json' },
];

function copyDataFiles(bundleDir: string, inputs: Record<string, unknown>): void {
  // The metafile names inputs relative to esbuild's working directory, which is this process's.
  const carried = new Set(Object.keys(inputs).map((input) => resolve(input)));
  for (const data of DATA_FILES) {
    if (!carried.has(data.module)) continue;
    mkdirSync(join(bundleDir, data.into), { recursive: true });
    for (const name of readdirSync(data.dir).filter((f) => f.endsWith(data.ext))) cpSync(join(data.dir, name), join(bundleDir, data.into, name));
  }
}

/**
 * The bundle's entry: the handler module, plus the rows of the route table it answers. The bundle
 * then carries infra/bundling/own-routes.mjs instead of the whole table (~20 KB minified less).
 */
function ownRowsEntry(outdir: string, request: BundleRequest): string {
  const rows = ROUTES.filter((route) => route.handler === request.name);
  const dir = join(outdir, '.entries');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${handlerId(request.name)}.mjs`);
  writeFileSync(
    file,
    `export * from ${JSON.stringify(resolve(request.entry))};\n` +
      `globalThis[Symbol.for('clinic-suite.own-routes')] = ${JSON.stringify(rows)};\n`,
  );
  return file;
}

const BUILD_WORKER = join(import.meta.dirname, '..', 'bundling', 'build.mjs');

/** One esbuild build with the plugins of infra/bundling (see build.mjs for why a child process). */
function buildWithPlugins(options: BuildOptions, ownStubs: Record<string, string>): Metafile {
  const out = execFileSync(process.execPath, [BUILD_WORKER], {
    input: JSON.stringify({ options, ownStubs }),
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return JSON.parse(out.toString('utf8')) as Metafile;
}

/** `account/register-email` -> `AccountRegisterEmail`: construct ids (and so logical ids) follow the handler. */
export function handlerId(handler: string): string {
  return handler
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}
