// Runs one esbuild build with the Lambda plugins and prints its metafile. A child process because
// the CDK stack is built synchronously and esbuild runs plugins only in its asynchronous API.
// Input (stdin, JSON): { options: esbuild options without plugins, ownStubs: project path -> stand-in }. Output (stdout, JSON): the metafile.
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { pureSchemasPlugin } from './pure-schemas.mjs';

const OWN_ROUTES = join(import.meta.dirname, 'own-routes.mjs');

/** functions/routes.ts becomes own-routes.mjs: each entry carries its own rows (see that file). */
const ownRoutesPlugin = {
  name: 'own-routes',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\/(\.\.\/)*routes$/ }, (args) =>
      /[\\/]functions[\\/]/.test(args.importer) ? { path: OWN_ROUTES } : undefined,
    );
  },
};

const NO_URLENCODED = join(import.meta.dirname, 'no-urlencoded.cjs');

/** busboy's urlencoded body type: never used (see no-urlencoded.cjs), required by busboy's index. */
const noUrlencodedPlugin = {
  name: 'no-urlencoded',
  setup(b) {
    b.onResolve({ filter: /^\.\/lib\/types\/urlencoded$/ }, (args) =>
      /[\\/]@fastify[\\/]busboy[\\/]/.test(args.importer) ? { path: NO_URLENCODED } : undefined,
    );
  },
};

const NO_SDK_FALLBACKS = join(import.meta.dirname, 'no-sdk-fallbacks.mjs');

/** The SDK's pure-JS SHA-256, adaptive retry mode and EC2 region lookup: fallbacks no function takes (no-sdk-fallbacks.mjs). */
const sdkFallbacksPlugin = {
  name: 'no-sdk-fallbacks',
  setup(b) {
    b.onResolve({ filter: /^(\.\/Sha256Js|\.\.?\/util-retry\/AdaptiveRetryStrategy|(\.\.\/)*(config-resolver\/regionConfig\/|\.\/)getInstanceMetadataRegion)$/ }, (args) =>
      /[\\/]@smithy[\\/]core[\\/]dist-es[\\/]/.test(args.importer) ? { path: NO_SDK_FALLBACKS } : undefined,
    );
  },
};

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');

/** Our own modules the function's rows cannot reach, loaded as their stand-ins (index.ts ownModuleStubs). */
const ownStubsPlugin = (stubs) => ({
  name: 'own-stubs',
  setup(b) {
    const names = Object.keys(stubs).map((path) => path.split('/').pop().replace(/\.ts$/, ''));
    if (!names.length) return;
    b.onResolve({ filter: new RegExp(`^\\.\\.?/.*\\b(${names.join('|')})(\\.ts)?$`) }, (args) => {
      const target = relative(PROJECT_ROOT, resolve(args.resolveDir, args.path)).replaceAll('\\', '/');
      const stub = stubs[target] ?? stubs[`${target}.ts`];
      return stub ? { path: stub } : undefined;
    });
  },
});

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { options, ownStubs } = JSON.parse(input);
const plugins = [pureSchemasPlugin, ownRoutesPlugin, noUrlencodedPlugin, sdkFallbacksPlugin, ownStubsPlugin(ownStubs)];
const result = await build({ ...options, plugins, metafile: true });
process.stdout.write(JSON.stringify(result.metafile));
