// Issue 34 (point 4's formats, point 6's manage page) in Chromium at a phone's 390 px and a laptop's
// 1366 px: a Berlin clinic charging in euros. Its Spanish booking page shows '85,00 €', weeks from
// Monday and no raw date or time field (the month view and the time buttons choose); its Arabic page is
// right to left with each practitioner's radio inside its card and the phone number reading '+49...';
// the Spanish manage page reschedules through the same month view and time buttons, and offers
// 'Book again' after a cancellation. axe checks the new parts.
import type { Browser, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import ar from '../../web/src/i18n/messages/ar.json';
import es from '../../web/src/i18n/messages/es.json';
import { appUrl, axeViolations, launch, mailsTo, testClientHeaders, transitionsEnded, uniqueEmail } from './browser';
import { call, newClinicOwner } from './owner-with-data';

const ZONE = 'Europe/Berlin';
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const field = (label: string) => new RegExp(`^${label}\\*?$`);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A Berlin clinic in euros with a phone in Berlin, one practitioner and an 85 € package she offers. */
async function berlinClinic(tag: string) {
  const { token } = await newClinicOwner(tag, { name: `${tag} Praxis`, legalName: `${tag} Praxis GmbH`, websiteUrl: 'https://praxis.example.com', phoneNumber: '+49 30 1234567', timeZone: ZONE, currency: 'eur' }, { firstName: 'Olga', phoneNumber: '+49301234567' });
  const weeklyHours = Object.fromEntries(WEEK.map((d) => [d, [{ start: '08:00', end: '18:00' }]]));
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours, slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 90 } });
  const ana = await call('POST', '/practitioners', { token, body: { name: 'Ana Ruiz', title: 'Fisioterapeuta', color: '#1f77b4', weeklyHours } });
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Fisioterapia', packagePrice: 85, durationMinutes: 60, practitionerIds: [ana.id] } });
  const { apiKey } = await call('GET', '/organization/integration', { token });
  return { apiKey: apiKey as string, packageId: pkg.id as string, ana: ana.id as string };
}

async function open(width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: testClientHeaders() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  onTestFailed(async ({ task }) => {
    await page.screenshot({ path: `test-results/e2e/${task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`, fullPage: true }).catch(() => undefined);
  });
  return { context, page, errors };
}

