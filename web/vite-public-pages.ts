// The public pages' build (shared/public-pages.ts lists them): each page is its own HTML file
// (web/<name>.html, entry src/public-pages/<name>.tsx), built on its own after the console (one script
// per page, on preact/compat: web/preact.ts) and completed by this plugin:
// - the theme script of index.html, so dark mode applies before the first paint as in the console;
// - the page's first paint prerendered (its skeleton: title, layout, labels), which the page's script
//   takes over in the browser (src/public-pages/mount.tsx), the script requested after that paint
//   (vite-deferred-entry.ts); one HTML file per language (booking.html, booking.ar.html, ...: issue 36),
//   the server answering with the one the request asks (infra/constructs/page-rewrite.ts);
// - at build, the page's own CSS inline in <head>: Bootstrap and the app's stylesheet with every rule
//   the page's code cannot use removed (PurgeCSS over the modules its chunks hold), so no stylesheet
//   blocks the first paint and the console's CSS is never downloaded.
// In `vite dev` the page's entry loads the full stylesheet instead (src/public-pages/dev-styles.ts), and
// the dev server answers each public path with its page's HTML, as the local server and CloudFront do.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { transform } from 'lightningcss';
import { PurgeCSS } from 'purgecss';
import { build as viteBuild, type Alias, type Plugin, type ResolvedConfig } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { API_PREFIX } from '../shared/api.ts';
import { DEFAULT_LOCALE, isRtl, LOCALES, type Locale } from '../shared/i18n/locales.ts';
import { PREACT_ALIASES } from './preact.ts';
import { deferredEntry } from './vite-deferred-entry.ts';
import { compiledMessages, MESSAGE_PARSER_ALIAS } from './vite-messages.ts';
import { EARLY_GET_KEY, htmlFileOf, PUBLIC_PAGES, publicPageAt, type PublicPage } from '../shared/public-pages.ts';

const HEAD_MARK = '<!-- public-page:head -->';
const ROOT_MARK = '<!-- public-page:root -->';

/** index.html's inline theme script, byte for byte (the CSP allows it by its hash). */
function themeScript(root: string): string {
  const match = /<script>[\s\S]*?<\/script>/.exec(readFileSync(join(root, 'index.html'), 'utf8'));
  if (!match) throw new Error('web/index.html has no inline theme script');
  return match[0];
}

/**
 * The page's opening API GET, started while its script downloads (plain ES5, as the theme script). The
 * URL is built as the page's API client builds it (each parameter decoded, then encoded), so the
 * client finds the answer under it; a failed start leaves the client to fetch as usual.
 */
function earlyGetScript(page: PublicPage): string {
  if (!page.earlyGet) return '';
  const url = JSON.stringify(API_PREFIX + page.earlyGet);
  return `<script>(function(){try{var m=new RegExp(${JSON.stringify(page.pattern)}).exec(location.pathname);if(!m)return;` +
    `var u=${url}.replace(/\\{(\\d)\\}/g,function(_,i){return encodeURIComponent(decodeURIComponent(m[+i]))});` +
    `var p=fetch(u,{headers:{accept:'application/json'}});p.catch(function(){});var s=window.${EARLY_GET_KEY}={};s[u]=p;}catch(e){}})();</script>`;
}

/**
 * The page's language and direction before its first paint (the same choice as src/i18n/i18n.tsx's
 * initialLocale: ?lang=, the visitor's earlier choice, the browser's languages, else English). The HTML
 * is prerendered in each language (issue 36) and the server answers with the one the request asks
 * (infra/constructs/page-rewrite.ts), so usually the two agree and the first paint is final. When they
 * differ (a choice stored in this browser), the page is laid out in the visitor's direction from its
 * first frame and marked pending: its content (all but the switcher) stays hidden until it renders in
 * that language, so no text is swapped under the reader's eyes and nothing shifts (src/styles/app.css).
 * Plain ES5 in a try: the page works without it.
 */
export const LANGUAGE_SCRIPT =
  `<script>(function(){try{var L=${JSON.stringify([...LOCALES])};function b(t){t=String(t||'').toLowerCase().split(/[-_]/)[0];return L.indexOf(t)>=0?t:''}` +
  `var l=b((/[?&]lang=([^&#]*)/.exec(location.search)||[])[1]);if(!l){try{l=b(localStorage.getItem('clinic.locale'))}catch(e){}}` +
  `if(!l){var n=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];for(var i=0;i<n.length&&!l;i++)l=b(n[i])}` +
  `l=l||${JSON.stringify(DEFAULT_LOCALE)};var d=document.documentElement;if(l!==d.lang){d.lang=l;d.dir=l==='ar'?'rtl':'ltr';d.setAttribute('data-i18n-pending','')}}catch(e){}})();</script>`;

