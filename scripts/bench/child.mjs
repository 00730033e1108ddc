// One cold start, in a fresh node process: import the bundle, call its handler once with the event,
// print one JSON line and exit. The parent times spawn -> this line; the inner figures are extra.
import { readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [bundle, eventFile] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const started = performance.now();
const mod = await import(pathToFileURL(bundle).href);
const imported = performance.now();
const context = {
  awsRequestId: 'bench-request',
  functionName: 'bench',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:bench',
  memoryLimitInMB: '512',
  logGroupName: '/aws/lambda/bench',
  logStreamName: 'bench',
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => 10_000,
  done() {},
  fail() {},
  succeed() {},
};
let status;
let error;
try {
  const result = await mod.handler(event, context);
  status = result?.statusCode ?? 'ok';
} catch (e) {
  error = String(e?.message ?? e);
}
const done = performance.now();
// Synchronous write, then exit at once: open SDK sockets must not keep the process (or the timer) alive.
writeSync(1, `${JSON.stringify({ status, error, importMs: imported - started, invokeMs: done - imported })}\n`);
process.exit(0);
