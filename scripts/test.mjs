// `npm test`: every vitest project in one run (unit, web, integration, infra, e2e), then the plain
// closing line CI counts: "N passed, N failed". Extra arguments go to vitest (e.g. --project unit).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'clinic-test-'));
const report = join(dir, 'report.json');
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR } },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests ?? 0;
  failed = (results.numFailedTests ?? 0) + (results.numRuntimeErrorTestSuites ?? 0);
  skipped = (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
  // A file that fails to load has no tests to count; count it as a failure so it cannot pass silently.
  for (const file of results.testResults ?? []) if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed += 1;
} else {
  failed = 1;
}
rmSync(dir, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
