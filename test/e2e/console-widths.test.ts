// Issue 18, item 1: every console route, as an owner with data, at 390, 768, 1280 and 1366 px in the
// three layouts: the page is never wider than the window, and the header's controls never overlap or
// leave the screen. One browser and one signed-in profile; each page is loaded once per layout and
// measured at each width by resizing.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, testClientHeaders } from './browser';
import { consoleUrls, navigateInApp } from './console-urls';
import { ownerWithData, signIn, type OwnerWithData } from './owner-with-data';

const WIDTHS = [390, 768, 1280, 1366];
const LAYOUTS = ['dark-sidebar', 'light-header', 'dark-header'] as const;

/** What is wrong with the page at the current width (empty when nothing), and how wide it is. */
function problems(page: Page): Promise<{ out: string[]; scrollWidth: number }> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) out.push(`page ${scrollWidth} px wide`);
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
    };
    const header = document.querySelector('.app-header');
    if (header) {
      const controls = [...header.querySelectorAll('a, button, [role="button"]')].filter(visible).filter((el) => !el.closest('.dropdown-menu'));
      // Controls nested in another control (an icon link inside a toggle) are one control.
      const outer = controls.filter((el) => !controls.some((other) => other !== el && other.contains(el)));
      const name = (el: Element) => (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 30);
      for (const el of outer) {
        const r = el.getBoundingClientRect();
        if (r.left < -1 || r.right > width + 1) out.push(`header control "${name(el)}" off screen`);
      }
      for (let i = 0; i < outer.length; i++) {
        for (let j = i + 1; j < outer.length; j++) {
          const a = outer[i].getBoundingClientRect();
          const b = outer[j].getBoundingClientRect();
          const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (overlapX > 1 && overlapY > 1) out.push(`header controls "${name(outer[i])}" and "${name(outer[j])}" overlap`);
        }
      }
    }
    // The breadcrumb's items side by side: none drawn over another (a divider on a word), and only the
    // current page's name, the last, may be cut short.
    const crumbs = [...document.querySelectorAll('.page-breadcrumb .breadcrumb-item')].filter(visible);
    for (let i = 0; i + 1 < crumbs.length; i++) {
      if (crumbs[i].getBoundingClientRect().right > crumbs[i + 1].getBoundingClientRect().left + 1) out.push(`breadcrumb "${crumbs[i].textContent}" runs into the next`);
      if (crumbs[i].scrollWidth > crumbs[i].clientWidth + 1) out.push(`breadcrumb "${crumbs[i].textContent}" cut short`);
    }
    return { out, scrollWidth };
  });
}

/** A console page without reloading the console, once it has loaded its data. */
async function visit(page: Page, url: string) {
  await navigateInApp(page, url);
  await settle(page);
}

/**
 * Until the page has loaded its data: no route progress bar and no spinner shown in the content. A
 * spinner kept in place but hidden while nothing loads (the calendar's, issue 35) does not count: it
 * made every visit of the calendar wait the whole 8 s. WIDTHS_REPORT=1 also names a page still loading then.
 */
async function settle(page: Page) {
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('.route-progress, .app-content .spinner-border')].some((el) => el.checkVisibility({ visibilityProperty: true })) &&
        document.querySelector('.app-content h1, .app-toolbar h1, .app-header h1, .app-content h2'),
      undefined,
      { timeout: 8_000, polling: 100 },
    )
    .catch(() => process.env.WIDTHS_REPORT && console.log(`${page.url()}: still loading after 8 s`));
  await frames(page);
}

const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

let browser: Browser;
let context: BrowserContext;
let page: Page;
let owner: OwnerWithData;

