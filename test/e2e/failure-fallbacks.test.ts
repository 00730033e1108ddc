// Issue 18, item 3: a call that fails without a message shows the spec's fallback text, readable in
// light and dark, with a way to recover. The roles call is made to fail in the browser (a gateway's
// bare 500), so the sidebar must say 'Failed to fetch roles' and offer Retry instead of dropping the
// menu without a word; a list call failing the same way shows the page's own fallback.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, testClientHeaders } from './browser';
import { ownerWithData, signIn } from './owner-with-data';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  const owner = await ownerWithData('fallbacks');
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } , extraHTTPHeaders: testClientHeaders() });
  await signIn(context, owner.token);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** WCAG contrast of an element's text against what is painted behind it (translucent grounds blended). */
function contrastOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((el) => {
    const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const layers: number[][] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const [r = 0, g = 0, b = 0, a = 1] = parse(getComputedStyle(node).backgroundColor);
      if (a > 0) layers.push([r, g, b, a]);
      if (a >= 1) break;
    }
    let ground = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) ground = [r * a + ground[0] * (1 - a), g * a + ground[1] * (1 - a), b * a + ground[2] * (1 - a)];
    const [tr = 0, tg = 0, tb = 0] = parse(getComputedStyle(el).color);
    const lum = ([r, g, b]: number[]) =>
      [r, g, b].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
    const [hi, lo] = [lum([tr, tg, tb]), lum(ground)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  });
}

const GATEWAY_500 = { status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) };

describe('failures without a message', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`the sidebar says 'Failed to fetch roles', readable in the ${theme} theme, and Retry brings the menu back`, async () => {
      await page.goto(appUrl('/dashboard'));
      await page.evaluate((mode) => localStorage.setItem('theme_mode', mode), theme);
      await page.route('**/api/users/roles-permissions', (route) => route.fulfill(GATEWAY_500));
      await page.reload();
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      const alert = sidebar.getByRole('alert');
      await alert.getByText('Failed to fetch roles').waitFor();
      expect(await sidebar.getByText('Internal Server Error').count()).toBe(0);
      expect(await contrastOf(page, '.app-sidebar .menu-error span')).toBeGreaterThanOrEqual(4.5);
      expect(await sidebar.getByRole('button', { name: 'Members', exact: true }).count()).toBe(0);

      await page.unroute('**/api/users/roles-permissions');
      await alert.getByRole('button', { name: 'Retry' }).click();
      await sidebar.getByRole('button', { name: 'Members', exact: true }).waitFor();
      expect(await sidebar.getByRole('alert').count()).toBe(0);
    });
  }

  it('in the light-header layout the header says so too, with Retry', async () => {
    await page.evaluate(() => localStorage.setItem('LayoutConfig', JSON.stringify({ layoutType: 'light-header' })));
    await page.route('**/api/users/roles-permissions', (route) => route.fulfill(GATEWAY_500));
    await page.reload();
    const header = page.locator('.app-header');
    await header.getByRole('alert').getByText('Failed to fetch roles').waitFor();
    expect(await contrastOf(page, '.app-header .menu-error span')).toBeGreaterThanOrEqual(4.5);
    await page.unroute('**/api/users/roles-permissions');
    await header.getByRole('button', { name: 'Retry' }).click();
    await header.getByRole('button', { name: 'User Management' }).waitFor();
    await page.evaluate(() => localStorage.removeItem('LayoutConfig'));
  });

  it("a list whose call fails without a message shows the page's fallback with Try again", async () => {
    await page.route('**/api/organization/members?*', (route) => route.fulfill({ status: 502, body: '' }));
    await page.route('**/api/organization/members', (route) => route.fulfill({ status: 502, body: '' }));
    await page.goto(appUrl('/member'));
    const alert = page.locator('.app-content').getByRole('alert');
    await alert.getByText('The members could not be loaded.').waitFor();
    await page.unroute('**/api/organization/members?*');
    await page.unroute('**/api/organization/members');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Maximiliana Featherstonehaugh').first().waitFor();
  });
});
