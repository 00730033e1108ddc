// `npm test`: ESLint (eslint.config.js), every vitest project, then the plain closing line CI counts:
// "N passed, N failed" (the lint counts as one check, failed when it reports an error).
// Two vitest runs, because each embedded stack runs its handlers in the process that started it and
// configures them through process.env: the integration stack and the browser tests' stack must not
// share one process. Extra arguments (e.g. --project unit) make it a single vitest run with them, and
// no lint.
//
// The lint and the two runs are three processes started at once: CI has 2 cores and each of them
// alone keeps about one busy (the lint is single-threaded; each run has one test file at a time,
// waiting on its stack, Chromium or its own waits), so one after the other left a core idle for most
// of the half hour. The lint yields to the tests (nice: it has no time limits, the tests do). Their
// outputs are printed one after the other, each whole, in the order lint, tests, browser tests: the one
// being printed streams live, the others are held until their turn.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const extra = process.argv.slice(2);
const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), 'clinic-test-'));
const colour = process.env.CI ? '0' : (process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : undefined));
const env = { ...process.env, ...(colour === undefined ? {} : { FORCE_COLOR: colour }) };
// Lower priority for the work off the critical path, where the machine has `nice`.
const NICE = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', '10'] : [];

const jobs = [];
/** The index of the job whose output is printed live; the later ones are held until their turn. */
let current = 0;

/** Starts a command whose output is printed in its turn. */
function start(label, command, args, { nice = false, alone = false } = {}) {
  const argv = nice && NICE.length ? [...NICE, command, ...args] : [command, ...args];
  // A job alone has the terminal itself (vitest's live display when it is one).
  const child = spawn(argv[0], argv.slice(1), { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
  const job = { label, child, held: [], startedAt: Date.now(), seconds: 0, output: [] };
  job.write = (stream, text) => {
    job.output.push(String(text));
    return jobs[current] === job ? stream.write(text) : job.held.push([stream, text]);
  };
  child.stdout?.on('data', (chunk) => job.write(process.stdout, chunk));
  child.stderr?.on('data', (chunk) => job.write(process.stderr, chunk));
  job.done = new Promise((resolve) => {
    child.on('error', (error) => {
      job.write(process.stderr, `${label} could not start: ${error.message}\n`);
      resolve({ status: 'not started' });
    });
    // 'close': the process ended and its output has all been read.
    child.on('close', (status, signal) => {
      job.seconds = Math.round((Date.now() - job.startedAt) / 1000);
      resolve({ status: status ?? (signal ? `${signal}` : 1) });
    });
  });
  jobs.push(job);
  return job;
}

/** Prints the held output of the jobs whose turn it is, in order. */
function advance() {
  while (current < jobs.length) {
    const job = jobs[current];
    for (const [stream, text] of job.held) stream.write(text);
    job.held = [];
    if (!job.finished) return;
    current += 1;
  }
}

// The children share this process group (a terminal's Ctrl-C, or a CI timeout that stops the group,
// reaches them as before); a signal sent to this process alone is passed on to them.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const { child } of jobs) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    // What the jobs not yet in turn printed so far, so a stopped run still shows where each one was.
    for (const job of jobs.slice(current + 1)) {
      if (job.held.length) process.stdout.write(`\n--- ${job.label}, so far (stopped by ${signal}) ---\n`);
      for (const [stream, text] of job.held) stream.write(text);
    }
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  });
}

const total = { passed: 0, failed: 0, skipped: 0 };
/** Each failure in a line, printed again at the very end: CI shows only the tail of a long output. */
const failures = [];
const firstLine = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '';

/**
 * The "Unhandled Errors" block vitest printed (the error, where it was thrown, the file and test it
 * names), cut to a few lines each and indented under the failure's line, since CI keeps only the tail.
 */