beforeAll(async () => {
  browser = await launch();
  owner = await ownerWithData('widths');
  context = await browser.newContext({ viewport: { width: 1366, height: 800 } , extraHTTPHeaders: testClientHeaders() });
  await signIn(context, owner.token);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the console at every width', () => {
  for (const layout of LAYOUTS) {
    it(`in the ${layout} layout, no page is wider than the window and no header controls overlap`, { timeout: 180_000 }, async () => {
      await page.goto(appUrl('/dashboard'));
      await page.evaluate((layoutType) => localStorage.setItem('LayoutConfig', JSON.stringify({ layoutType })), layout);
      const found: string[] = [];
      const widths: Record<string, number[]> = {};
      await page.reload();
      await settle(page);
      for (const url of consoleUrls(owner)) {
        // Each page opens at 1366 px (where the previous one's measures ended).
        if (page.viewportSize()?.width !== 1366) await page.setViewportSize({ width: 1366, height: 800 });
        await visit(page, url);
        widths[url] = [];
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await frames(page);
          const { out, scrollWidth } = await problems(page);
          widths[url].push(scrollWidth);
          for (const p of out) found.push(`${layout} ${url} at ${width}: ${p}`);
        }
      }
      if (process.env.WIDTHS_REPORT) console.log(layout, JSON.stringify(widths));
      expect(found).toEqual([]);
    });
  }

  it('the sidebar minimizes at once (focus released), and stays minimized after a reload', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(appUrl('/dashboard'));
    await page.evaluate(() => localStorage.removeItem('LayoutConfig'));
    await page.reload();
    await settle(page);
    const panelWidth = () => page.locator('.app-sidebar-panel').evaluate((el) => el.getBoundingClientRect().width);
    expect(await panelWidth()).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Minimize sidebar' }).click();
    // The pointer is still over the panel: it must not stay open on hover or focus.
    await expect.poll(panelWidth, { timeout: 2000 }).toBeLessThan(100);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).not.toBe('Minimize sidebar');
    await page.reload();
    await settle(page);
    await page.getByRole('button', { name: 'Expand sidebar' }).waitFor();
    expect(await panelWidth()).toBeLessThan(100);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(panelWidth, { timeout: 2000 }).toBeGreaterThan(200);
  });

  it('at 390 px the notification list and the user menu fit the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(appUrl('/dashboard'));
    await page.evaluate(() => localStorage.removeItem('LayoutConfig'));
    await page.reload();
    await settle(page);
    for (const trigger of [/^Notifications/, /^Account menu/, /^Theme:/]) {
      await page.getByRole('button', { name: trigger }).click();
      const menu = page.locator('.app-header .dropdown-menu.show');
      await menu.waitFor();
      const box = (await menu.boundingBox())!;
      // The notification list is nearly as wide as the screen: it keeps the page's margin (0.75rem) on both sides.
      const margin = String(trigger).includes('Notifications') ? 12 : 0;
      expect(box.x, String(trigger)).toBeGreaterThanOrEqual(margin);
      expect(box.x + box.width, String(trigger)).toBeLessThanOrEqual(390 - margin);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
  });

  it('at 1280 px (and the widths around) nothing of a dashboard tile (its arrow included) sticks out of its card', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(appUrl('/dashboard'));
    await page.evaluate(() => localStorage.removeItem('LayoutConfig'));
    await page.reload();
    await settle(page);
    await page.locator('.dashboard-tile').first().waitFor();
    expect(await page.locator('.dashboard-tile').count()).toBeGreaterThan(3);
    const outside: string[] = [];
    for (const width of [1280, 1366, 1400, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await frames(page);
      const found = await page.evaluate(() =>
        [...document.querySelectorAll('.dashboard-tile')].flatMap((card) => {
          const c = card.getBoundingClientRect();
          const title = card.querySelector('.fw-semibold')?.textContent;
          return [...card.querySelectorAll('*')]
            .map((el) => ({ el, r: el.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0 && (r.left < c.left - 0.5 || r.right > c.right + 0.5))
            .map(({ el, r }) => `${title}: ${el.className} from ${Math.round(r.left - c.left)} to ${Math.round(r.right - c.left)} px of a ${Math.round(c.width)} px card`);
        }),
      );
      outside.push(...found.map((f) => `at ${width}: ${f}`));
    }
    expect(outside).toEqual([]);
  });
});
