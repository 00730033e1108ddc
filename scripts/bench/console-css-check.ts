// `npx tsx scripts/bench/console-css-check.ts --web DIR [--dark] [paths...]`: opens console pages
// signed in (1366 and 390 px, the phone's drawer and each page's dropdowns opened) from the build in DIR and
// lists every class the pages put on an element that Bootstrap's or the app's full stylesheet styles
// but the built (purged: web/vite-console-css.ts) stylesheet does not: a class PurgeCSS could not see.
// A check to run after changing the purge's safelist, not a test (it needs a whole stack).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startLocalStack } from '../../infra/local/stack';
import { launch, useStack } from '../../test/e2e/browser';
import { ownerWithData } from '../../test/e2e/owner-with-data';
import { runScript } from './run-script';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const WEB_DIR = arg('--web') ?? 'dist/web';
const DEFAULT_PATHS = ['/dashboard', '/appointments', '/appointments/book', '/calendar', '/bookings', '/bookings/packages', '/bookings/packages/add', '/bookings/availability', '/bookings/practitioners', '/bookings/practitioners/add', '/bookings/waitlist', '/bookings/series/new', '/patients', '/customers', '/member', '/member/add', '/forms', '/forms/add', '/forms/leads', '/logs', '/notification', '/organization', '/profile', '/services', '/sms', '/builder', '/crafted/account/overview', '/crafted/account/settings', '/crafted/account/security', '/crafted/pages/wizards/setup', '/crafted/widgets/reports'];
const given = process.argv.slice(2).filter((a, i, all) => a.startsWith('/') && all[i - 1] !== '--web');
const paths = given.length ? given : DEFAULT_PATHS;

/** The classes a stylesheet's selectors name. */
function classesOf(css: string): Set<string> {
  const out = new Set<string>();
  // Selectors only: drop declaration blocks (their urls and numbers hold dots).
  const selectors = css.replace(/\{[^{}]*\}/g, '{}');
  for (const [, name] of selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) out.add(name);
  return out;
}

async function main() {
  const require = createRequire(import.meta.url);
  const full = classesOf(readFileSync(require.resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8') + readFileSync('web/src/styles/app.css', 'utf8'));
  const built = new Set<string>();
  for (const file of readdirSync(join(WEB_DIR, 'assets')).filter((f) => f.endsWith('.css'))) for (const c of classesOf(readFileSync(join(WEB_DIR, 'assets', file), 'utf8'))) built.add(c);
  const stack = await startLocalStack({ inMemory: true, port: 0, quiet: true, webDir: WEB_DIR });
  const browser = await launch();
  const missing = new Map<string, Set<string>>();
  try {
    useStack({ appUrl: stack.url, inboxUrl: stack.inboxUrl });
    const owner = await ownerWithData('css');
    for (const width of [1366, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: process.argv.includes('--dark') ? 'dark' : 'light' });
      await context.addCookies([{ name: 'token', value: owner.token, domain: new URL(stack.url).hostname, path: '/', sameSite: 'Strict' }]);
      const page = await context.newPage();
      // Every class any element carries while the page runs (dialogs and menus come and go).
      await page.addInitScript(() => {
        const seen = new Set<string>();
        (window as unknown as { __classes: Set<string> }).__classes = seen;
        const add = (el: Element) => el.classList.forEach((c) => seen.add(c));
        new MutationObserver((records) => {
          for (const r of records) {
            if (r.type === 'attributes' && r.target instanceof Element) add(r.target);
            r.addedNodes.forEach((n) => {
              if (n instanceof Element) {
                add(n);
                n.querySelectorAll('*').forEach(add);
              }
            });
          }
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      for (const path of paths) {
        await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
        // Open what opens: the drawer (phone), dropdown toggles, then close with Escape.
        for (const toggle of await page.locator('.dropdown-toggle:visible, [aria-controls="app-drawer"]:visible').all()) {
          await toggle.click({ timeout: 2000 }).catch(() => undefined);
          await page.waitForTimeout(350);
          await page.keyboard.press('Escape');
          await page.waitForTimeout(350);
        }
        const classes = await page.evaluate(() => {
          document.querySelectorAll('*').forEach((el) => el.classList.forEach((c) => (window as unknown as { __classes: Set<string> }).__classes.add(c)));
          return [...(window as unknown as { __classes: Set<string> }).__classes];
        });
        for (const c of classes) if (full.has(c) && !built.has(c)) missing.set(c, (missing.get(c) ?? new Set()).add(`${path}@${width}`));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
  if (!missing.size) console.log(`No class lost on ${paths.length} pages.`);
  for (const [c, where] of missing) console.log(`.${c} lost: ${[...where].slice(0, 5).join(' ')}`);
}

runScript(main);
