// Initial download of the SPA from Vite's manifest (dist/web/.vite/manifest.json): the console's
// entry with its static imports, and each public page (its chunk + the entry's static imports). The
// public pages are the ones visitors open from a link; they must not carry the console.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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
  cssGzipBytes: number;
}

export type WebReport = { skipped: string } | { rows: WebInitial[]; notes: string[] };

const PUBLIC_SRC = /(^|\/)src\/features\/public\//;

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
  const measure = (label: string, keys: Set<string>): WebInitial => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key]!;
      if (chunk.file.endsWith('.js')) js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
    }
    return {
      label,
      jsFiles: js.size,
      jsGzipBytes: [...js].reduce((sum, f) => sum + gz(f), 0),
      cssGzipBytes: [...css].reduce((sum, f) => sum + gz(f), 0),
    };
  };

  const notes: string[] = [];
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) return { skipped: `${manifestFile} has no index.html entry` };
  const entry = closure(entryKey);
  const rows = [measure('console (index.html + static imports)', entry)];

  const publicKeys = Object.keys(manifest).filter((k) => {
    const chunk = manifest[k]!;
    return k !== entryKey && (PUBLIC_SRC.test(chunk.src ?? k) || /public/i.test(chunk.name ?? ''));
  });
  if (publicKeys.length === 0) notes.push('no chunk from web/src/features/public/** (or named *public*) in the manifest');
  for (const key of publicKeys) {
    const keys = closure(key, new Set(entry));
    rows.push(measure(`public: ${manifest[key]!.src ?? key}`, keys));
  }
  return { rows, notes };
}
