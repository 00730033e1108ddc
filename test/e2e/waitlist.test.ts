// Issue 37, the waitlist as a patient meets it, in Chromium at a phone's 390 px (in Spanish, ?lang=es on
// an English browser) and a laptop's 1366 px (in English): the clinic has one time a day; patient B has
// booked the day patient A wants, so A finds it full on the booking page and joins the waitlist (the
// page's challenge solved in the background). B cancels with their manage link; the freed time is held
// for A and the offer mail reaches A, in A's language. A opens its link: the offered time is shown and
// held, A pays it on the local Stripe stand-in and sees the confirmation. Staff's waitlist page shows
// the freed time filled and the offer booked.
import type { Browser, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/messages/en.json';
import es from '../../web/src/i18n/messages/es.json';
import { SERVER_CATALOGUES } from '../../functions/lib/i18n/catalogues';
import { appUrl, launch, mailsTo, newContext, uniqueEmail } from './browser';
import type { Mail } from '../support/api';
import { call, newClinicOwner, signIn } from './owner-with-data';

const ZONE = 'America/New_York';
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The first mail to `address` whose text has `pattern`, and that match (waits up to 15 s). */
async function linkIn(address: string, pattern: RegExp): Promise<{ mail: Mail; url: URL }> {
  let found: { mail: Mail; url: URL } | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(address)) {
          const match = pattern.exec(mail.body?.text ?? '');
          if (match) found = { mail, url: new URL(match[0]) };
        }
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
/** The same path on the stack the tests talk to. */
const onStack = (url: URL) => appUrl(url.pathname + url.search + url.hash);

/** A clinic open 10:00-11:00 every day (one 60-minute time, one place), a package, and B's paid booking of day `date`. */
async function clinicWithFullDay(tag: string, date: string) {
  const { token } = await newClinicOwner(tag, { name: `${tag} Physio`, legalName: `${tag} Physio LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567', timeZone: ZONE });
  const hours = [{ start: '10:00', end: '11:00' }];
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours: Object.fromEntries(WEEK.map((d) => [d, hours])), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 60 } });
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Physiotherapy', packagePrice: 60 } });
  const { apiKey } = await call('GET', '/organization/integration', { token });
  const b = uniqueEmail('b-patient');
  const held = await call('POST', '/bookings/create-booking', { body: { apiKey, packageId: pkg.id, firstName: 'Bea', lastName: 'Booked', email: b, phoneNumber: '+15550002222', bookingDate: date, bookingTime: '10:00' } });
  await fetch(`${held.checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: b, name: 'Bea Booked' }).toString(), redirect: 'manual' });
  return { token, apiKey: apiKey as string, packageId: pkg.id as string, b };
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the waitlist as a patient meets it (issue 37)', () => {
  it.each([
    { width: 390, height: 844, lang: 'es' as const, texts: es },
    { width: 1366, height: 900, lang: 'en' as const, texts: en },
  ])('$width px, $lang: A joins on a full day, B cancels, A books the offered time from the mail', { timeout: 60_000 }, async ({ width, height, lang, texts }) => {
    const date = DateTime.now().setZone(ZONE).plus({ days: 2 }).toISODate()!;
    const clinic = await clinicWithFullDay(`wait${lang}`, date);
    const a = uniqueEmail(`a-${lang}`);

    // A: the day is full on the booking page; A joins the waitlist, on every day.
    const { context, page, errors } = await newContext(browser, { width, height });
    await page.goto(appUrl(`/booking/${clinic.apiKey}?package=${encodeURIComponent(clinic.packageId)}${lang === 'en' ? '' : `&lang=${lang}`}`));
    const month = page.getByRole('region', { name: texts['booking.month.freeDays'] });
    await month.locator('button[data-date]:not([disabled])').first().waitFor();
    const day = month.locator(`button[data-date="${date}"]`);
    if (await day.count()) expect(await day.isDisabled()).toBe(true);
    await page.getByRole('button', { name: texts['waitlist.open'] }).click();
    const form = page.getByTestId('waitlist-form');
    for (const d of [1, 2, 3, 4, 5, 6, 7]) if (!(await form.locator(`#wl-day-${d}`).isChecked())) await form.locator(`label[for="wl-day-${d}"]`).click();
    await form.locator('#wl-firstName').fill('Ana');
    await form.locator('#wl-lastName').fill('Waiting');
    await form.locator('#wl-email').fill('not-an-email');
    await form.locator('#wl-phoneNumber').fill('+15550003333');
    // A mistake is refused under its field, in the page's language.
    await form.getByRole('button', { name: texts['waitlist.join'] }).click();
    await form.getByText(texts['validation.email']).waitFor();
    await form.locator('#wl-email').fill(a);
    await form.getByRole('button', { name: texts['waitlist.join'] }).click();
    await page.getByTestId('waitlist-joined').waitFor({ timeout: 15_000 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // B cancels with the manage link of their confirmation.
    const manage = await linkIn(clinic.b, /https?:\/\/\S+\/manage\S*#[A-Za-z0-9_-]{43}/);
    const b = await newContext(browser, { width: 390, height: 844 });
    await b.page.goto(onStack(manage.url));
    await b.page.getByRole('button', { name: 'Cancel booking' }).click();
    await b.page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await b.page.getByText('Your booking is cancelled.').waitFor();
    expect(b.errors).toEqual([]);
    await b.context.close();

    // The offer reaches A, in A's language, with the time held for them.
    const offer = await linkIn(a, /https?:\/\/\S+waitlistOffer=\S+/);
    const server = SERVER_CATALOGUES[lang];
    expect(offer.mail.subject.startsWith(server['waitlist.offerSubject'].split('{')[0])).toBe(true);
    expect(offer.url.searchParams.get('lang')).toBe(lang);
    await page.goto(onStack(offer.url));
    const card = page.getByTestId('waitlist-offer');
    await card.getByRole('heading', { name: texts['waitlist.offer.title'].replace('{name}', 'Ana') }).waitFor();
    const offered = await call('POST', '/waitlist/offer', { body: { apiKey: clinic.apiKey, offerId: offer.url.searchParams.get('waitlistOffer'), token: offer.url.searchParams.get('token') } });
    expect(offered).toMatchObject({ status: 'open', mode: 'one-by-one', bookingDate: date, bookingTime: '10:00' });
    await card.getByText(texts['waitlist.offer.heldUntil'].split('{')[0].trim()).waitFor();
    // The offered day and time, as the page's language writes them.
    const when = new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { day: 'numeric', month: 'long', timeZone: ZONE }).format(new Date(offered.startUtc));
    expect(await card.textContent()).toContain(when);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page.screenshot({ path: `.cache/waitlist-offer-${width}-${lang}.png`, fullPage: true });
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // A books it: paid on the local checkout (same tab), then the confirmation.
    await card.getByRole('button', { name: texts['waitlist.offer.book'] }).click();
    await page.waitForURL('**/local/checkout/**');
    await page.getByLabel('Email').fill(a);
    await page.getByRole('button', { name: 'Pay $60.00' }).click();
    await page.waitForURL(/payment=success/);
    await page.getByRole('heading', { name: texts['confirmation.title'] }).waitFor({ timeout: 15_000 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();

    // Staff: the freed time filled, the offer booked, A no longer waiting.
    const staff = await newContext(browser, { width, height });
    await signIn(staff.context, clinic.token);
    await staff.page.goto(appUrl('/bookings/waitlist'));
    // The figure is counted by the waitlist's subscriber of booking-confirmed, a moment after the booking:
    // a page opened before that shows 0 until it is opened again, as staff would.
    await expect
      .poll(
        async () => {
          const figure = await staff.page.getByTestId('waitlist-freed-times-filled').textContent();
          if (figure !== '1') await staff.page.reload();
          return figure;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('1');
    expect(await staff.page.getByTestId('waitlist-waiting').textContent()).toBe('0');
    const latest = staff.page.getByRole('region', { name: 'Latest offers' });
    await latest.getByText('Booked', { exact: true }).waitFor();
    await staff.page.screenshot({ path: `.cache/waitlist-staff-${width}.png`, fullPage: true });
    expect(await overflow(staff.page)).toBeLessThanOrEqual(0);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });
});
