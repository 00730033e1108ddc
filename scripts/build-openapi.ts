// npm run build:openapi (part of npm run build): writes the API document generated from the route
// table, and the API reference page with its viewer, into dist/web/api/, after Vite has built
// dist/web (Vite empties it first). The CDK stack deploys them with the web assets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildOpenApiDocument } from './openapi/document';
import { DOCS_FILES, OPENAPI_PATH } from '../infra/api-docs/docs-page';

const WEB_DIR = join(import.meta.dirname, '..', 'dist', 'web');

const started = performance.now();
const document = await buildOpenApiDocument();
const files = [{ key: OPENAPI_PATH.slice(1), content: JSON.stringify(document) as Buffer | string }, ...DOCS_FILES.map((f) => ({ key: f.key, content: f.read() }))];
for (const { key, content } of files) {
  const file = join(WEB_DIR, key);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}
const operations = Object.values(document.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
const size = Buffer.byteLength(files[0].content);
console.log(`OpenAPI ${document.openapi}: ${operations} operations, ${Math.round(size / 1024)} KB -> dist/web/${files[0].key} (${Math.round(performance.now() - started)} ms)`);
