// Prints the gzip size of the JavaScript each kind of first visit loads, from dist/web's manifest:
// the root entry alone, each public page, an auth screen, and the dashboard.
// Run after a build: npx tsx web/scripts/bundle-sizes.ts   (--json for machine-readable output)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', '..', 'dist', 'web');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
const gzip = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

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
const total = (keys: Set<string>) => [...keys].reduce((sum, k) => sum + gzip(manifest[k]!.file), 0);

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const find = (srcEnd: string) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(srcEnd));
  if (!key) throw new Error(`No chunk for ${srcEnd}`);
  return key;
};

const visits: Record<string, string[]> = {
  'root entry (public page floor)': [entry],
  // Every lazy page module of features/public: what a visitor's first load costs.
  ...Object.fromEntries(
    Object.keys(manifest)
      .filter((k) => manifest[k]!.isDynamicEntry && k.includes('src/features/public/'))
      .map((k) => [`public ${k.replace(/^.*src\/features\/public\//, '')}`, [entry, k]]),
  ),
  'auth screen (/auth)': [entry, find('src/app/console-routes.tsx'), find('src/app/console.tsx'), find('src/features/auth/routes/auth-layout.tsx')],
  'console (/dashboard)': [entry, find('src/app/console-routes.tsx'), find('src/app/console.tsx'), find('src/app/protected.tsx'), find('src/app/layout/page-error.tsx'), find('src/features/dashboard/routes/dashboard.tsx')],
};

const results = Object.fromEntries(Object.entries(visits).map(([name, keys]) => [name, total(closure(keys))]));
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results));
} else {
  for (const [name, bytes] of Object.entries(results)) console.log(`${name.padEnd(44)} ${kb(bytes).padStart(9)} gzip JS`);
}
