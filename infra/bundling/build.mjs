// Runs one esbuild build with the Lambda plugins and prints its metafile. A child process because
// the CDK stack is built synchronously and esbuild runs plugins only in its asynchronous API.
// Input (stdin, JSON): esbuild options without plugins. Output (stdout, JSON): the metafile.
import { join } from 'node:path';
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

let input = '';
for await (const chunk of process.stdin) input += chunk;
const result = await build({ ...JSON.parse(input), plugins: [pureSchemasPlugin, ownRoutesPlugin, noUrlencodedPlugin], metafile: true });
process.stdout.write(JSON.stringify(result.metafile));