async function noViolations(page: Page, where: string) {
  await transitionsEnded(page);
  const violations = await axeViolations(page, TAGS);
  expect(violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} at ${n.target.join(' > ')}`))).toEqual([]);
}

/** The month view's header cells: [full name, shown]. */
const weekHeader = (page: Page) => page.locator('table thead th').evaluateAll((ths) => ths.map((th) => [th.getAttribute('abbr'), th.textContent]));

/** Clicks `date` in the (Spanish) month view, moving to the next month when it falls there. */
async function chooseDay(page: Page, date: string) {
  const month = page.getByRole('region', { name: es['booking.month.freeDays'] });
  await month.locator('button[data-date]:not([disabled])').first().waitFor();
  if (!(await month.locator(`button[data-date="${date}"]`).count())) await month.getByRole('button', { name: es['booking.month.next'] }).click();
  await month.locator(`button[data-date="${date}"]:not([disabled])`).click();
}

/** Whether a text node's first character ('+') is painted left of its second one. */
const readsLeftToRight = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
    const at = (i: number) => {
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return range.getBoundingClientRect().left;
    };
    return at(0) < at(1);
  });

describe("the patient's language in the clinic's country (issue 34)", () => {
  for (const width of [390, 1366]) {
    it(`at ${width} px: Spanish and Arabic booking pages of a Berlin clinic, and the Spanish manage page's reschedule and Book again`, { timeout: 180_000 }, async () => {
      const clinic = await berlinClinic(`locale${width}`);
      const date = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
      const { context, page, errors } = await open(width);

      // Spanish: euros as Spanish writes them, weeks from Monday, no raw date or time field.
      await page.goto(appUrl(`/booking/${clinic.apiKey}?lang=es`));
      await page.getByRole('heading', { level: 1, name: es['booking.title'] }).waitFor();
      await page.getByText(`locale${width} Praxis`).waitFor();
      await page.getByLabel(field(es['booking.package'])).selectOption({ label: 'Fisioterapia' });
      const details = page.getByRole('region', { name: es['booking.packageDetails'] });
      await expect.poll(() => details.textContent()).toMatch(/85,00\s€/);
      expect(await details.textContent()).not.toContain('€85.00');
      await expect.poll(async () => (await weekHeader(page))[0]).toEqual(['lunes', 'lun']);
      expect((await weekHeader(page))[0][1]).toMatch(/^lu/);
      expect(await page.locator('input[type="date"], input[type="time"]').count()).toBe(0);
      await chooseDay(page, date);
      const times = page.getByRole('region', { name: es['booking.availableTimes'] });
      // Times as Spanish writes them (no AM/PM), and only those offered can be chosen.
      const first = times.getByRole('button').first();
      await first.waitFor();
      expect(await first.textContent()).toMatch(/^\d{1,2}:\d\d$/);
      await first.click();
      await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true');
      await noViolations(page, `booking es ${width}`);

      // Arabic: right to left, the radio inside its card, the phone field left to right.
      await page.goto(appUrl(`/booking/${clinic.apiKey}?lang=ar`));
      await page.getByRole('heading', { level: 1, name: ar['booking.title'] }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByText(`locale${width} Praxis`).waitFor();
      await page.getByLabel(field(ar['booking.package'])).selectOption({ label: 'Fisioterapia' });
      const radio = page.getByRole('radio', { name: /Ana Ruiz/ });
      const card = page.locator('label').filter({ has: radio });
      const [r, c] = [(await radio.boundingBox())!, (await card.boundingBox())!];
      expect(r.x).toBeGreaterThanOrEqual(c.x);
      expect(r.x + r.width).toBeLessThanOrEqual(c.x + c.width);
      // Right to left, the radio is at the card's right-hand start.
      expect(r.x + r.width / 2).toBeGreaterThan(c.x + c.width / 2);
      await expect.poll(async () => (await weekHeader(page))[0][0]).toBe('الاثنين');
      const phone = page.getByLabel(field(ar['booking.phone']));
      await phone.fill('+49 30 1234567');
      expect(await phone.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      await noViolations(page, `booking ar ${width}`);

      // A paid booking with a manage link, mailed in Spanish.
      const patient = uniqueEmail('locale-patient');
      const held = await call('POST', '/bookings/create-booking', {
        body: { apiKey: clinic.apiKey, packageId: clinic.packageId, practitionerId: clinic.ana, firstName: 'Pat', lastName: 'Paciente', email: patient, phoneNumber: '+4915112345678', bookingDate: date, bookingTime: '10:00', locale: 'es' },
      });
      await fetch(`${held.checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: patient }).toString(), redirect: 'manual' });
      await expect.poll(async () => (await mailsTo(patient)).length, { timeout: 15_000 }).toBeGreaterThan(0);
      const manage = /https?:\/\/\S+\/manage(?:\?lang=[a-z]+)?#[A-Za-z0-9_-]{43}/.exec((await mailsTo(patient))[0].body.text!)![0];

      // The Spanish manage page: the refund in euros as Spanish writes them; reschedule through the month view.
      await page.goto(appUrl(`${new URL(manage).pathname}?lang=es${new URL(manage).hash}`));
      await page.getByRole('heading', { level: 1, name: es['manage.booking'] }).waitFor();
      await expect.poll(() => page.locator('main').textContent()).toMatch(/85,00\s€/);
      await page.getByRole('button', { name: es['manage.reschedule'] }).click();
      const form = page.getByRole('form', { name: es['manage.reschedule'] });
      await form.locator('button[data-date]:not([disabled])').first().waitFor();
      expect((await weekHeader(page))[0]).toEqual(['lunes', 'lun']);
      expect(await page.locator('input[type="date"], input[type="time"]').count()).toBe(0);
      expect(await form.locator(`button[data-date="${date}"]`).getAttribute('aria-pressed')).toBe('true');
      const next = DateTime.fromISO(date).plus({ days: 1 }).toISODate()!;
      await chooseDay(page, next);
      const free = form.getByRole('region', { name: es['manage.freeTimes'] }).getByRole('button', { name: /^11:00$/ });
      await free.click();
      await noViolations(page, `manage reschedule es ${width}`);
      await form.getByRole('button', { name: es['manage.move'] }).click();
      await page.getByRole('status').filter({ hasText: /11:00/ }).waitFor();
      // Nothing overflows the phone's width on the way.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Arabic: the clinic's phone reads '+49 30 1234567' from the left, and no zone word twice.
      await page.goto(appUrl(`${new URL(manage).pathname}?lang=ar${new URL(manage).hash}`));
      await page.getByRole('heading', { level: 1, name: ar['manage.booking'] }).waitFor();
      const link = page.getByRole('link', { name: '+49 30 1234567' });
      await link.first().waitFor();
      expect(await readsLeftToRight(page, 'address a[href^="tel:"]')).toBe(true);
      expect(await page.locator('main').textContent()).not.toMatch(/بتوقيت توقيت/);

      // Cancelled: Book again opens the booking page with the same package, in Spanish.
      await page.goto(appUrl(`${new URL(manage).pathname}?lang=es${new URL(manage).hash}`));
      await page.getByRole('button', { name: es['manage.cancelBooking'] }).click();
      await page.getByRole('button', { name: es['manage.yesCancel'] }).click();
      const again = page.getByRole('link', { name: es['manage.bookAgain'] });
      await again.waitFor();
      await again.click();
      await page.getByRole('heading', { level: 1, name: es['booking.title'] }).waitFor();
      await expect.poll(() => page.getByLabel(field(es['booking.package'])).inputValue()).toBe(clinic.packageId);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
