// A Vite build step: a brotli (quality 11) and a gzip (level 9) copy beside each compressible file of
// the build, so the local server (infra/local/stack.ts) sends compressed bytes without compressing per
// request, as CloudFront does in AWS. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir`. */
export function precompressDir(dir: string): void {
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = readFileSync(file);
    const variants: [string, Buffer][] = [
      ['.br', brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })],
      ['.gz', gzipSync(raw, { level: constants.Z_BEST_COMPRESSION })],
    ];
    for (const [suffix, bytes] of variants) if (bytes.length < raw.length) writeFileSync(file + suffix, bytes);
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'clinic-suite:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file is written (chunks, index.html, the manifest and the public folder's copies).
    closeBundle: {
      order: 'post',
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