function unhandledErrors(job) {
  const lines = job.output.join('').replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => /Unhandled Error/.test(line));
  if (start < 0) return ': no "Unhandled Errors" block was printed';
  const block = lines.slice(start, start + 60).filter((line) => line.trim() && !/^\s*[❯›]?\s*node_modules\//.test(line));
  return `:\n${block.slice(0, 30).map((line) => `    ${line.trimEnd().slice(0, 300)}`).join('\n')}`;
}

/** A vitest run with the JSON report beside the default one; counts its results when it ends. */
function vitest(args, index, options) {
  const report = join(dir, `report-${index}.json`);
  const job = start(`vitest ${args.join(' ')}`, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args], options);
  job.count = job.done.then(({ status }) => {
    if (!existsSync(report)) {
      total.failed += 1; // the run died before reporting: never let that pass silently
      failures.push(`vitest ${args.join(' ')} ended (status ${status}) without its report`);
      job.write(process.stdout, `\nvitest ${args.join(' ')} ended (status ${status}) without its report: counted as a failure.\n`);
      return;
    }
    const results = JSON.parse(readFileSync(report, 'utf8'));
    total.passed += results.numPassedTests ?? 0;
    total.failed += (results.numFailedTests ?? 0) + (results.numRuntimeErrorTestSuites ?? 0);
    total.skipped += (results.numPendingTests ?? 0) + (results.numTodoTests ?? 0);
    // A file that fails to load has no tests to count; count it as a failure.
    let failedHere = (results.numFailedTests ?? 0) + (results.numRuntimeErrorTestSuites ?? 0);
    for (const file of results.testResults ?? []) {
      const where = file.name?.replace(`${process.cwd()}/`, '') ?? '?';
      if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
        total.failed += 1;
        failedHere += 1;
        failures.push(`${where}: ${firstLine(file.message) || 'failed to run'}`);
      }
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed') failures.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
    }
    // vitest also fails a run for an error outside any test (an unhandled rejection, a hook that threw):
    // its report counts no failed test then, so say it, and count it, instead of a silent exit code.
    if (status !== 0 && failedHere === 0) {
      total.failed += 1;
      failures.push(`vitest ${args.join(' ')} exited with status ${status} though no test failed${unhandledErrors(job)}`);
      job.write(process.stdout, `\nvitest ${args.join(' ')} exited with status ${status} though no test failed: see "Unhandled Errors" (or the error) printed above.\n`);
    }
  });
  return job;
}

let lintOk = true;
if (extra.length) {
  vitest(extra, 0, { alone: true });
} else {
  process.stdout.write('ESLint (type-aware: a few minutes, beside the tests)...\n');
  const lint = start('ESLint', process.execPath, [join(import.meta.dirname, 'lint.mjs')], { nice: true });
  lint.count = lint.done.then(({ status }) => {
    lintOk = status === 0;
  });
  vitest(['--project', 'unit', '--project', 'web', '--project', 'public-pages', '--project', 'integration', '--project', 'infra'], 0);
  vitest(['--project', 'e2e'], 1);
}

// Each job, when it ends, is counted and hands the output over to the next one in line.
for (const job of jobs) {
  job.done.then(async () => {
    await job.count;
    job.finished = true;
    advance();
  });
}
advance();
await Promise.all(jobs.map((job) => job.done.then(() => job.count)));
// Every job has ended and been counted; the last hand-over prints whatever is still held.
await new Promise((resolve) => setImmediate(resolve));
advance();

rmSync(dir, { recursive: true, force: true });
if (jobs.length > 1) {
  console.log(`\n${jobs.map((job) => `${job.label}: ${job.seconds} s`).join('\n')}\nnpm test: ${Math.round((Date.now() - started) / 1000)} s`);
}
if (!lintOk) {
  total.failed += 1;
  failures.push('ESLint reported errors (printed above)');
} else if (!extra.length) total.passed += 1;
if (failures.length) console.log(`\nFailed:\n${failures.map((line) => `- ${line}`).join('\n')}`);
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(lintOk && total.failed === 0 ? 0 : 1);
