// The local server's static files (dist/web): any file of the build by its path, in the best
// precompressed variant the request accepts (the build writes .br and .gz copies, web/precompress.ts),
// so what `npm start` sends is what CloudFront sends in AWS: compressed, Vary: Accept-Encoding, hashed
// assets cached for a year, everything else (HTML) revalidated on each use; HTML with CloudFront's CSP.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, extname, join, normalize, sep } from 'node:path';
import { htmlFilesOf, PUBLIC_PAGES } from '../../shared/public-pages';
import { contentSecurityPolicy, inlineScriptHashes } from '../constructs/csp';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.webp': 'image/webp', '.gif': 'image/gif', '.ico': 'image/x-icon', '.json': 'application/json', '.woff': 'font/woff',
  '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8', '.map': 'application/json', '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

/** The precompressed copies the build may write beside a file, in the server's order of preference. */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Vite's hashed output (assets/<name>-<hash>.<ext>): its content never changes under that name. */
const HASHED = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.\w+$/;

/**
 * Whether an Accept-Encoding header allows a content coding (RFC 9110 12.5.3): a coding listed with
 * q=0 is refused, `*` stands for any coding not listed, no header allows none but identity.
 */
export function acceptedCodings(header: string | undefined): (coding: string) => boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  return (coding) => (weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0) > 0;
}

/** The pages clinics may frame on their sites (CloudFront's policy for them allows https framers). */
const EMBEDDABLE = new Set(PUBLIC_PAGES.filter((page) => page.embeddable).flatMap(htmlFilesOf));

/**
 * An HTML page's Content-Security-Policy, as CloudFront sends it (infra/constructs/site-headers.ts), from the page's own
 * inline scripts: an inline script the deployed site would refuse is refused here too.
 */
function pagePolicy(file: string): string {
  return contentSecurityPolicy({
    scriptHashes: inlineScriptHashes(readFileSync(file, 'utf8')),
    frameAncestors: EMBEDDABLE.has(basename(file)) ? 'https:' : "'none'",
  });
}

/**
 * Answers a GET or HEAD with the file at `path` (a URL path such as /assets/index-1a2b3c4d.js or
 * /index.html) under `webDir`, or returns false when there is no such file (nothing is written then).
 */
export function serveWebFile(req: IncomingMessage, res: ServerResponse, webDir: string, path: string): boolean {
  const root = normalize(webDir);
  const file = normalize(join(root, path));
  if (!file.startsWith(root + sep)) return false;
  if (!existsSync(file) || !statSync(file).isFile()) return false;
  const accepts = acceptedCodings(req.headers['accept-encoding']);
  const variant = VARIANTS.find((v) => accepts(v.encoding) && existsSync(file + v.suffix));
  const sent = variant ? file + variant.suffix : file;
  const hasVariants = VARIANTS.some((v) => existsSync(file + v.suffix));
  res.writeHead(200, {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'content-length': String(statSync(sent).size),
    'cache-control': HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(variant ? { 'content-encoding': variant.encoding } : {}),
    // Caches must key the answer on the header it depended on.
    ...(hasVariants ? { vary: 'Accept-Encoding' } : {}),
    'x-content-type-options': 'nosniff',
    ...(extname(file) === '.html' ? { 'content-security-policy': pagePolicy(file) } : {}),
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(sent).pipe(res);
  return true;
}
