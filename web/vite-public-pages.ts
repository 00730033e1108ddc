// The public pages' build (shared/public-pages.ts lists them): each page is its own HTML file
// (web/<name>.html, entry src/public-pages/<name>.tsx) that this plugin completes:
// - the theme script of index.html, so dark mode applies before the first paint as in the console;
// - at build, the page's first paint prerendered with react-dom/server (its skeleton: title, layout,
//   labels), hydrated in the browser;
// - at build, the page's own CSS inline in <head>: Bootstrap and the app's stylesheet with every rule
//   the page's code cannot use removed (PurgeCSS over the modules its chunks hold), so no stylesheet
//   blocks the first paint and the console's CSS is never downloaded.
// In `vite dev` the page's entry loads the full stylesheet instead (src/public-pages/dev-styles.ts), and
// the dev server answers each public path with its page's HTML, as the local server and CloudFront do.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { PurgeCSS } from 'purgecss';
import { runnerImport, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { API_PREFIX } from '../shared/api.ts';
import { EARLY_GET_KEY, htmlFileOf, PUBLIC_PAGES, publicPageAt, type PublicPage } from '../shared/public-pages.ts';

const HEAD_MARK = '<!-- public-page:head -->';
const ROOT_MARK = '<!-- public-page:root -->';

/** The public pages' HTML files, for the build's inputs. */
export const publicPageInputs = (root: string) => Object.fromEntries(PUBLIC_PAGES.map((page) => [page.name, join(root, htmlFileOf(page))]));

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

/** Every source module the page's chunks hold (its entry and what it imports statically). */
function moduleSources(entry: OutputChunk, bundle: OutputBundle): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) {
      const file = id.split('?')[0]!;
      if (!file.startsWith('\0') && existsSync(file)) files.add(file);
    }
    for (const name of chunk.imports) {
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
    // The theme is an attribute the inline script sets.
    dynamicAttributes: ['data-bs-theme'],
    safelist: modal ? { standard: [/^modal/, 'fade', 'show'] } : [],
  });
  // Comments and blank lines of app.css are no use to a visitor.
  return result!.css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\n\s*\n/g, '\n').trim();
}

export function publicPages(): Plugin {
  let root = '';
  let build = false;
  /** The prerender module, loaded once per build through Vite's module runner. */
  let renderer: Promise<{ prerender(name: PublicPage['name']): string }> | undefined;
  return {
    name: 'clinic-public-pages',
    configResolved(config) {
      root = config.root;
      build = config.command === 'build';
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const found = publicPageAt(url.pathname);
        if (found && req.headers.accept?.includes('text/html')) req.url = `/${htmlFileOf(found.page)}${url.search}`;
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const page = PUBLIC_PAGES.find((p) => htmlFileOf(p) === basename(ctx.filename));
        if (!page) return html;
        let head = themeScript(root) + earlyGetScript(page);
        if (build && ctx.chunk && ctx.bundle) {
          renderer ??= runnerImport<{ prerender(name: PublicPage['name']): string }>(join(root, 'src', 'public-pages', 'prerender.tsx'), {
            configFile: false,
            root,
            logLevel: 'error',
          }).then((r) => r.module);
          const body = (await renderer).prerender(page.name);
          html = html.replace(ROOT_MARK, body);
          head += `<style>${await pageCss(moduleSources(ctx.chunk, ctx.bundle), html)}</style>`;
        }
        // In dev the root stays empty: the page renders on the client.
        return html.replace(HEAD_MARK, head).replace(ROOT_MARK, '');
      },
    },
  };
}
