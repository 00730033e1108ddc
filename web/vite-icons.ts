// The console's icons (Bootstrap Icons, an icon font): the build ships only the glyphs the app uses.
// The library's font holds 2,000 icons (134 KB woff2) and its stylesheet a rule for each (87 KB); the
// console uses a few dozen, and every console page downloads the font before its first icons paint.
// At build, this plugin answers the library's stylesheet import (src/styles/console.ts) with one of
// only the `bi-*` classes that web/src spells out (so spell icon classes in full, never 'bi-' + name),
// over a font subset to those glyphs (harfbuzz, through subset-font). `vite dev` keeps the whole font.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const ICONS_CSS = 'bootstrap-icons/font/bootstrap-icons.min.css';
const require = createRequire(import.meta.url);
const iconsDir = join(require.resolve('bootstrap-icons/package.json'), '..', 'font');

/** Every `bi-<name>` class spelled in these sources that names a Bootstrap icon, sorted. */
export function usedIcons(sources: string[]): string[] {
  const codepoints = iconCodepoints();
  const names = new Set<string>();
  for (const source of sources) for (const [, name] of source.matchAll(/\bbi-([a-z0-9-]+)/g)) if (name in codepoints) names.add(name);
  return [...names].sort();
}

let codepointsRead: Record<string, number> | undefined;

/** The library's map of icon names to their code points in the font (read once: a build asks thrice). */
const iconCodepoints = (): Record<string, number> =>
  (codepointsRead ??= JSON.parse(readFileSync(join(iconsDir, 'bootstrap-icons.json'), 'utf8')) as Record<string, number>);

/** The stylesheet (its font at ./fonts/bootstrap-icons.woff2) and the font for these icons only. */
export async function iconSubset(names: string[]): Promise<{ css: string; font: Buffer }> {
  const codepoints = iconCodepoints();
  const unknown = names.filter((name) => !(name in codepoints));
  if (unknown.length) throw new Error(`Not Bootstrap icons: ${unknown.join(', ')}`);
  const font = await subsetFont(readFileSync(join(iconsDir, 'fonts', 'bootstrap-icons.woff2')), names.map((name) => String.fromCodePoint(codepoints[name])).join(''), {
    targetFormat: 'woff2',
  });
  return { css: iconCss(names, './fonts/bootstrap-icons.woff2'), font };
}

/** The icon font's face (at fontUrl) and the rules of these icons. */
export function iconCss(names: string[], fontUrl: string): string {
  const codepoints = iconCodepoints();
  const library = readFileSync(join(iconsDir, 'bootstrap-icons.css'), 'utf8');
  // The rule every icon shares (font family, metrics), as the library writes it.
  const base = /\.bi::before,[^{]*\{[^}]*\}/.exec(library);
  if (!base) throw new Error(`${ICONS_CSS}: the shared icon rule was not found`);
  return [
    // font-display: block as the library's: no fallback letters where an icon belongs.
    `@font-face{font-display:block;font-family:"bootstrap-icons";src:url("${fontUrl}") format("woff2")}`,
    base[0],
    // Each glyph is 1em wide: the space is kept while the font loads, so nothing moves when it arrives.
    '.bi::before,[class^="bi-"]::before,[class*=" bi-"]::before{width:1em}',
    ...names.map((name) => `.bi-${name}::before{content:"\\${codepoints[name].toString(16)}"}`),
  ].join('\n');
}

/** The name the build gives the subset font's file (its asset name, before the hash). */
export const ICON_FONT_NAME = 'bootstrap-icons.woff2';

/** Every TypeScript source under a directory (tests aside: they ship nothing). */
export function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

export function iconSubsetPlugin(): Plugin {
  let srcDir = '';
  let dir = '';
  return {
    name: 'clinic-icon-subset',
    apply: 'build',
    // Before Vite's resolver, which would find the library's own stylesheet.
    enforce: 'pre',
    configResolved(config) {
      srcDir = join(config.root, 'src');
      dir = join(config.cacheDir, 'icon-subset');
    },
    async buildStart() {
      const { css, font } = await iconSubset(usedIcons(sourcesUnder(srcDir)));
      // A real stylesheet beside its font, so Vite bundles both as any stylesheet. Each file is written
      // whole then renamed: builds running at once (the e2e set-up, the bench) read complete files.
      mkdirSync(join(dir, 'fonts'), { recursive: true });
      const write = (file: string, data: string | Buffer) => {
        writeFileSync(`${file}.${process.pid}`, data);
        renameSync(`${file}.${process.pid}`, file);
      };
      write(join(dir, 'fonts', ICON_FONT_NAME), font);
      write(join(dir, 'bootstrap-icons.css'), css);
    },
    resolveId(id) {
      return id === ICONS_CSS ? join(dir, 'bootstrap-icons.css') : undefined;
    },
  };
}
