// `npm start` on a fresh clone: install packages if missing, build the console and the API document
// if their sources are newer than the build, then run the embedded stack (infra/local/main.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(join(root, 'node_modules', '.package-lock.json')) || !existsSync(join(root, '.cache', 'dynamodb-local', 'DynamoDBLocal.jar'))) {
  console.log('First run: installing packages (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = newest(join(root, 'dist', 'web', 'index.html'));
const sourcesAt = Math.max(newest(join(root, 'web')), newest(join(root, 'shared')));
if (existsSync(join(root, 'web', 'vite.config.ts')) && sourcesAt > builtAt) {
  console.log('Building the console...');
  run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}

// The API document and its page (/api/openapi.json, /api/docs): the local stack serves the built files
// (infra does not import scripts), so build them when the route table, a handler or the generator is
// newer than the document, or the console build above emptied dist/web.
const documentAt = newest(join(root, 'dist', 'web', 'api', 'openapi.json'));
const apiSourcesAt = Math.max(newest(join(root, 'functions')), newest(join(root, 'shared')), newest(join(root, 'scripts', 'openapi')));
if (apiSourcesAt > documentAt) {
  console.log('Building the API document...');
  run('npx', ['tsx', 'scripts/build-openapi.ts']);
}

// Run directly under node (tsx as a loader, no npx in between), so a signal reaches the server itself.
// Ctrl-C reaches it too (same process group); a signal sent to this process alone is passed on. Either
// way this waits for the server to finish its requests and stop cleanly, then exits with its code.
const server = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
    // The server bounds its own stop; this is the backstop if it hangs anyway.
    setTimeout(() => server.kill('SIGKILL'), 40_000).unref();
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
