// The public pages as a visitor's phone gets them (issue 14): each is its own prerendered HTML that
// paints the page's skeleton before any JavaScript, then takes it over and fills in the clinic's data
// (its name included) without moving anything (no layout shift), in light and dark mode; nor while its
// HTML arrives a piece at a time, as on a slow network.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, layoutShifts, newContext } from './browser';
import { call, newClinicWithKey } from './owner-with-data';
import { trickleServer } from './slow-network';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A clinic with two booking packages, a service and a form with two packages. */
async function clinic() {
  const { token, apiKey } = await newClinicWithKey('pubpages', { name: 'Sunrise Physio', legalName: 'Sunrise Physio LLC', websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567' });
  for (const [packageName, packagePrice] of [['Consultation', 60], ['Follow-up', 30]] as const) {
    await call('POST', '/bookings/packages', { token, body: { packageName, packagePrice, packageDescription: 'A visit.' } });
  }
  const packageIds: string[] = [];
  for (const [name, price] of [['Assessment', 40], ['Massage', 25]] as const) packageIds.push((await call('POST', '/packages', { token, body: { name, price, isPayable: true } })).id);
  const form = await call('POST', '/form-builder/form', {
    token,
    body: { name: 'Intake form', description: 'Tell us about you', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }], packageIds },
  });
  return { apiKey: apiKey, formId: form.id as string };
}

