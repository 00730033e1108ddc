// Issue 34.6 (the staff console's smaller things) in Chromium, at a phone's 390 px (dark) and a laptop's
// 1366 px (light): a practitioner's holiday entered as one range and Monday's hours copied to every
// weekday, saved and shown again as entered; the reports page's practitioners as one table with a row
// of totals. Lean: the clinic is made over the API, one flow per width.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext } from './browser';
import { call, newClinicOwner, signIn } from './owner-with-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const nineToFive = [{ start: '09:00', end: '17:00' }];
const week = { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive, saturday: [], sunday: [] };

/** A new clinic (its website typed without https://) with two practitioners. */
async function clinic(tag: string) {
  const { token } = await newClinicOwner(tag, { name: `${tag} Physio`, legalName: `${tag} Physio LLC`, websiteUrl: 'www.physio.example.com', phoneNumber: '+15551234567' });
  const ana = await call('POST', '/practitioners', { token, body: { name: 'Ana Ruiz', title: 'Physiotherapist', weeklyHours: week } });
  await call('POST', '/practitioners', { token, body: { name: 'Ben Okafor', title: 'Physiotherapist', weeklyHours: week } });
  return { token, ana: ana.id as string };
}

describe('the console, issue 34.6', () => {
  for (const [width, colorScheme] of [[390, 'dark'], [1366, 'light']] as const) {
    it(`at ${width} px (${colorScheme}): a holiday as one range, Monday's hours to every weekday, the practitioners report with totals`, async () => {
      const { token, ana } = await clinic(`small${width}`);
      expect((await call('GET', '/organization/profile', { token })).websiteUrl).toBe('https://www.physio.example.com');
      const { context, page, errors } = await newContext(browser, { width, height: 900, colorScheme });
      await signIn(context, token);

      await page.goto(appUrl(`/bookings/practitioners/${ana}`));
      await page.getByRole('button', { name: /Add exception/ }).click();
      const row = page.getByRole('listitem', { name: 'Exception 1' });
      // Nothing in red before anything is typed.
      await expect.poll(() => row.locator('.invalid-feedback').count()).toBe(0);
      await page.getByLabel('First date of exception 1').fill('2030-07-29');
      await page.getByLabel('Last date of exception 1').fill('2030-08-02');
      await page.getByLabel('Note of exception 1').fill('Summer holiday');
      await row.getByText('(5 days)').waitFor();

      const monday = page.getByRole('group', { name: 'Monday' });
      await monday.getByLabel('Monday ends').fill('13:00');
      await monday.getByRole('button', { name: "Copy to all weekdays: Monday's hours" }).click();
      await expect.poll(() => page.getByRole('group', { name: 'Friday' }).getByLabel('Friday ends').inputValue()).toBe('13:00');
      await page.screenshot({ path: `test-results/e2e/console-small-practitioner-${width}-${colorScheme}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('heading', { name: 'Practitioners' }).first().waitFor();

      const saved = await call('GET', `/practitioners/${ana}`, { token });
      expect(saved.exceptions.map((e: { date: string }) => e.date)).toEqual(['2030-07-29', '2030-07-30', '2030-07-31', '2030-08-01', '2030-08-02']);
      expect(saved.weeklyHours.thursday).toEqual([{ start: '09:00', end: '13:00' }]);
      expect(saved.weeklyHours.saturday).toEqual([]);
      // Opened again: one entry, as it was typed.
      await page.goto(appUrl(`/bookings/practitioners/${ana}`));
      expect(await page.getByLabel('Last date of exception 1').inputValue()).toBe('2030-08-02');
      expect(await page.getByLabel('First date of exception 2').count()).toBe(0);

      await page.goto(appUrl('/crafted/widgets/reports'));
      const section = page.getByRole('region', { name: 'Practitioners' });
      // (Located by markup: at 390 px the table is a stack of cards, which Chromium no longer calls a table.)
      const table = section.locator('table[aria-label^="Practitioners, "]');
      await table.locator('tfoot').getByText('All practitioners').waitFor();
      expect(await table.locator('tbody tr').count()).toBe(2);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `test-results/e2e/console-small-reports-${width}-${colorScheme}.png` });
      // The section fits the screen: no sideways scrolling of the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
