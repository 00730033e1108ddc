// Issue 34 in Chromium: a clinic that uploaded a logo and chose a colour sees them on its booking page
// (the logo at the top, the colour on the Continue button), at 390 and 1366 px, light and dark, left to
// right and right to left, without a layout shift; and once the page's connection check is done,
// nothing under the button says so ("Connection checked." meant nothing to a patient).
import { crc32, deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../shared/brand';
import { appUrl, launch, layoutShifts, testClientHeaders } from './browser';
import { call, newClinicOwner } from './owner-with-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A `width` x `height` PNG: a wide logo in the clinic's blue with a white band (real image bytes). */
function logoPng(width = 240, height = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = y > height / 3 && y < (2 * height) / 3 && x > width / 8;
      rows.set(band ? [255, 255, 255] : [32, 74, 135], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A clinic with opening hours, a booking package, a logo and a colour; its apiKey and owner's token. */
async function brandedClinic() {
  const { token } = await newClinicOwner('brand', { name: 'Sunrise Physio Berlin', legalName: 'Sunrise Physio GmbH', websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567' });
  const weeklyHours = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '08:00', end: '18:00' }]]));
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours, slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 60 } });
  await call('POST', '/bookings/packages', { token, body: { packageName: 'Consultation', packagePrice: 60, packageDescription: 'A first visit.' } });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(logoPng())], { type: 'image/png' }), 'logo.png');
  await call('POST', '/organization/logo', { token, form });
  await call('PATCH', '/organization/profile', { token, body: { brandColor: '#204a87' } });
  const { apiKey } = await call('GET', '/organization/integration', { token });
  return { apiKey: apiKey as string, token };
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const hexOf = (css: string) => `#${(css.match(/\d+/g) ?? []).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;

describe("the clinic's brand on its booking page", () => {
  it('shows its logo and colour at 390 and 1366 px (light, dark, Arabic), with no layout shift and no "Connection checked."', async () => {
    const clinic = await brandedClinic();
    const runs = [
      { width: 390, height: 844, colorScheme: 'light', locale: 'en-US', color: '#204a87' },
      { width: 1366, height: 900, colorScheme: 'light', locale: 'en-US', color: '#204a87' },
      { width: 390, height: 844, colorScheme: 'dark', locale: 'ar', color: '#204a87' },
      // A light colour: the button's text turns dark so it still reads.
      { width: 1366, height: 900, colorScheme: 'dark', locale: 'en-US', color: '#ffe14d' },
    ] as const;
    for (const run of runs) {
      const where = `${run.width} px ${run.colorScheme} ${run.locale} ${run.color}`;
      await call('PATCH', '/organization/profile', { token: clinic.token, body: { brandColor: run.color } });
      // The browser's language is the page's (issue 26): Arabic reads right to left.
      const context = await browser.newContext({ locale: run.locale, viewport: { width: run.width, height: run.height }, colorScheme: run.colorScheme, extraHTTPHeaders: testClientHeaders() });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await page.goto(appUrl(`/booking/${clinic.apiKey}`));
        const logo = page.getByTestId('clinic-logo');
        await logo.waitFor();
        await page.waitForFunction(() => {
          const img = document.querySelector<HTMLImageElement>('[data-testid="clinic-logo"]');
          return !!img && img.complete && img.naturalWidth > 0;
        });
        expect(await logo.getAttribute('alt'), where).toBe('Sunrise Physio Berlin');
        const box = (await logo.boundingBox())!;
        expect(box.height, where).toBe(40);
        expect(box.width, where).toBeGreaterThan(100);
        expect(box.width, where).toBeLessThanOrEqual(160);
        // At the start of the line: left in English, right in Arabic.
        const main = (await page.locator('main .clinic-brand-bar').boundingBox())!;
        if (run.locale === 'ar') expect(Math.abs(box.x + box.width - (main.x + main.width)), where).toBeLessThan(2);
        else expect(Math.abs(box.x - main.x), where).toBeLessThan(2);

        // The form is ready (the packages arrived) and the check is done: nothing says so.
        const cont = page.locator('form button[type="submit"]');
        await page.getByRole('option', { name: /Consultation/ }).waitFor({ state: 'attached' });
        // The check starts with the visitor's first input (issue 36).
        await page.keyboard.press('Tab');
        await page.locator('.challenge-status[data-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
        expect(await page.getByText('Connection checked.').count(), where).toBe(0);
        expect(await page.getByText(/Connection checked|تم التحقق من الاتصال/).count(), where).toBe(0);
        expect((await page.locator('.challenge-status').textContent())?.trim(), where).toBe('');

        // The button in the clinic's colour, its text readable on it (WCAG AA).
        const colours = await cont.evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, fg: getComputedStyle(el).color }));
        expect(colours.bg, where).toBe(rgb(run.color));
        expect(contrastRatio(hexOf(colours.bg), hexOf(colours.fg)), where).toBeGreaterThanOrEqual(4.5);
        if (run.color === '#ffe14d') expect(colours.fg, where).toBe('rgb(0, 0, 0)');

        // 0 as Lighthouse reports CLS (three decimals): once in a loaded CI run a shift of 0.0004 came that
        // no run here repeats; the message names what moved, should one come again.
        const shift = await layoutShifts(page);
        expect(shift.total, `${where}: ${shift.moved.join('; ')}`).toBeLessThan(0.0005);
        expect(errors, where).toEqual([]);
        await page.screenshot({ path: `test-results/e2e/clinic-brand-${run.width}-${run.colorScheme}-${run.locale}.png` });
      } catch (error) {
        await page.screenshot({ path: `test-results/e2e/clinic-brand-failed-${run.width}-${run.colorScheme}-${run.locale}.png`, fullPage: true }).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    }
  });
});
