// `npx tsx scripts/bench/console-shots.ts --web DIR --out DIR [paths...]`: screenshots of signed-in
// console pages from the build in --web, at 390 and 1366 px, light and dark (and the phone's drawer
// open), into --out as <page>-<width>-<theme>.png, to compare two builds. Not a test.
import { mkdirSync } from 'node:fs';
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
const OUT = arg('--out') ?? 'shots';
const paths = process.argv.slice(2).filter((a, i, all) => a.startsWith('/') && !['--web', '--out'].includes(all[i - 1] ?? ''));

async function main() {
  mkdirSync(OUT, { recursive: true });
  const stack = await startLocalStack({ inMemory: true, port: 0, quiet: true, webDir: WEB_DIR });
  const browser = await launch();
  try {
    useStack({ appUrl: stack.url, inboxUrl: stack.inboxUrl });
    // The same name, so both builds show the same data.
    const owner = await ownerWithData('shots');
    for (const theme of ['light', 'dark'] as const)
      for (const width of [390, 1366]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, reducedMotion: 'reduce' });
        await context.addCookies([{ name: 'token', value: owner.token, domain: new URL(stack.url).hostname, path: '/', sameSite: 'Strict' }]);
        const page = await context.newPage();
        for (const path of paths) {
          await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
          await page.evaluate(() => document.fonts.ready);
          const name = `${path.slice(1).replace(/\//g, '_') || 'root'}-${width}-${theme}`;
          await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
          if (width === 390 && path === paths[0]) {
            await page.locator('[aria-controls="app-drawer"]').first().click();
            await page.locator('#app-drawer.show').waitFor();
            await page.screenshot({ path: join(OUT, `drawer-${width}-${theme}.png`), animations: 'disabled' });
            await page.keyboard.press('Escape');
          }
        }
        await context.close();
      }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

runScript(main);
