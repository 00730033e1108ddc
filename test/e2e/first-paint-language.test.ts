// Issue 36 in Chromium at a phone's 390 px: each public page is prerendered in every language and the
// server answers with the one the request asks (?lang=, else Accept-Language), so the booking page at
// ?lang=ar paints in Arabic, right to left, from its first frame, nothing hidden and nothing flipped;
// the page's script then renders over it in the same words. What the HTML alone paints is seen with the
// page's script held back. A choice stored in the browser still wins: the page ends in it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import ar from '../../web/src/i18n/messages/ar.json';
import en from '../../web/src/i18n/messages/en.json';
import es from '../../web/src/i18n/messages/es.json';
import fr from '../../web/src/i18n/messages/fr.json';
import { appUrl, launch, layoutShift, testClientHeaders } from './browser';
import { call, newClinicOwner } from './owner-with-data';

let browser: Browser;
let apiKey: string;
beforeAll(async () => {
  browser = await launch();
  const { token } = await newClinicOwner('firstpaint', { name: 'Cedar Clinic', legalName: 'Cedar Clinic LLC', websiteUrl: 'https://cedar.example.com', phoneNumber: '+15551234567' });
  await call('POST', '/bookings/packages', { token, body: { packageName: 'Consultation', packagePrice: 40 } });
  ({ apiKey } = await call('GET', '/organization/integration', { token }));
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** A phone whose browser speaks `locale` (navigator.languages and Accept-Language), with a stored choice or none. */
async function phone(locale: string, stored?: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 }, extraHTTPHeaders: testClientHeaders() });
  if (stored) await context.addInitScript((choice) => localStorage.setItem('clinic.locale', choice), stored);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  onTestFailed(async ({ task }) => {
    await page.screenshot({ path: `test-results/e2e/${task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png` }).catch(() => undefined);
  });
  return { context, page, errors };
}

/** The page as its HTML alone paints it: its script (the deferred entry) is never answered. */
async function firstPaint(page: Page, path: string) {
  await page.route(/\/assets\/booking-[\w-]+\.js$/, (route) => route.abort());
  await page.goto(appUrl(path));
  return page.evaluate(() => {
    const root = document.documentElement;
    const heading = document.querySelector('h1');
    return {
      lang: root.lang,
      dir: root.dir,
      pending: root.hasAttribute('data-i18n-pending'),
      heading: heading?.textContent,
      title: document.title,
      shown: heading ? getComputedStyle(heading).visibility : undefined,
    };
  });
}

describe("the booking page's first paint in the visitor's language (issue 36)", () => {
  it('?lang=ar: Arabic, right to left, shown at once; the page then renders over it in the same words', async () => {
    const { context, page, errors } = await phone('en-US');
    expect(await firstPaint(page, `/booking/${apiKey}?lang=ar`)).toEqual({ lang: 'ar', dir: 'rtl', pending: false, heading: ar['booking.title'], title: ar['booking.title'], shown: 'visible' });
    await page.screenshot({ path: 'test-results/e2e/first-paint-ar.png' });
    await page.unrouteAll();
    await page.goto(appUrl(`/booking/${apiKey}?lang=ar`));
    await page.getByText('Cedar Clinic').first().waitFor();
    await page.getByRole('heading', { level: 1, name: ar['booking.title'] }).waitFor();
    expect(await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.getByLabel(ar['language.label']).inputValue()).toBe('ar');
    expect(await layoutShift(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("?lang=es: Spanish; an Arabic browser without ?lang=: Arabic; an English one: English, as today", async () => {
    const english = await phone('en-US');
    expect(await firstPaint(english.page, `/booking/${apiKey}?lang=es`)).toEqual({ lang: 'es', dir: 'ltr', pending: false, heading: es['booking.title'], title: es['booking.title'], shown: 'visible' });
    expect(await firstPaint(english.page, `/booking/${apiKey}`)).toEqual({ lang: 'en', dir: '', pending: false, heading: en['booking.title'], title: en['booking.title'], shown: 'visible' });
    await english.context.close();
    const arabic = await phone('ar-EG');
    expect(await firstPaint(arabic.page, `/booking/${apiKey}`)).toEqual({ lang: 'ar', dir: 'rtl', pending: false, heading: ar['booking.title'], title: ar['booking.title'], shown: 'visible' });
    await arabic.context.close();
  });

  it('a stored choice of French without ?lang=: the English HTML waits hidden, and the page ends in French', async () => {
    const { context, page, errors } = await phone('en-US', 'fr');
    // What the server cannot know: the HTML is English, laid out for French and hidden until French arrives.
    expect(await firstPaint(page, `/booking/${apiKey}`)).toMatchObject({ lang: 'fr', dir: 'ltr', pending: true, heading: en['booking.title'] });
    await page.unrouteAll();
    await page.goto(appUrl(`/booking/${apiKey}`));
    await page.getByRole('heading', { level: 1, name: fr['booking.title'] }).waitFor();
    expect(await page.evaluate(() => ({ lang: document.documentElement.lang, pending: document.documentElement.hasAttribute('data-i18n-pending') }))).toEqual({ lang: 'fr', pending: false });
    expect(await layoutShift(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
