// The local stack's /api/openapi.json and /api/docs: the document is generated from the route table
// on its first request (then kept), the reference page and its viewer come from scripts/openapi.
// Deployed, the same files are built into dist/web and served by CloudFront (infra/stack.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildOpenApiDocument } from '../../scripts/openapi/document';
import { contentSecurityPolicy } from '../constructs/csp';
import { DOCS_FILES, OPENAPI_PATH } from '../../scripts/openapi/docs-page';

let document: Promise<string> | undefined;

/** Answers the request when it is for the API document or its page; false otherwise. */
export async function serveApiDocs(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = url.pathname.replace(/\/$/, '');
  let body: string | Buffer;
  let contentType: string;
  let headers: Record<string, string> = {};
  if (path === OPENAPI_PATH) {
    document ??= buildOpenApiDocument().then((doc) => JSON.stringify(doc));
    document.catch(() => (document = undefined)); // a failed build is tried again on the next request
    body = await document;
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
}
