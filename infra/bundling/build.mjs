// Runs one esbuild build with the Lambda plugins and prints its metafile. A child process because
// the CDK stack is built synchronously and esbuild runs plugins only in its asynchronous API.
// Input (stdin, JSON): esbuild options without plugins. Output (stdout, JSON): the metafile.
import { build } from 'esbuild';
import { pureSchemasPlugin } from './pure-schemas.mjs';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const result = await build({ ...JSON.parse(input), plugins: [pureSchemasPlugin], metafile: true });
process.stdout.write(JSON.stringify(result.metafile));