/**
 * The booking page opened with ?package= or ?practitioner= (the console prints such links): its steps
 * under the package's card stay hidden from the first paint until the packages arrive and the card is in
 * place (booking-page.tsx removes the mark), instead of being painted by the prerendered first paint and
 * pushed down by the card (CLS 0.073 on Lighthouse mobile when the page hydrated before a paint). Plain
 * ES5 in a try, as the language script.
 */
function preselectScript(page: PublicPage): string {
  if (page.name !== 'booking') return '';
  return `<script>(function(){try{if(/[?&](package|practitioner)=[^&#]/.test(location.search))document.documentElement.setAttribute('data-preselect-pending','')}catch(e){}})();</script>`;
}

/**
 * Every source module the page's chunks hold (its entry and what it imports statically), and those of
 * the chunks it loads later (the booking page's series step): their class names must survive the purge.
 */
function moduleSources(entry: OutputChunk, bundle: OutputBundle): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) {
      const file = id.split('?')[0];
      if (!file.startsWith('\0') && existsSync(file)) files.add(file);
    }
    for (const name of [...chunk.imports, ...chunk.dynamicImports]) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(entry);
  return [...files];
}

/** Bootstrap and the app's stylesheet, reduced to what these sources and this HTML can use (also the sign-in first paint's: vite-auth-first-paint.ts). */
export async function pageCss(sources: string[], html: string): Promise<string> {
  const require = createRequire(import.meta.url);
  const css = [require.resolve('bootstrap/dist/css/bootstrap.min.css'), join(import.meta.dirname, 'src', 'styles', 'app.css')]
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  // react-bootstrap builds the modal's class names from a prefix ('modal' + '-dialog'), which no
  // source spells out.
  const modal = sources.some((file) => file.includes('/react-bootstrap/'));
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: 'html' }, ...sources.map((file) => ({ raw: readFileSync(file, 'utf8'), extension: 'js' }))],
    css: [{ raw: css }],
    // The theme is an attribute the inline script sets; the direction one the page's script sets (Arabic);
    // data-clinic-brand: the clinic's colour (public-pages/clinic-brand.tsx).
    dynamicAttributes: ['data-bs-theme', 'dir', 'data-i18n-pending', 'data-clinic-brand', 'data-preselect-pending', 'data-settle'],
    safelist: modal ? { standard: [/^modal/, 'fade', 'show'] } : [],
    // Bootstrap declares some 300 custom properties on :root per theme; the browser resolves every
    // one of them on each style pass, so those no kept rule reads go too (no source sets a var()).
    variables: true,
    keyframes: true,
    fontFace: true,
  });
  // Minified: the CSS is parsed on the page's critical path.
  const { code } = transform({ filename: 'page.css', code: Buffer.from(result.css), minify: true });
  return code.toString();
}

interface ManifestChunk {
  file: string;
  src: string;
  isEntry: true;
}

/** The opening tag of web/<page>.html, which each language's copy of the page replaces. */
const HTML_TAG = '<html lang="en">';

/** A text as HTML writes it. */
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page's first paint in one language: its markup, and its title when the page has one of its own. */
export interface FirstPaint {
  html: string;
  title?: string;
}

/**
 * The page's HTML in another language (issue 36): the built English page with its first paint rendered in
 * that language, its title in it, and the document's lang and dir set, so it paints right (and right to
 * left) at once. Everything else (scripts, inline CSS) is the same bytes, so the CSP's hashes cover every
 * language.
 */
export function localizedHtml(english: string, englishFirstPaint: string, locale: Locale, firstPaint: FirstPaint): string {
  const at = english.indexOf(englishFirstPaint);
  if (!english.startsWith(`<!doctype html>\n${HTML_TAG}`) || at < 0) throw new Error(`The built page has no ${HTML_TAG} or no first paint to put ${locale} in`);
  let html = english.slice(0, at) + firstPaint.html + english.slice(at + englishFirstPaint.length);
  const { title } = firstPaint;
  if (title !== undefined) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  return html.replace(HTML_TAG, `<html lang="${locale}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}">`);
}

/**
 * What one public page's own build does to its HTML: the theme script and early GET, and at build its
 * prerendered first paint and purged inline CSS; then writes the page's copy in each other language.
 * Reports the page's script for the manifest.
 */
