// Issue 34 in Chromium, at a phone's and a desktop's width: a patient books, cancels at the (local)
// Checkout, which opens in the same tab, and comes back to the page with their details still filled in
// and no "booking waiting for payment" lock-out; chooses another time, leaves Checkout with the back
// button and resumes paying from the page; pays and sees the confirmation. In Spanish (?lang=es on an
// English browser) the way back, the confirmation screen and the manage link of the mail stay Spanish.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/messages/en.json';
import es from '../../web/src/i18n/messages/es.json';
import { SERVER_CATALOGUES } from '../../functions/lib/i18n/catalogues';
import { appUrl, launch, mailsTo, newContext, uniqueEmail } from './browser';
import { call, newClinicWithKey } from './owner-with-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A clinic with a visit, its API key, and a date with at least two free times. */
async function newClinic(tag: string) {
  const { apiKey, token } = await newClinicWithKey(tag);
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Visit', packagePrice: 60 } });
  for (let days = 2; days < 14; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const day = await call('POST', '/bookings/available-slots', { body: { apiKey, date, packageId: pkg.id } });
    if ((day?.slots?.length ?? 0) >= 2) return { apiKey, date };
  }
  throw new Error('No date with two free times');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field's label, exactly (a required field's label ends with a star). */
const field = (label: string) => new RegExp(`^${escape(label)}\\*?$`);
const documentLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Chooses the `n`th free time of the date and waits until it shows chosen. */
async function chooseTime(page: Page, texts: typeof en, n: number) {
  const button = page.getByRole('region', { name: texts['booking.availableTimes'] }).getByRole('button').nth(n);
  await button.waitFor();
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
}

describe('back from Checkout without paying (issue 34)', () => {
  it.each([
    { width: 390, height: 844, lang: 'es' as const, texts: es, colorScheme: 'dark' as const },
    { width: 1366, height: 900, lang: 'en' as const, texts: en, colorScheme: 'light' as const },
  ])('$width px, $lang, $colorScheme: cancel, choose another time, back button, resume, pay, confirmation and manage link', async ({ width, height, lang, texts, colorScheme }) => {
    const { apiKey, date } = await newClinic(`back${lang}`);
    const visitor = uniqueEmail(`back-${lang}`);
    // An English browser: only the page's ?lang= asks for Spanish.
    const { context, page, errors } = await newContext(browser, { width, height, colorScheme });
    await page.goto(appUrl(`/booking/${apiKey}${lang === 'en' ? '' : `?lang=${lang}`}`));
    await page.getByRole('heading', { level: 1, name: texts['booking.title'] }).waitFor();
    await page.getByLabel(field(texts['booking.package'])).selectOption({ label: 'Visit' });
    await page.getByLabel(field(texts['booking.firstName'])).fill('Pat');
    await page.getByLabel(field(texts['booking.lastName'])).fill('Visitor');
    await page.getByLabel(field(texts['booking.email'])).fill(visitor);
    await page.getByLabel(field(texts['booking.phone'])).fill('+15551234567');
    // The day in the month view (the only way to choose one), on the next month's page when it falls there.
    const month = page.getByRole('region', { name: texts['booking.month.freeDays'] });
    await month.locator('button[data-date]:not([disabled])').first().waitFor();
    if (!(await month.locator(`button[data-date="${date}"]`).count())) await month.getByRole('button', { name: texts['booking.month.next'] }).click();
    await month.locator(`button[data-date="${date}"]:not([disabled])`).click();
    await chooseTime(page, texts, 0);

    // Checkout opens in this tab (no popup), and "Cancel and return" comes back to the page.
    await page.getByRole('button', { name: texts['booking.continue'], exact: true }).click();
    await page.waitForURL('**/local/checkout/**');
    expect(context.pages()).toHaveLength(1);
    await page.getByRole('link', { name: 'Cancel and return' }).click();
    await page.waitForURL(/payment=cancelled/);
    await page.getByText(texts['booking.paymentCancelled']).waitFor();
    expect(await documentLanguage(page)).toBe(lang);
    // Given back at once: nothing is left waiting for payment.
    await expect.poll(() => page.getByRole('region', { name: texts['booking.pending.label'] }).count(), { timeout: 15_000 }).toBe(0);
    // The release token is gone from the address; the details are still filled in.
    await expect.poll(() => new URL(page.url()).searchParams.get('release')).toBeNull();
    expect(new URL(page.url()).searchParams.get('lang')).toBe(lang);
    await expect.poll(() => page.getByLabel(field(texts['booking.email'])).inputValue()).toBe(visitor);
    expect(await page.getByLabel(field(texts['booking.firstName'])).inputValue()).toBe('Pat');
    expect(await page.getByLabel(field(texts['booking.phone'])).inputValue()).toBe('+15551234567');

    // Another time, at once: no "waiting for payment" refusal.
    await chooseTime(page, texts, 1);
    await page.getByRole('button', { name: texts['booking.continue'], exact: true }).click();
    await page.waitForURL('**/local/checkout/**');
    const checkoutUrl = page.url();

    // The browser's back button: the page offers the hold waiting for payment; resuming opens the same checkout.
    await page.goBack();
    const pending = page.getByRole('region', { name: texts['booking.pending.label'] });
    await pending.waitFor();
    // Only what to do now: not the earlier "payment not completed" of this address beside it.
    expect(await page.getByText(texts['booking.paymentCancelled']).count()).toBe(0);
    await page.screenshot({ path: `test-results/e2e/checkout-return-pending-${width}-${lang}.png`, fullPage: true });
    await pending.getByRole('button', { name: texts['booking.pending.pay'] }).click();
    await page.waitForURL(checkoutUrl);

    await page.getByLabel('Email').fill(visitor);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/payment=success/);
    expect(new URL(page.url()).searchParams.get('lang')).toBe(lang);
    await page.getByRole('heading', { name: texts['confirmation.title'] }).waitFor({ timeout: 30_000 });
    expect(await documentLanguage(page)).toBe(lang);
    await page.screenshot({ path: `test-results/e2e/checkout-return-confirmed-${width}-${lang}.png`, fullPage: true });

    // The mail in the patient's language; its manage link opens the manage page in it, on this English browser.
    const subject = SERVER_CATALOGUES[lang]['confirm.subject'].split('{')[0];
    await expect.poll(async () => (await mailsTo(visitor)).map((m) => m.subject).find((s) => s.startsWith(subject)), { timeout: 15_000 }).toBeDefined();
    const mail = (await mailsTo(visitor)).find((m) => m.subject.startsWith(subject))!;
    const manage = new URL(/https?:\/\/\S+\/manage\S*#[A-Za-z0-9_-]{43}/.exec(mail.body.text!)![0]);
    expect(manage.searchParams.get('lang')).toBe(lang);
    await page.goto(appUrl(manage.pathname + manage.search + manage.hash));
    await page.getByRole('heading', { level: 1, name: texts['manage.booking'] }).waitFor();
    expect(await documentLanguage(page)).toBe(lang);

    expect(errors).toEqual([]);
    await context.close();
  });
});
