// Initial download of the web build from Vite's manifest (dist/web/.vite/manifest.json): the console's
// entry (index.html, its static imports and stylesheet), and each public page of shared/public-pages.ts
// (its prerendered HTML with the inline CSS, and its own entry's static imports). The public pages are
// the ones visitors open from a link; they must not carry the console.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { htmlFileOf, PUBLIC_PAGES } from '../../shared/public-pages';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface WebInitial {
  label: string;
  jsFiles: number;
  jsGzipBytes: number;
  /** The stylesheets, or a public page's inline CSS (counted in its HTML). */
  cssGzipBytes: number;
  htmlGzipBytes: number;
  /** HTML + JS + stylesheets: what the first visit downloads. */
  totalGzipBytes: number;
}

export type WebReport = { skipped: string } | { rows: WebInitial[]; notes: string[] };

export function webInitialSizes(webDir: string): WebReport {
  const manifestFile = join(webDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    return { skipped: existsSync(webDir) ? `no ${manifestFile} (build with build.manifest: true)` : `no web build at ${webDir}` };
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const gzipCache = new Map<string, number>();
  const gz = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      const path = join(webDir, file);
      size = existsSync(path) ? gzipSync(readFileSync(path), { level: 9 }).length : 0;
      gzipCache.set(file, size);
    }
    return size;
  };

  /** A chunk and everything it statically imports (what the browser fetches before running it). */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const gzText = (text: string) => gzipSync(text, { level: 9 }).length;
  const measure = (label: string, keys: Set<string>, htmlFile: string): WebInitial => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (chunk.file.endsWith('.js')) js.add(chunk.file);
      // A module of stylesheets only (src/styles/console.ts): its file is the CSS.
      if (chunk.file.endsWith('.css')) css.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
    }
    const html = existsSync(join(webDir, htmlFile)) ? readFileSync(join(webDir, htmlFile), 'utf8') : '';
    const inlineCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
    const jsGzipBytes = [...js].reduce((sum, f) => sum + gz(f), 0);
    const sheets = [...css].reduce((sum, f) => sum + gz(f), 0);
    const htmlGzipBytes = html ? gzText(html) : 0;
    return {
      label,
      jsFiles: js.size,
      jsGzipBytes,
      cssGzipBytes: sheets || (inlineCss ? gzText(inlineCss) : 0),
      htmlGzipBytes,
      totalGzipBytes: htmlGzipBytes + jsGzipBytes + sheets,
    };
  };

  const notes: string[] = [];
  if (!manifest['index.html']) return { skipped: `${manifestFile} has no index.html entry` };
  // The console's stylesheet is loaded by src/main.tsx (src/styles/console.ts) before the app renders.
  const consoleKeys = closure('index.html');
  const styles = Object.keys(manifest).find((key) => key.endsWith('src/styles/console.ts'));
  if (styles) consoleKeys.add(styles);
  else notes.push('no src/styles/console.ts entry in the manifest: the console row lacks its stylesheet');
  const rows = [measure('console (index.html + static imports + stylesheet)', consoleKeys, 'index.html')];
  for (const page of PUBLIC_PAGES) {
    const html = htmlFileOf(page);
    if (!manifest[html]) {
      notes.push(`no ${html} entry in the manifest`);
      continue;
    }
    rows.push(measure(`public ${page.name} (${html}, inline CSS + its entry)`, closure(html), html));
  }
  return { rows, notes };
}