function pageHtml(root: string, page: PublicPage, firstPaint: (locale: Locale) => FirstPaint, done: (chunk: ManifestChunk) => void): Plugin {
  const englishFirstPaint = firstPaint(DEFAULT_LOCALE).html;
  return {
    name: 'clinic-public-page-html',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.chunk || !ctx.bundle) throw new Error(`${htmlFileOf(page)}: no chunk to complete`);
        html = html.replace(ROOT_MARK, englishFirstPaint);
        const css = await pageCss(moduleSources(ctx.chunk, ctx.bundle), html);
        done({ file: ctx.chunk.fileName, src: htmlFileOf(page), isEntry: true });
        return html.replace(HEAD_MARK, themeScript(root) + LANGUAGE_SCRIPT + preselectScript(page) + earlyGetScript(page) + `<style>${css}</style>`);
      },
    },
    // The English page as written (its script's tags included): the other languages are copies of it.
    writeBundle(options, bundle) {
      const built = bundle[htmlFileOf(page)];
      if (built?.type !== 'asset' || !options.dir) throw new Error(`${htmlFileOf(page)} was not built`);
      const english = String(built.source);
      for (const locale of LOCALES) {
        if (locale === DEFAULT_LOCALE) continue;
        writeFileSync(join(options.dir, htmlFileOf(page, locale)), localizedHtml(english, englishFirstPaint, locale, firstPaint(locale)));
      }
    },
  };
}

/** src/public-pages/prerender.tsx's: a page's first paint in a language, and its title there. */
interface Prerenderer {
  prerender: (name: PublicPage['name'], locale: Locale) => string;
  prerenderTitle: (name: PublicPage['name'], locale: Locale) => string | undefined;
}

/**
 * src/public-pages/prerender.tsx built for Node with the pages' runtime (every dependency bundled, so
 * none reaches React itself), then loaded: the first paints are Preact's own markup, which it takes over.
 */
async function prerenderer(root: string, mode: string): Promise<Prerenderer> {
  // A folder of this build's own: the e2e set-up and the bench may build at the same time.
  const outDir = mkdtempSync(join(tmpdir(), 'clinic-prerender-'));
  await viteBuild({
    configFile: false,
    root,
    mode,
    logLevel: 'warn',
    plugins: [react(), compiledMessages()],
    resolve: { alias: PREACT_ALIASES },
    ssr: { noExternal: true },
    build: {
      ssr: join(root, 'src', 'public-pages', 'prerender.tsx'),
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: {
        // The first paints import every catalogue themselves (the pages load theirs on demand): in
        // this one bundle for Node, nothing is to be split.
        onLog(level, log, handler) {
          if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
        },
      },
    },
  });
  try {
    return (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as Prerenderer;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Builds each public page on its own (one script per page, nothing shared, on Preact) into the
 * console build's output, and adds the pages to its manifest.
 */
async function buildPublicPages(root: string, outDir: string, mode: string): Promise<void> {
  const { prerender, prerenderTitle } = await prerenderer(root, mode);
  const chunks: Record<string, ManifestChunk> = {};
  for (const page of PUBLIC_PAGES) {
    await viteBuild({
      configFile: false,
      root,
      mode,
      logLevel: 'warn',
      plugins: [react(), compiledMessages(), pageHtml(root, page, (locale) => ({ html: prerender(page.name, locale), title: prerenderTitle(page.name, locale) }), (chunk) => (chunks[chunk.src] = chunk)), deferredEntry()],
      // The catalogues are compiled (vite-messages.ts): the formatter goes without its parser.
      resolve: { alias: [...(PREACT_ALIASES as Alias[]), MESSAGE_PARSER_ALIAS] },
      build: {
        outDir,
        emptyOutDir: false,
        target: 'es2022',
        rollupOptions: { input: { [page.name]: join(root, htmlFileOf(page)) } },
      },
    });
  }
  const manifestFile = join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, ...chunks }, null, 2));
}

export function publicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'clinic-public-pages',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const found = publicPageAt(url.pathname);
        if (found && req.headers.accept?.includes('text/html')) req.url = `/${htmlFileOf(found.page)}${url.search}`;
        next();
      });
    },
    // In `vite dev` the page renders on the client, on React, with the full stylesheet.
    transformIndexHtml(html, ctx) {
      const page = PUBLIC_PAGES.find((p) => htmlFileOf(p) === basename(ctx.filename));
      if (!page) return html;
      return html.replace(HEAD_MARK, themeScript(config.root) + LANGUAGE_SCRIPT + preselectScript(page) + earlyGetScript(page)).replace(ROOT_MARK, '');
    },
    // After the console is written (its manifest too), before the build's precompress step.
    async closeBundle() {
      if (config.command !== 'build') return;
      await buildPublicPages(config.root, resolve(config.root, config.build.outDir), config.mode);
    },
  };
}