describe('public pages', () => {
  let pages: { path: string; heading: string; ready: (page: Page) => Promise<unknown> }[];
  let apiKey: string;
  let formId: string;
  beforeAll(async () => {
    ({ apiKey, formId } = await clinic());
    pages = [
      { path: `/booking/${apiKey}`, heading: 'Booking', ready: (page) => page.getByRole('option', { name: 'Follow-up' }).waitFor({ state: 'attached' }) },
      { path: `/form-builder/public/${formId}/${apiKey}`, heading: 'Intake form', ready: (page) => page.getByRole('article', { name: 'Massage' }).waitFor() },
      { path: `/room-integration/${apiKey}`, heading: 'Request an appointment', ready: (page) => page.getByText(/Sunrise Physio · /).waitFor() },
    ];
  }, 60_000);

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`at 390 px in ${colorScheme} mode: the clinic's data and name arrive without a layout shift`, async () => {
      const { context, page, errors } = await newContext(browser, { width: 390, height: 844, colorScheme });
      const consoleErrors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
      const apiGets: string[] = [];
      page.on('request', (r) => r.method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/') && apiGets.push(new URL(r.url()).pathname));
      const workers: { path: string; closed: boolean }[] = [];
      page.on('worker', (w) => {
        const worker = { path: new URL(w.url()).pathname, closed: false };
        workers.push(worker);
        // The solver ends its worker once it has the solution.
        w.on('close', () => (worker.closed = true));
      });
      // Derivations the page itself computes (the check solved on the main thread would make hundreds).
      await page.addInitScript(() => {
        const digest = crypto.subtle.digest.bind(crypto.subtle);
        const deriveBits = crypto.subtle.deriveBits.bind(crypto.subtle);
        const counted = window as unknown as { __digests: number };
        counted.__digests = 0;
        crypto.subtle.digest = (...args: Parameters<SubtleCrypto['digest']>) => {
          counted.__digests++;
          return digest(...args);
        };
        crypto.subtle.deriveBits = (...args: Parameters<SubtleCrypto['deriveBits']>) => {
          counted.__digests++;
          return deriveBits(...args);
        };
      });
      for (const { path, heading, ready } of pages) {
        apiGets.length = 0;
        workers.length = 0;
        await page.goto(appUrl(path));
        await ready(page);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        if (!path.startsWith('/room-integration/')) await page.getByTestId('clinic-name').getByText('Sunrise Physio').waitFor();
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme')), path).toBe(colorScheme);
        // The page's own CSS follows the theme (the app's page background, as in the console).
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background, path).toBe(colorScheme === 'dark' ? 'rgb(19, 20, 25)' : 'rgb(244, 246, 250)');
        const shift = await layoutShifts(page);
        expect(shift.total, `${path}: ${shift.moved.join('; ')}`).toBe(0);
        // The opening GET the HTML starts early (shared/public-pages.ts earlyGet) is the page's own: asked once.
        const opening = { form: `/api/leads/forms/${formId}`, request: `/api/public/appointments/${apiKey}` };
        for (const url of Object.values(opening)) expect(apiGets.filter((p) => p === url).length, path).toBeLessThanOrEqual(1);
        if (path.startsWith('/form-builder/')) expect(apiGets.filter((p) => p === opening.form), path).toEqual([opening.form]);
        if (path.startsWith('/room-integration/')) expect(apiGets.filter((p) => p === opening.request), path).toEqual([opening.request]);
        // Started by the HTML, and taken by the page's client (nothing left waiting).
        const started = await page.evaluate(() => (window as unknown as { __earlyGet?: Record<string, unknown> }).__earlyGet);
        expect(started, path).toEqual(path.startsWith('/booking/') ? undefined : {});
        // The page's script (and its language's catalogue, issue 26) is asked for only once the skeleton has painted (web/vite-deferred-entry.ts).
        const timing = await page.evaluate(() => ({
          firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
          scripts: performance.getEntriesByType('resource').filter((r) => (r as PerformanceResourceTiming).initiatorType === 'script').map((r) => r.startTime),
          entryEnd: (performance.getEntriesByType('resource').find((r) => /\/assets\/(booking|form|request)-[\w-]+\.js$/.test(r.name)) as PerformanceResourceTiming | undefined)?.responseEnd,
          catalogueStart: performance.getEntriesByType('resource').find((r) => /\/assets\/en-[\w-]+\.js$/.test(r.name))?.startTime,
        }));
        // The catalogue is preloaded with the entry by the loader: asked for before the entry has even
        // arrived, not by the entry once it has run.
        expect(timing.catalogueStart, path).toBeLessThan(timing.entryEnd!);
        expect(timing.scripts.length, path).toBeGreaterThanOrEqual(1);
        expect(timing.scripts.length, path).toBeLessThanOrEqual(2);
        for (const start of timing.scripts) expect(start, path).toBeGreaterThanOrEqual(timing.firstPaint);
        // The booking page starts its connection check with the visitor's first input, not with the page
        // (its start is a phone's busiest time): nothing asked for until then.
        if (path.startsWith('/booking/')) {
          expect(apiGets.filter((p) => p === '/api/public/challenge'), path).toEqual([]);
          // Its one worker so far: the Intl start-up the loader started with the page's script (issue 36).
          expect(workers.map((w) => w.path), path).toEqual([expect.stringMatching(/^\/assets\/intl-warm\.worker-[\w-]+\.js$/)]);
          workers.length = 0;
          await page.keyboard.press('Tab');
        }
        // The connection check (issue 28) is solved in a worker, off the main thread the visitor types on.
        await expect.poll(() => workers.length > 0 && workers.every((w) => w.closed), { message: path, timeout: 15_000 }).toBe(true);
        for (const worker of workers) expect(worker.path, path).toMatch(/^\/assets\/challenge-worker-[\w-]+\.js$/);
        expect(await page.evaluate(() => (window as unknown as { __digests: number }).__digests), path).toBe(0);
      }
      expect(consoleErrors).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  // What CI caught once in a loaded run, when the browser happened to paint between two of the HTML's
  // network pieces: the language switcher's globe painted before its select, then pushed aside by it.
  // Here every tag is a piece of its own, in English and in Arabic (right to left).
  for (const [language, colorScheme] of [['en', 'light'], ['ar', 'dark']] as const) {
    it(`at 390 px, their HTML arriving a tag at a time (${language}, ${colorScheme}): nothing moves while it arrives`, async () => {
      const trickle = await trickleServer();
      const { context, page, errors } = await newContext(browser, { width: 390, height: 844, colorScheme });
      try {
        for (const { path, ready } of pages) {
          await page.goto(await trickle.urlOf(`${path}?lang=${language}`));
          await ready(page);
          if (!path.startsWith('/room-integration/')) await page.getByTestId('clinic-name').getByText('Sunrise Physio').waitFor();
          expect(await page.evaluate(() => document.documentElement.dir), path).toBe(language === 'ar' ? 'rtl' : 'ltr');
          const shift = await layoutShifts(page);
          expect(shift.total, `${path}: ${shift.moved.join('; ')}`).toBe(0);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await trickle.close();
      }
    });
  }
});
