// Prints what each kind of first visit downloads, gzip, from dist/web and its manifest: each public
// page (its prerendered HTML with the inline CSS, and the JavaScript of its own entry), an auth screen
// and the dashboard (index.html, with /auth's first paint and its CSS inline; the JavaScript; the
// console's stylesheet, which src/main.tsx loads).
// Run after a build: npx tsx web/scripts/bundle-sizes.ts   (--json for machine-readable output)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { htmlFileOf, PUBLIC_PAGES } from '../../shared/public-pages.ts';
const dist = join(import.meta.dirname, '..', '..', 'dist', 'web');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const gzipText = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const gzip = (file: string) => gzipText(readFileSync(join(dist, file)));

/** The chunk keys a set of modules load, with everything they import statically. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No manifest entry for ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (keys: Set<string>) => [...keys].reduce((sum, k) => sum + gzip(manifest[k].file), 0);

const find = (srcEnd: string) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(srcEnd));
  if (!key) throw new Error(`No chunk for ${srcEnd}`);
  return key;
};
/** The console root's and the signed-in shell's chunks (web/vite-console-chunks.ts), by name. */
const group = (name: 'console' | 'shell') => {
  const key = Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k].name === name && manifest[k].file.endsWith('.js'));
  if (!key) throw new Error(`No ${name} chunk`);
  return key;
};

export interface Visit {
  /** The HTML document (for a public page, with its inline CSS). */
  html: number;
  /** The inline CSS alone (part of html) or the console's stylesheet. */
  css: number;
  js: number;
  /** What the visitor downloads first: HTML + JS (+ the console's stylesheet). */
  total: number;
}

const results: Record<string, Visit> = {};
for (const page of PUBLIC_PAGES) {
  const text = readFileSync(join(dist, htmlFileOf(page)), 'utf8');
  const css = [...text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const html = gzipText(text);
  const js = total(closure([htmlFileOf(page)]));
  results[`public ${page.name} (${page.example})`] = { html, css: gzipText(css), js, total: html + js };
}
const consoleEntry = 'index.html';
// A module of stylesheets only: the build gives it no JavaScript, its file is the CSS.
const styles = manifest[find('src/styles/console.ts')];
const consoleCss = [styles.file, ...(styles.css ?? [])].filter((file) => file.endsWith('.css')).reduce((sum, file) => sum + gzip(file), 0);
const consoleVisit = (keys: string[]): Visit => {
  const html = gzip('index.html');
  const js = total(closure([consoleEntry, ...keys]));
  return { html, css: consoleCss, js, total: html + consoleCss + js };
};
results['auth screen (/auth)'] = consoleVisit([group('console'), find('src/features/auth/routes/auth-layout.tsx')]);
results['console (/dashboard)'] = consoleVisit([group('console'), group('shell'), find('src/features/dashboard/routes/dashboard.tsx')]);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results));
} else {
  console.log(`${'first visit'.padEnd(52)} ${'HTML'.padStart(9)} ${'(CSS)'.padStart(9)} ${'JS'.padStart(9)} ${'total'.padStart(9)}   gzip`);
  for (const [name, v] of Object.entries(results)) {
    console.log(`${name.padEnd(52)} ${kb(v.html).padStart(9)} ${kb(v.css).padStart(9)} ${kb(v.js).padStart(9)} ${kb(v.total).padStart(9)}`);
  }
  console.log('Budgets: a public page\'s total at most 110 KB; the console\'s initial JS at most 200 KB (web/README.md).');
}
