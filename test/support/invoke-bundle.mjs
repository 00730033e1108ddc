// Calls a deployed bundle's handler once, in a fresh node process as Lambda would: import
// <bundle>, call handler(<event file>), print the result as one JSON line.
import { readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [bundle, eventFile] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const { handler } = await import(pathToFileURL(bundle).href);
const context = { awsRequestId: 'bundle-test', functionName: 'bundle-test', getRemainingTimeInMillis: () => 10_000 };
const result = await handler(event, context);
writeSync(1, `${JSON.stringify(result)}\n`);
process.exit(0);
