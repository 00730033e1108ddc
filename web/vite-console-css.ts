// The console's stylesheet cut to the rules the console can use (issue 35: Lighthouse's total blocking
// time). Bootstrap's full CSS and the app's are 265 KB: each signed-in page parsed all of it and
// matched its ~6,000 selectors and ~600 custom properties (per theme) on every style pass, one long task
// on a slow phone. At build, this plugin answers src/styles/console.ts's import of Bootstrap's
// stylesheet with Bootstrap and src/styles/app.css together, reduced by PurgeCSS to the rules whose
// classes the console's sources (web/src, index.html) spell out, and its import of app.css with nothing
// (it is in that one file: the custom properties only app.css reads must stay). `vite dev` keeps the
// whole stylesheet. Spell class names in full: a class put together in a className template
// (`alert-${kind}`) is kept by its pattern (builtClasses), one put together elsewhere is not.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PurgeCSS } from 'purgecss';
import type { Plugin } from 'vite';

const BOOTSTRAP_CSS = 'bootstrap/dist/css/bootstrap.min.css';
const require = createRequire(import.meta.url);

/**
 * Classes that react-bootstrap builds from a prefix (the console imports only Dropdown, Modal,
 * Offcanvas, Collapse and Tabs), and its transition states: Dropdown.Toggle's `btn-${size}`, Modal's
 * `modal-${size}` and `modal-fullscreen-${breakpoint}-down`, Offcanvas' `offcanvas-${placement}`,
 * Tabs' `nav-${variant}`, the close button's `btn-close-${variant}`. The app's own classes built at run
 * time are found in its sources (builtClasses).
 */
export const SAFELIST = [
  /^btn-(sm|lg)$/,
  /^modal/,
  /^offcanvas(-(start|end|top|bottom|backdrop|header|title|body))?$/,
  /^dropdown/,
  /^drop(up|end|start)/,
  /^(collapse|collapsing|collapse-horizontal)$/,
  /^(nav|nav-tabs|nav-pills|nav-underline|nav-link|nav-item|tab-content|tab-pane)$/,
  /^(fade|show|showing|hiding|active|disabled)$/,
  /^btn-close/,
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The classes a className template puts together at run time (`alert-${kind}`,
 * `bg-${tone}-subtle`, `row-cols-xxl-${count}`), as patterns: what is around the `${...}` kept,
 * any word in its place.
 */
export function builtClasses(sources: string[]): RegExp[] {
  const patterns = new Map<string, RegExp>();
  for (const source of sources)
    for (const [, template] of source.matchAll(/className(?:=\{|:\s*)`([^`]*)`/g))
      for (const [, before, after] of template.matchAll(/(?:^|\s)([A-Za-z][\w-]*-)\$\{[^}]*\}([\w-]*)/g)) {
        const pattern = `^${escape(before)}[\\w-]+${escape(after)}$`;
        patterns.set(pattern, new RegExp(pattern));
      }
  return [...patterns.values()];
}

/**
 * Attributes set at run time, whose rules are kept whatever their value: the theme (index.html's inline
 * script, lib/theme.ts), the direction (Arabic), the layout builder's choices (app/layout/), the
 * responsive table's phone labels (components/responsive-table.tsx).
 */
const DYNAMIC_ATTRIBUTES = ['data-bs-theme', 'data-theme-switching', 'data-theme-mode', 'dir', 'data-layout', 'data-toolbar', 'data-sticky', 'data-actions', 'data-label', 'aria-expanded', 'aria-current', 'aria-selected'];

/** The console's sources: web/index.html and every module under web/src but the public pages' and the tests. */
export function consoleSources(webDir: string): string[] {
  const src = join(webDir, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('public-pages'))
    .map((file) => readFileSync(join(src, file), 'utf8'));
  return [readFileSync(join(webDir, 'index.html'), 'utf8'), ...files];
}

/** The stylesheets outside the purge that read the console's custom properties: FullCalendar's (the calendar's chunk). */
const OTHER_CSS = ['@fullcalendar/react/skeleton.css', '@fullcalendar/react/themes/classic/theme.css'];

/**
 * The custom properties to keep whatever the kept rules read: those the other stylesheets read (the
 * calendar's palette, set on :root in app.css) and those the sources name (a chart's colours read with
 * getPropertyValue), with every property their values read in turn.
 */
export function readElsewhere(css: string, sources: string[]): string[] {
  const values = new Map<string, string[]>();
  for (const [, name, value] of css.matchAll(/(--[\w-]+)\s*:([^;}]*)/g)) values.set(name, [...(values.get(name) ?? []), value]);
  const other = OTHER_CSS.map((file) => readFileSync(require.resolve(file), 'utf8')).join('\n');
  const queue = [...other.matchAll(/var\(\s*(--[\w-]+)/g), ...sources.flatMap((source) => [...source.matchAll(/(--[a-z][\w-]*)/g)])].map(([, name]) => name);
  const read = new Set<string>();
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (read.has(name) || !values.has(name)) continue;
    read.add(name);
    for (const value of values.get(name)!) for (const [, next] of value.matchAll(/var\(\s*(--[\w-]+)/g)) queue.push(next);
  }
  return [...read].sort();
}

/** Bootstrap's and the app's stylesheets as one, without the rules no source can use. */
export async function consoleCss(webDir: string, sources: string[] = consoleSources(webDir)): Promise<string> {
  const css = [require.resolve(BOOTSTRAP_CSS), join(webDir, 'src', 'styles', 'app.css')].map((file) => readFileSync(file, 'utf8')).join('\n');
  const [result] = await new PurgeCSS().purge({
    content: sources.map((raw) => ({ raw, extension: 'js' })),
    css: [{ raw: css }],
    safelist: { standard: [...SAFELIST, ...builtClasses(sources)], variables: readElsewhere(css, sources) },
    dynamicAttributes: DYNAMIC_ATTRIBUTES,
    // Bootstrap declares its custom properties on :root per theme; the browser resolves each on every
    // style pass, so those nothing reads go too. One purge over both files, so those only app.css
    // reads stay.
    variables: true,
    keyframes: true,
    fontFace: true,
  });
  return result.css;
}

export function consoleCssPlugin(): Plugin {
  let webDir = '';
  let dir = '';
  return {
    name: 'clinic-console-css',
    apply: 'build',
    // Before Vite's resolver, which would find Bootstrap's own stylesheet.
    enforce: 'pre',
    configResolved(config) {
      webDir = config.root;
      dir = join(config.cacheDir, 'console-css');
    },
    async buildStart() {
      mkdirSync(dir, { recursive: true });
      // Written whole then renamed: builds running at once (the e2e set-up, the bench) read complete files.
      const write = (file: string, data: string) => {
        writeFileSync(`${file}.${process.pid}`, data);
        renameSync(`${file}.${process.pid}`, file);
      };
      write(join(dir, 'console.css'), await consoleCss(webDir));
      write(join(dir, 'empty.css'), '/* src/styles/app.css is in console.css (web/vite-console-css.ts) */\n');
    },
    resolveId(id, importer) {
      if (!importer?.replace(/\\/g, '/').endsWith('/src/styles/console.ts')) return undefined;
      if (id === BOOTSTRAP_CSS) return join(dir, 'console.css');
      if (id === './app.css') return join(dir, 'empty.css');
      return undefined;
    },
  };
}
