// ESLint over the project (eslint.config.js), printed as ESLint prints it, then one count line. Exit
// code 0 when it reports no error, 1 when it does, 2 when ESLint could not run. `npm test`
// (scripts/test.mjs) runs it in a process of its own, beside the tests.
const started = Date.now();
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
  process.exitCode = errors === 0 ? 0 : 1;
} catch (error) {
  console.error(`ESLint could not run: ${error?.stack ?? error}\n`);
  process.exitCode = 2;
}
