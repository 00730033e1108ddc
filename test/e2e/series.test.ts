// A series of visits end to end in Chromium (issue 37), at a phone's 390 px and a laptop's 1366 px: staff
// book an 8-week series for a patient from the console; week 4 is taken by another patient, so the check
// lists it "Taken" with the nearest free time of that week chosen instead; booking takes all 8 visits and
// the series page lists them, the replaced week at its alternative time.
import type { Browser } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, uniqueEmail } from './browser';
import { call, newClinicOwner } from './owner-with-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ZONE = 'America/New_York';
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A clinic open every day 08:00-18:00 in 60-minute slots, one place each, and a package; week 4's 10:00 taken. */
async function clinicWithTakenWeek(tag: string, start: string) {
  const { token } = await newClinicOwner(tag, { name: `${tag} Physio`, legalName: `${tag} Physio LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567', timeZone: ZONE });
  const hours = [{ start: '08:00', end: '18:00' }];
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours: Object.fromEntries(WEEK.map((d) => [d, hours])), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 120 } });
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Physiotherapy', packagePrice: 60 } });
  const week4 = DateTime.fromISO(start).plus({ weeks: 3 }).toISODate()!;
  const other = { packageId: pkg.id, firstName: 'Other', lastName: 'Patient', email: uniqueEmail('other'), phoneNumber: '+15550001111', startDate: week4, time: '10:00', everyWeeks: 1, count: 2 };
  await call('POST', '/bookings/series', { token, body: { ...other, visits: [{ date: week4, time: '10:00' }, { date: DateTime.fromISO(week4).plus({ weeks: 1 }).toISODate(), time: '16:00' }] } });
  return { token, week4 };
}

describe('a series of visits (issue 37)', () => {
  for (const width of [390, 1366]) {
    it(`staff book an 8-week series with one taken week at ${width} px`, async () => {
      const now = DateTime.now().setZone(ZONE);
      const start = now.plus({ days: ((2 - now.weekday + 7) % 7) + 7 }).toISODate()!; // a Tuesday 1-2 weeks ahead
      const { token, week4 } = await clinicWithTakenWeek(`series${width}`, start);
      const { context, page, errors } = await newContext(browser, { width, height: 900 });
      const { hostname } = new URL(appUrl());
      await context.addCookies([{ name: 'token', value: token, domain: hostname, path: '/', sameSite: 'Strict', httpOnly: false, secure: false }]);
      await page.goto(appUrl('/bookings/series/new'));
      await page.getByRole('heading', { name: 'Book a series of visits' }).waitFor();
      await page.getByLabel('Package', { exact: true }).selectOption({ label: 'Physiotherapy' });
      await page.getByLabel('First name', { exact: true }).fill('Rita');
      await page.getByLabel('Last name', { exact: true }).fill('Course');
      const patient = uniqueEmail('rita');
      await page.getByLabel('Email', { exact: true }).fill(patient);
      await page.getByLabel('Phone number', { exact: true }).fill('+15552223333');
      await page.getByLabel('First visit', { exact: true }).fill(start);
      await page.getByLabel('Time', { exact: true }).fill('10:00');
      await page.getByLabel('Visits', { exact: true }).fill('8');
      await page.getByRole('button', { name: 'Check times' }).click();

      await page.getByText('8 visits · 7 free · 1 to choose').waitFor();
      const rows = page.getByTestId('series-visit');
      expect(await rows.count()).toBe(8);
      expect(await rows.nth(3).getByText('Taken').count()).toBe(1);
      // The taken week offers its nearest free time instead (09:00 that day), chosen already.
      const choice = rows.nth(3).getByRole('combobox', { name: 'Visit 4' });
      expect(await choice.locator('option:checked').textContent()).toMatch(/^Instead: .*9:00 AM/);
      await page.screenshot({ path: `.cache/series-check-${width}.png`, fullPage: true });
      // Nothing fits off the page at a phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.getByRole('button', { name: 'Book 8 visits' }).click();
      await page.getByRole('heading', { name: 'Rita Course: Physiotherapy' }).waitFor();
      const visits = page.getByTestId('series-visit');
      expect(await visits.count()).toBe(8);
      expect(await visits.getByText('Confirmed').count()).toBe(8);
      await page.screenshot({ path: `.cache/series-page-${width}.png`, fullPage: true });

      const id = new URL(page.url()).pathname.split('/').pop()!;
      const series = await call('GET', `/bookings/series/${id}`, { token });
      const local = series.visits.map((v: { startUtc: string }) => DateTime.fromISO(v.startUtc).setZone(ZONE).toFormat('yyyy-MM-dd HH:mm'));
      expect(local).toHaveLength(8);
      expect(local[3]).toBe(`${week4} 09:00`);
      expect(local.filter((t: string) => t.endsWith('10:00'))).toHaveLength(7);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
