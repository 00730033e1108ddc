// A public page requests its script once its first paint (the prerendered skeleton) is on screen: the
// first paint never waits for the script (even where it would arrive first, as on a fast connection),
// and the HTML and the page's data request have a slow network first. Vite writes the entry's <script>
// and its <link rel="modulepreload">s into <head>; this plugin replaces them by one inline loader at the
// end of <body> that adds them after the paint. (Measured on the console's index.html too: there the
// code's start then counts as blocking time after the first paint, and /auth scored lower, 95 against
// 97, so the console keeps Vite's tags.)
import type { Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';

/**
 * The same inline script on every page (one CSP hash): the entry is its data-src, the chunks to preload
 * with it its data-preload (comma-separated), and its data-locales the catalogue chunk of each language
 * ('ar=/assets/ar-x.js,...'): the one of the page's language (the HTML's lang, which the language
 * script set) is preloaded with the entry, instead of being asked for once the entry has run (a
 * round trip more before the page renders in its language; src/public-pages/mount.tsx waits for it).
 * With the entry it starts the page's Intl worker, its data-worker (src/public-pages/intl-warm.worker.ts:
 * the browser's Intl start-up beside the main thread, before the script's first render needs it): first,
 * and the requests in the next task, as starting a worker and adding the preloads and the script took
 * some 10 ms of the main thread together, a blocking task on Lighthouse's 4x slower phone (issue 36).
 * It waits for the browser's first paint entry; without paint timing, for the frame after the next; a
 * hidden tab paints nothing, so a timer loads it there.
 */
const LOADER =
  "(function(){var me=document.currentScript,src=me.getAttribute('data-src'),preload=me.getAttribute('data-preload'),locales=me.getAttribute('data-locales'),started=0;" +
  "function load(){if(started)return;started=1;var lang=document.documentElement.lang,wk=me.getAttribute('data-worker');" +
  "if(wk&&window.Worker)try{new Worker(wk,{type:'module',name:lang});window.__intlWarm=1}catch(e){}setTimeout(function(){request(lang)},0)}" +
  "function request(lang){var hrefs=preload?preload.split(','):[];" +
  "(locales?locales.split(','):[]).forEach(function(p){var i=p.indexOf('=');if(p.slice(0,i)===lang)hrefs.push(p.slice(i+1))});" +
  "hrefs.forEach(function(href){var l=document.createElement('link');" +
  "l.rel='modulepreload';l.href=href;document.head.appendChild(l)});var s=document.createElement('script');s.type='module';s.src=src;" +
  'document.head.appendChild(s)}var P=window.PerformanceObserver;' +
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(list,observer){observer.disconnect();" +
  "setTimeout(load,0)}).observe({type:'paint',buffered:true});else requestAnimationFrame(function(){requestAnimationFrame(function(){" +
  'setTimeout(load,0)})});setTimeout(load,1000)})();';

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** A catalogue's chunk: src/i18n/messages/<locale>.json. */
const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/]([a-z]{2})\.json$/;

/** The catalogue chunks of a build by language, as the loader's data-locales has them ('ar=/assets/ar-x.js'). */
export function catalogueChunks(bundle: OutputBundle, base = '/'): string[] {
  return Object.values(bundle).flatMap((chunk) => {
    const locale = chunk.type === 'chunk' && chunk.facadeModuleId ? CATALOGUE.exec(chunk.facadeModuleId.split('?')[0])?.[1] : undefined;
    return locale ? [`${locale}=${base}${chunk.fileName}`] : [];
  });
}

/** The Intl worker's file in a build (src/public-pages/intl-warm.worker.ts, emitted where a page's entry refers to it). */
export function intlWorkerOf(bundle: OutputBundle, base = '/'): string | undefined {
  const file = Object.keys(bundle).find((name) => /(^|\/)intl-warm\.worker-[\w-]+\.js$/.test(name));
  return file && `${base}${file}`;
}

/** The page with its entry script and preloads moved into the loader, with its catalogues' chunks (and its Intl worker). */
export function deferEntry(html: string, catalogues: string[] = [], worker?: string): string {
  const entry = ENTRY.exec(html);
  if (!entry) throw new Error('The page has no entry <script type="module"> to defer');
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const loader = `<script data-src="${entry[1]}"${preloads.length ? ` data-preload="${preloads.join(',')}"` : ''}${catalogues.length ? ` data-locales="${catalogues.join(',')}"` : ''}${worker ? ` data-worker="${worker}"` : ''}>${LOADER}</script>`;
  return html.replace(ENTRY, '').replace(PRELOAD, '').replace('</body>', `  ${loader}\n  </body>`);
}

/** deferEntry on the HTML pages of a build (`vite dev` keeps Vite's own tags). */
export function deferredEntry(): Plugin {
  return {
    name: 'clinic-deferred-entry',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html, ctx) => deferEntry(html, ctx.bundle ? catalogueChunks(ctx.bundle) : [], ctx.bundle && intlWorkerOf(ctx.bundle)) },
  };
}
