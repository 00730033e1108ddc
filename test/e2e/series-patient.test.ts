// A patient books a series on the booking page (issue 37.1), in Chromium at a phone's 390 px (in Arabic,
// right to left) and a laptop's 1366 px (in English): after choosing a time they tick "Repeat this visit",
// 4 visits every week; week 2's time is taken by another patient, so it is listed with that week's free
// times and they pick one; the page says the total and what is paid now (4 × the price, the whole course
// up front), they pay it on the local Stripe stand-in (same tab), and the confirmation lists the 4 times.
import type { Browser, Page } from 'playwright-core';
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
  // One Checkout for the whole course, in this tab.
  await detailsToCheckout(page, patient);
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

/** A clinic open every day 08:00-18:00 in hour slots; its $50 package booked as a series, paid as `payment` says. */
async function seriesClinic(tag: string, payment: Record<string, unknown>, series: Record<string, unknown>) {
  const { token } = await newClinicOwner(tag, { name: `${tag} Physio`, legalName: `${tag} Physio LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567', timeZone: ZONE });
  const hours = [{ start: '08:00', end: '18:00' }];
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours: Object.fromEntries(WEEK.map((d) => [d, hours])), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 120 } });
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Physiotherapy', packagePrice: 50, ...payment } });
  await call('PUT', `/bookings/packages/${pkg.id}`, { token, body: { allowSeries: true, seriesMaxVisits: 6, ...series } });
  const { apiKey } = await call('GET', '/organization/integration', { token });
  return { apiKey: apiKey as string, packageId: pkg.id as string };
}

/**
 * Chooses 4 weekly visits from `start` at 10:00 and Continues to the stand-in's Checkout; the cost line
 * said before going is returned.
 */
async function toCheckout(page: Page, apiKey: string, packageId: string, start: string, patient: string) {
  await page.goto(appUrl(`/booking/${apiKey}?lang=en&package=${packageId}&date=${start}&time=10:00`));
  const step = page.getByTestId('series-step');
  await step.getByLabel('Repeat this visit').check();
  await expect.poll(() => step.getByTestId('series-visit').count(), { timeout: 10_000 }).toBe(4);
  const cost = step.getByTestId('series-cost');
  await expect.poll(() => cost.locator('p').first().textContent(), { timeout: 10_000 }).toBe('4 visits: $200.00 in total');
  const said = (await cost.textContent()) ?? '';
  await detailsToCheckout(page, patient);
  return said;
}

/** The patient's details filled in and sent: the page goes on to the stand-in's Checkout. */
async function detailsToCheckout(page: Page, patient: string) {
  await page.locator('#firstName').fill('Rita');
  await page.locator('#lastName').fill('Course');
  await page.locator('#email').fill(patient);
  await page.locator('#phoneNumber').fill('+15552223333');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL('**/local/checkout/**');
}

/** The confirmation's calendar file, as the browser saves it: its name and every visit's start (UTC). */
async function calendarFile(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
  const path = await download.path();
  const ics = (await import('node:fs')).readFileSync(path, 'utf8');
  return { name: download.suggestedFilename(), starts: [...ics.matchAll(/^DTSTART:(\d{8}T\d{6}Z)/gm)].map((m) => m[1]), events: ics.match(/^BEGIN:VEVENT/gm)?.length ?? 0 };
}

/** 10:00 in the clinic's zone on each of 4 weekly dates from `start`, as the .ics writes UTC ('20300115T150000Z'). */
const weeklyStarts = (start: string) =>
  [0, 1, 2, 3].map((w) => DateTime.fromISO(`${start}T10:00`, { zone: ZONE }).plus({ weeks: w }).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'"));

describe('a patient books a series on the booking page (issue 37.1)', () => {
  it('4 weekly visits, one taken week replaced, the course paid, at 390 px in Arabic', { timeout: 30_000 }, () => bookCourse(390, 'ar'));
  it('the same at 1366 px in English', { timeout: 30_000 }, () => bookCourse(1366, 'en'));

  it('a deposit course (back from Checkout with the back button, then paid) at 390 px, and a card-held series in dark mode at 1366 px', { timeout: 60_000 }, async () => {
    const start = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
    const deposit = await seriesClinic('deposit', { paymentMode: 'deposit', depositPercent: 20 }, { seriesPayment: 'course' });
    const phone = await newContext(browser, { width: 390, height: 900 });
    const page = phone.page;
    const patient = uniqueEmail('deposits');
    expect(await toCheckout(page, deposit.apiKey, deposit.packageId, start, patient)).toContain('To pay now by card: 4 deposits × $10.00 = $40.00. The rest is paid at each visit: $40.00.');
    const checkoutUrl = page.url();

    // The back button instead of paying: the page says the whole series is waiting, and offers to go on.
    await page.goBack();
    const waiting = page.getByRole('region', { name: 'Booking waiting for payment' });
    // 'Tue, March 5 at 10:00 AM' (the 'at' as the browser's Intl writes it).
    const day = DateTime.fromISO(start, { zone: ZONE }).setLocale('en-US').toFormat('ccc, MMMM d');
    await expect.poll(() => waiting.locator('p').first().textContent(), { timeout: 10_000 }).toMatch(new RegExp(`^Your 4 visits of Physiotherapy, every week from ${day},? (at )?10:00\\sAM, are waiting for payment\\.`));
    await page.screenshot({ path: '.cache/series-patient-shots/back-waiting-390.png', fullPage: true });
    // The form below is the series as sent (its step ticked again): its own Continue resumes the series'
    // checkout, not one visit (the notice's 'Continue to payment' does the same: pending-hold.test.tsx).
    await expect.poll(() => page.getByTestId('series-step').getByLabel('Repeat this visit').isChecked(), { timeout: 10_000 }).toBe(true);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(checkoutUrl);
    await page.getByLabel('Email').fill(patient);
    await page.getByRole('button', { name: 'Pay $40.00' }).click();
    await page.waitForURL(/payment=success/);
    const paid = page.getByTestId('payment-summary');
    await expect.poll(() => paid.textContent(), { timeout: 15_000 }).toContain('Paid by card: 4 deposits, $40.00 in total');
    expect(await paid.textContent()).toContain('To pay at the clinic at each visit: $40.00');
    expect(await page.getByTestId('series-confirmed-visits').getByRole('listitem').count()).toBe(4);
    const file = await calendarFile(page);
    expect(file).toEqual({ name: 'deposit-physio-visits.ics', starts: weeklyStarts(start), events: 4 });
    await page.screenshot({ path: '.cache/series-patient-shots/deposit-confirmed-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    const card = await seriesClinic('cardheld', { paymentMode: 'card_on_file', noShowFee: 30 }, { seriesPayment: 'per_visit' });
    const laptop = await newContext(browser, { width: 1366, height: 900, colorScheme: 'dark' });
    expect(await toCheckout(laptop.page, card.apiKey, card.packageId, start, uniqueEmail('cardheld'))).toContain('Nothing is charged now: your card is saved once for all your visits. Each visit ($50.00) is paid at the clinic.');
    await laptop.page.getByRole('button', { name: 'Save card' }).click();
    await laptop.page.waitForURL(/payment=success/);
    const held = laptop.page.getByTestId('payment-summary');
    await expect.poll(() => held.textContent(), { timeout: 15_000 }).toContain('Nothing is paid online.');
    expect(await held.textContent()).toContain('To pay at the clinic at each visit: $50.00');
    expect(await held.textContent()).toContain('Card held: Visa ending in 4242');
    expect((await calendarFile(laptop.page)).starts).toEqual(weeklyStarts(start));
    await laptop.page.screenshot({ path: '.cache/series-patient-shots/card-confirmed-1366-dark.png', fullPage: true });
    expect(laptop.errors).toEqual([]);
    await laptop.context.close();
  });
});
