// `npm test`: ESLint (eslint.config.js), every vitest project, then the plain closing line CI counts:
// "N passed, N failed" (the lint counts as one check, failed when it reports an error).
// Two vitest runs, because each embedded stack runs its handlers in the process that started it and
// configures them through process.env: the integration stack and the browser tests' stack must not
// share one process. Extra arguments (e.g. --project unit) make it a single vitest run with them, and
// no lint.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extra = process.argv.slice(2);
const runs = extra.length
  ? [extra]
  : [
      ['--project', 'unit', '--project', 'web', '--project', 'public-pages', '--project', 'integration', '--project', 'infra'],
      ['--project', 'e2e'],
    ];

const dir = mkdtempSync(join(tmpdir(), 'clinic-test-'));
const total = { passed: 0, failed: 0, skipped: 0 };
let allOk = true;

if (!extra.length) {
  const lint = await runLint();
  if (lint.ok) total.passed += 1;
  else {
    total.failed += 1;
    allOk = false;
  }
}

runs.forEach((args, i) => {
  const report = join(dir, `report-${i}.json`);
  const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
  });
  if (!existsSync(report)) {
    total.failed += 1; // the run died before reporting: never let that pass silently
    return;
  }
  const results = JSON.parse(readFileSync(report, 'utf8'));
  total.passed += results.numPassedTests ?? 0;
  total.failed += (results.numFailedTests ?? 0) + (results.numRuntimeErrorTestSuites ?? 0);
  total.skipped += (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
  // A file that fails to load has no tests to count; count it as a failure.
  let failedHere = (results.numFailedTests ?? 0) + (results.numRuntimeErrorTestSuites ?? 0);
  for (const file of results.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      total.failed += 1;
      failedHere += 1;
    }
  }
  // vitest also fails a run for an error outside any test (an unhandled rejection, a hook that threw):
  // its report counts no failed test then, so say it, and count it, instead of a silent exit code.
  if (run.status !== 0 && failedHere === 0) {
    total.failed += 1;
    console.log(`\nvitest ${args.join(' ')} exited with status ${run.status} though no test failed: see "Unhandled Errors" (or the error) printed above.`);
  }
});

rmSync(dir, { recursive: true, force: true });
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(allOk && total.failed === 0 ? 0 : 1);

/** ESLint over the project, printed as ESLint prints it; ok when it reports no error. */
async function runLint() {
  const started = Date.now();
  console.log('ESLint (type-aware: a few minutes)...');
  try {
    const { ESLint } = await import('eslint');
    const eslint = new ESLint();
    const results = await eslint.lintFiles(['.']);
    const formatter = await eslint.loadFormatter('stylish');
    const output = await formatter.format(results);
    if (output) console.log(output);
    const errors = results.reduce((n, r) => n + r.errorCount + r.fatalErrorCount, 0);
    const warnings = results.reduce((n, r) => n + r.warningCount, 0);
    console.log(`ESLint: ${results.length} files, ${errors} errors, ${warnings} warnings (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    return { ok: errors === 0 };
  } catch (error) {
    console.error(`ESLint could not run: ${error?.stack ?? error}\n`);
    return { ok: false };
  }
}
