// The booking page's confirmation at 390 px in each of the six languages (issue 36.5): a package paid
// at the clinic is confirmed at once, and its confirmation (what is due at the clinic, where, the
// buttons) fits the phone's width; in Arabic it was 24 px too wide. Screenshots in /tmp/erase2-shots/.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, testClientHeaders, uniqueEmail } from './browser';
import { call, newClinicOwner } from './owner-with-data';

const SHOTS = '/tmp/erase2-shots';

let browser: Browser;
let clinic: { apiKey: string; atClinic: string };
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  const owner = await newClinicOwner('widths', { name: 'Harbour Physiotherapy and Sports Rehabilitation', legalName: 'Harbour Physio LLC', websiteUrl: 'https://physio.example.com', phoneNumber: '+15551234567', timeZone: 'America/New_York' });
  const { apiKey } = await call('GET', '/organization/integration', { token: owner.token });
  const hours = [{ start: '08:00', end: '18:00' }];
  await call('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours: { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours }, slotMinutes: 30, capacity: 20, closedDates: [], maxDaysAhead: 60 } });
  const fees = { noShowFeeMinor: 2500, lateCancelFeeMinor: 1500, cancellationWindowHours: 24 };
  const atClinic = await call('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'First physiotherapy assessment', packagePrice: 80, paymentMode: 'at_clinic', ...fees } });
  clinic = { apiKey, atClinic: atClinic.id };
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** How far the page is wider than the window, and the widest elements that stick out (for the failure's message). */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')]
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.right > width + 0.5 || r.left < -0.5))
      .map(({ e, r }) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${Math.round(r.left)}..${Math.round(r.right)}`);
    return { by: document.documentElement.scrollWidth - width, out: out.slice(0, 8) };
  });

/** Books the package on the page in `lang` at `width`; answers the page once the confirmation shows. */
async function book(lang: string, packageId: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, extraHTTPHeaders: testClientHeaders() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const email = uniqueEmail(`w-${lang}`);
  await page.goto(appUrl(`/booking/${clinic.apiKey}?package=${encodeURIComponent(packageId)}&lang=${lang}`));
  await page.locator('button[data-date]:not([disabled])').first().click();
  // A time (the days are pressed buttons too).
  const time = page.locator('button[aria-pressed]:not([data-date])').first();
  await time.click();
  await expect.poll(() => time.getAttribute('aria-pressed')).toBe('true');
  await page.locator('input[autocomplete="given-name"]').fill('Nora');
  await page.locator('input[autocomplete="family-name"]').fill('Fernández-Castellanos');
  await page.locator('input[autocomplete="email"]').fill(email);
  await page.locator('input[autocomplete="tel"]').fill('+15557654321');
  await page.locator('form button[type="submit"]').last().click();
  // The confirmation's details (the form's own payment note is there before it).
  await page.locator('dl.row').getByTestId('payment-summary').waitFor({ timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/confirmed-${lang}-${width}-at-clinic.png`, fullPage: true });
  expect(errors).toEqual([]);
  return { page, context };
}

/** Books at the clinic in each of `langs` at `width`, one after another; none is wider than the window. */
async function fits(langs: readonly string[], width: number) {
  for (const lang of langs) {
    const { page, context } = await book(lang, clinic.atClinic, width);
    if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const o = await overflowOf(page);
    expect(o, `${lang} ${width}: ${o.out.join(', ')}`).toMatchObject({ by: 0 });
    await context.close();
  }
}

describe('the booking confirmation fits a phone (issue 36.5)', () => {
  it('paid at the clinic, in Arabic and English at 390 px', { timeout: 20_000 }, () => fits(['ar', 'en'], 390));
  it('paid at the clinic, in German and Portuguese (the longest texts) at 390 px', { timeout: 20_000 }, () => fits(['de', 'pt'], 390));
});
