// Start times on the public booking page (issue 34, point 5), in Chromium at a phone's 390 px and a
// laptop's 1366 px: a 50-minute package with a 10-minute buffer after offers one start an hour (09:00,
// 10:00, 11:00: not 09:50, which would leave ten minutes nobody can book after each visit), for one
// practitioner and for "Anyone available" over two whose days start half an hour apart (one grid, not
// both interleaved).
import type { Browser } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext } from './browser';
import { call, newClinicOwner } from './owner-with-data';

const ZONE = 'America/New_York';
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const field = (label: string) => new RegExp(`^${label}\\*?$`);

let browser: Browser;
let apiKey: string;

/** A clinic with Ana working 09:00-13:00 and Ben 09:30-13:30, both offering 50 minutes with 10 after. */
async function clinic() {
  const { token } = await newClinicOwner('grid', { name: 'Grid Physio', legalName: 'Grid Physio LLC', websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567', timeZone: ZONE });
  const week = (start: string, end: string) => Object.fromEntries(WEEK.map((d) => [d, [{ start, end }]]));
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours: week('09:00', '17:00'), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 90 } });
  const ana = await call('POST', '/practitioners', { token, body: { name: 'Ana Ruiz', title: 'Physiotherapist', weeklyHours: week('09:00', '13:00') } });
  const ben = await call('POST', '/practitioners', { token, body: { name: 'Ben Okafor', title: 'Physiotherapist', weeklyHours: week('09:30', '13:30') } });
  await call('POST', '/bookings/packages', { token, body: { packageName: 'First visit', packagePrice: 80, durationMinutes: 50, bufferAfterMinutes: 10, practitionerIds: [ana.id, ben.id] } });
  return (await call('GET', '/organization/integration', { token })).apiKey as string;
}

beforeAll(async () => {
  [browser, apiKey] = await Promise.all([launch(), clinic()]);
});
afterAll(async () => {
  await browser?.close();
});

describe('start times on the booking page (issue 34)', () => {
  for (const width of [390, 1366]) {
    it(`at ${width} px a 50-minute visit with a 10-minute buffer starts every hour, for one practitioner and for "anyone"`, async () => {
      const { context, page, errors } = await newContext(browser, { width, height: 900 });
      await page.goto(appUrl(`/booking/${apiKey}`));
      await page.getByLabel(field('Package')).selectOption({ label: 'First visit' });
      const date = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
      const days = page.getByRole('region', { name: 'Free days' });
      const times = page.getByRole('region', { name: 'Available times' });
      /** Chooses who, then the date: the times listed become `expected` (without the zone: '9:00 AM'). */
      const expectTimes = async (who: RegExp, expected: string[]) => {
        await page.getByRole('radio', { name: who }).check();
        await days.locator('button[data-date]:not([disabled])').first().waitFor();
        if (!(await days.locator(`button[data-date="${date}"]`).count())) await days.getByRole('button', { name: 'Next month' }).click();
        await days.locator(`button[data-date="${date}"]:not([disabled])`).click();
        const listed = async () => (await times.getByRole('button').allTextContents()).map((t) => t.replace(/\s+/g, ' ').replace(/ E[SD]T$/, ''));
        await expect.poll(listed, { timeout: 15_000 }).toEqual(expected);
      };
      await expectTimes(/Ana Ruiz/, ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM']);
      await expectTimes(/Ben Okafor/, ['9:30 AM', '10:30 AM', '11:30 AM', '12:30 PM']);
      // One grid: Ana's (the earliest), not both people's interleaved (9:00, 9:30, 10:00, 10:30, ...).
      await expectTimes(/Anyone available/, ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
