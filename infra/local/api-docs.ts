// The local stack's /api/openapi.json and /api/docs. The document comes from `source`: by default the
// file the build wrote (npm run build:openapi; scripts/start.mjs runs it when the functions changed),
// or a generator the caller passes (the test setups pass scripts/openapi/document.ts's, so the
// document is generated from the route table on its first request, then kept). infra does not import
// scripts (eslint.config.js), hence the injection. The page and its viewer come from ../api-docs.
// Deployed, the same files are built into dist/web and served by CloudFront (infra/constructs/api-docs-site.ts).
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { DOCS_FILES, OPENAPI_PATH } from '../api-docs/docs-page';
import { contentSecurityPolicy } from '../constructs/csp';

/** Makes the API document (scripts/openapi/document.ts buildOpenApiDocument). */
export type ApiDocumentSource = () => Promise<object>;

/** Serves the API document and its page; `source` as above, else `<webDir>/api/openapi.json`. */
export function apiDocsServer(webDir: string, source?: ApiDocumentSource) {
  let document: Promise<string> | undefined;
  const load = (): Promise<string> =>
    source ? source().then((doc) => JSON.stringify(doc)) : readFile(join(webDir, OPENAPI_PATH), 'utf8');

  /** Answers the request when it is for the API document or its page; false otherwise. */
  return async function serveApiDocs(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = url.pathname.replace(/\/$/, '');
    let body: string | Buffer;
    let contentType: string;
    let headers: Record<string, string> = {};
    if (path === OPENAPI_PATH) {
      document ??= load();
      document.catch(() => (document = undefined)); // a failed build or read is tried again on the next request
      try {
        body = await document;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end(`The API document has not been built: run npm run build:openapi (${join(webDir, OPENAPI_PATH)}).\n`);
        return true;
      }
      contentType = 'application/json; charset=utf-8';
    } else {
      const file = DOCS_FILES.find((f) => f.path === path);
      if (!file) return false;
      body = file.read();
      contentType = file.contentType;
      // The policy CloudFront gives the page: the viewer works without inline scripts or other origins.
      if (contentType.startsWith('text/html')) headers = { 'content-security-policy': contentSecurityPolicy({ scriptHashes: [], frameAncestors: "'none'" }) };
    }
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff', ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
