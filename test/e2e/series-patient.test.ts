// A patient books a series on the booking page (issue 37.1), in Chromium at a phone's 390 px (in Arabic,
// right to left) and a laptop's 1366 px (in English): after choosing a time they tick "Repeat this visit",
// 4 visits every week; week 2's time is taken by another patient, so it is listed with that week's free
// times and they pick one; the page says the total and what is paid now (4 × the price, the whole course
// up front), they pay it on the local Stripe stand-in (same tab), and the confirmation lists the 4 times.
import type { Browser } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext, uniqueEmail } from './browser';
import { call, newClinicOwner } from './owner-with-data';

const ZONE = 'America/New_York';
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A clinic open every day 08:00-18:00 in hour slots, one place each; its $50 package booked as a course; week 2's 10:00 taken. */
async function courseClinic(tag: string, start: string) {
  const { token } = await newClinicOwner(tag, { name: `${tag} Physio`, legalName: `${tag} Physio LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567', timeZone: ZONE });
  const hours = [{ start: '08:00', end: '18:00' }];
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours: Object.fromEntries(WEEK.map((d) => [d, hours])), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 120 } });
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Physiotherapy', packagePrice: 50 } });
  await call('PUT', `/bookings/packages/${pkg.id}`, { token, body: { allowSeries: true, seriesPayment: 'course', seriesMaxVisits: 6 } });
  const { apiKey } = await call('GET', '/organization/integration', { token });
  const week2 = DateTime.fromISO(start).plus({ weeks: 1 }).toISODate()!;
  await call('POST', '/bookings/create-booking', { body: { apiKey, packageId: pkg.id, firstName: 'Other', lastName: 'Patient', email: uniqueEmail('other'), phoneNumber: '+15550001111', bookingDate: week2, bookingTime: '10:00' } });
  return { apiKey, packageId: pkg.id as string, week2 };
}

async function bookCourse(width: number, lang: 'en' | 'ar') {
  const start = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
  const { apiKey, packageId, week2 } = await courseClinic(`course${width}`, start);
  const { context, page, errors } = await newContext(browser, { width, height: 900 });
  const ar = lang === 'ar';
  const text = (en: string, arabic: string) => (ar ? arabic : en);
  await page.goto(appUrl(`/booking/${apiKey}?lang=${lang}&package=${packageId}&date=${start}&time=10:00`));
  if (ar) expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

  const step = page.getByTestId('series-step');
  await step.getByLabel(text('Repeat this visit', 'كرّر هذه الزيارة')).check();
  const visits = step.getByTestId('series-visit');
  // The step's own chunk, then the server's preview.
  await expect.poll(() => visits.count(), { timeout: 10_000 }).toBe(4);
  // Week 2 is taken: left out until a time that week is picked, and the total says 3 visits.
  const taken = visits.nth(1);
  await taken.getByText(text('This time is taken.', 'هذا الموعد محجوز'), { exact: false }).waitFor();
  const cost = step.getByTestId('series-cost');
  const total = () => cost.locator('p').first().textContent();
  // Arabic writes its numbers in Arabic-Indic digits or Latin ones, as the browser's Intl does.
  await expect.poll(total, { timeout: 10_000 }).toMatch(ar ? /[3٣]/ : /^3 visits: \$150\.00 in total$/);
  const alternatives = taken.getByRole('radio');
  expect(await alternatives.count()).toBeGreaterThanOrEqual(2); // at least one alternative, and "leave out"
  expect(await alternatives.last().isChecked()).toBe(true);
  await alternatives.first().check();
  await expect.poll(total).toMatch(ar ? /[4٤]/ : /^4 visits: \$200\.00 in total$/);
  if (!ar) await cost.getByText('To pay now by card for the whole course: 4 × $50.00 = $200.00').waitFor();
  await page.screenshot({ path: `.cache/series-patient-shots/step-${width}-${lang}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const patient = uniqueEmail('course');
  await page.locator('#firstName').fill('Rita');
  await page.locator('#lastName').fill('Course');
  await page.locator('#email').fill(patient);
  await page.locator('#phoneNumber').fill('+15552223333');
  await page.locator('form button[type="submit"]').click();

  // One Checkout for the whole course, in this tab.
  await page.waitForURL('**/local/checkout/**');
  await page.getByLabel('Email').fill(patient);
  await page.getByRole('button', { name: 'Pay $200.00' }).click();
  await page.waitForURL(/payment=success/);
  const listed = page.getByTestId('series-confirmed-visits').getByRole('listitem');
  await expect.poll(() => listed.count(), { timeout: 15_000 }).toBe(4);
  const times = await listed.allTextContents();
  // Weeks 1, 3 and 4 at 10:00; week 2 at the alternative picked (another hour that week).
  expect(times.filter((t) => (ar ? /(١٠|10):(٠٠|00)/ : /10:00 AM/).test(t))).toHaveLength(3);
  await page.screenshot({ path: `.cache/series-patient-shots/confirmed-${width}-${lang}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
  return week2;
}

describe('a patient books a series on the booking page (issue 37.1)', () => {
  it('4 weekly visits, one taken week replaced, the course paid, at 390 px in Arabic', { timeout: 30_000 }, () => bookCourse(390, 'ar'));
  it('the same at 1366 px in English', { timeout: 30_000 }, () => bookCourse(1366, 'en'));
});
