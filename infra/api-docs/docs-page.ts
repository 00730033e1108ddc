// The API reference page: Scalar's standalone viewer (@scalar/api-reference), served from the site
// itself (no CDN, no fonts or proxy from elsewhere: the page keeps the console's strict CSP, script-src
// 'self' without inline scripts), reading /api/openapi.json. The build (scripts/build-openapi.ts)
// copies these files into dist/web (deployed with the web assets; CloudFront's behaviours for them
// are infra/constructs/api-docs-site.ts); the local stack serves them from here. Lives in infra, not
// scripts, because both stacks need these names and infra never imports scripts (eslint.config.js).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_PREFIX } from '../../shared/api';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = `${API_PREFIX}/docs`;
const VIEWER_PATH = `${DOCS_PATH}/scalar-standalone.js`;

/** The viewer's options, read from the page (no inline script): nothing is fetched from elsewhere. */
const VIEWER_CONFIGURATION = {
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  // "Try it" sends requests from this origin; a proxy elsewhere would see tokens.
  proxyUrl: '',
  // Each operation's heading ends with a 30 px "Copy link" button in a zero-width span: on a phone a
  // heading whose last line reaches the edge pushed it 6 px past a 390 px screen (a sideways scroll).
  // The heading keeps the button's room free (the CSP allows inline styles, not inline scripts).
  customCss: '@media (max-width: 600px) { .section-header { padding-inline-end: 32px; } }',
};

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');

export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clinic Suite API reference</title>
</head>
<body>
<noscript>The API reference needs JavaScript. The document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
<script id="api-reference" data-url="${OPENAPI_PATH}" data-configuration='${escapeAttribute(JSON.stringify(VIEWER_CONFIGURATION))}'></script>
<script src="${VIEWER_PATH}"></script>
</body>
</html>
`;

export interface DocsFile {
  /** Path on the site. */
  path: string;
  /** Where it goes below dist/web (CloudFront rewrites /api/docs to it). */
  key: string;
  contentType: string;
  read: () => Buffer | string;
}

/** Its browser build: not in the package's export map since 1.72, so found beside its entry (dist/index.js). */
const viewerFile = () => join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/** The page and the viewer (the document itself is built by scripts/openapi/document.ts). */
export const DOCS_FILES: DocsFile[] = [
  { path: DOCS_PATH, key: 'api/docs/index.html', contentType: 'text/html; charset=utf-8', read: () => DOCS_HTML },
  { path: VIEWER_PATH, key: VIEWER_PATH.slice(1), contentType: 'text/javascript; charset=utf-8', read: () => readFileSync(viewerFile()) },
];
