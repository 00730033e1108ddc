// Practitioners end to end in Chromium (issue 25), at a phone's 390 px and a laptop's 1366 px: a patient
// books "anyone" for a 50-minute package on the booking page (month view, time buttons), pays on the
// local checkout, sees the confirmation screen (what, when, with whom, where, add-to-calendar, manage
// link), reschedules and cancels with the manage link. The owner finds the booking page's address in the
// console, sees the team's day with a column per practitioner, and moves a booking from its dialog
// (free times listed) without emailing the patient.
import type { Browser, BrowserContext } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, mailsTo, newContext, uniqueEmail } from './browser';
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
const field = (label: string) => new RegExp(`^${label}\\*?$`);

/** A clinic with two practitioners working every day 08:00-18:00 and a 50-minute package both offer. */
async function teamClinic(tag: string) {
  const { token } = await newClinicOwner(tag, { name: `${tag} Physio`, legalName: `${tag} Physio LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567', timeZone: ZONE });
  const hours = [{ start: '08:00', end: '18:00' }];
  const weeklyHours = Object.fromEntries(WEEK.map((d) => [d, hours]));
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours, slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 90 } });
  const ana = await call('POST', '/practitioners', { token, body: { name: 'Ana Ruiz', title: 'Physiotherapist', color: '#1f77b4', weeklyHours } });
  const ben = await call('POST', '/practitioners', { token, body: { name: 'Ben Okafor', title: 'Physiotherapist', color: '#d62728', weeklyHours } });
  const pkg = await call('POST', '/bookings/packages', {
    token,
    body: { packageName: 'First visit', packagePrice: 80, durationMinutes: 50, slotGridMinutes: 30, bufferAfterMinutes: 10, practitionerIds: [ana.id, ben.id] },
  });
  const integration = await call('GET', '/organization/integration', { token });
  return { token, apiKey: integration.apiKey as string, packageId: pkg.id as string, practitioners: [ana, ben] as { id: string; name: string }[] };
}

async function asOwner(context: BrowserContext, token: string) {
  const { hostname } = new URL(appUrl());
  await context.addCookies([{ name: 'token', value: token, domain: hostname, path: '/', sameSite: 'Strict', httpOnly: false, secure: false }]);
}

describe('practitioners and the booking page (issue 25)', () => {
  for (const width of [390, 1366]) {
    it(`at ${width} px a patient books "anyone" for 50 minutes, pays, sees the confirmation, reschedules and cancels`, async () => {
      const clinic = await teamClinic(`team${width}`);
      const patient = uniqueEmail('patient');
      const { context, page, errors } = await newContext(browser, { width, height: 900 });
      await page.goto(appUrl(`/booking/${clinic.apiKey}`));
      await page.getByRole('heading', { level: 1, name: 'Booking' }).waitFor();
      await page.getByLabel(field('Package')).selectOption({ label: 'First visit' });
      await page.getByRole('radio', { name: /Anyone available/ }).check();
      // The month view marks the days with free times: one three days ahead (past the change cut-off of
      // 24 hours), on the next month's page when it falls there, then its first time.
      const date = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
      const days = page.getByRole('region', { name: 'Free days' });
      await days.locator('button[data-date]:not([disabled])').first().waitFor();
      if (!(await days.locator(`button[data-date="${date}"]`).count())) await days.getByRole('button', { name: 'Next month' }).click();
      await days.locator(`button[data-date="${date}"]:not([disabled])`).click();
      expect(await days.locator(`button[data-date="${date}"]`).getAttribute('aria-pressed')).toBe('true');
      const time = page.getByRole('region', { name: 'Available times' }).getByRole('button').first();
      await time.waitFor();
      await time.click();
      await page.getByLabel(field('First Name')).fill('Pat');
      await page.getByLabel(field('Last Name')).fill('Patient');
      await page.getByLabel(field('Email')).fill(patient);
      await page.getByLabel(field('Phone Number')).fill('+15551234567');

      // Checkout in the same tab (issue 34).
      await page.getByRole('button', { name: 'Continue' }).click();
      const checkout = page;
      await checkout.waitForURL('**/local/checkout/**');
      await checkout.getByLabel('Email').fill(patient);
      await checkout.getByRole('button', { name: /^Pay \$/ }).click();
      await checkout.waitForURL(/payment=success/);

      // The confirmation screen, in the tab the checkout returns to.
      const confirmation = checkout.getByRole('region', { name: 'Booking confirmation' });
      await confirmation.getByText('Your booking is confirmed').waitFor({ timeout: 20_000 });
      await confirmation.getByText('First visit').waitFor();
      await confirmation.getByText('50 minutes').waitFor();
      const withWhom = await confirmation.locator('dd').filter({ hasText: /^(Ana Ruiz|Ben Okafor)$/ }).textContent();
      expect(clinic.practitioners.map((p) => p.name)).toContain(withWhom);
      await confirmation.getByText(`team${width} Physio`).waitFor();
      await confirmation.getByRole('button', { name: 'Add to calendar' }).waitFor();
      const [download] = await Promise.all([checkout.waitForEvent('download'), confirmation.getByRole('button', { name: 'Add to calendar' }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);

      // The manage link: reschedule to another free time, then cancel.
      await confirmation.getByRole('link', { name: 'Manage your booking' }).click();
      await checkout.getByRole('heading', { name: 'Your booking' }).waitFor();
      await checkout.getByText(withWhom!).first().waitFor();
      await checkout.getByRole('button', { name: 'Reschedule' }).click();
      // The booking page's month view (its day chosen) and time buttons.
      await checkout.getByRole('form', { name: 'Reschedule' }).locator(`button[data-date="${date}"][aria-pressed="true"]`).waitFor();
      const free = checkout.getByRole('region', { name: 'Free times' }).getByRole('button');
      await free.first().waitFor();
      await free.nth(1).click();
      await checkout.getByRole('button', { name: 'Move my booking' }).click();
      await checkout.getByRole('status').filter({ hasText: /moved/i }).waitFor();
      await checkout.getByRole('button', { name: 'Cancel booking' }).click();
      await checkout.getByRole('button', { name: 'Yes, cancel it' }).click();
      await checkout.getByText('Your booking is cancelled.').waitFor();
      // Nothing overflows the phone's width on the way.
      expect(await checkout.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the owner finds the booking page, sees the team day by practitioner, and moves a booking without emailing the patient', async () => {
    const clinic = await teamClinic('teamowner');
    const date = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
    const [ana, ben] = clinic.practitioners as [{ id: string; name: string }, { id: string; name: string }];
    const visitor = uniqueEmail('visitor');
    const held = await call('POST', '/bookings/create-booking', {
      body: { apiKey: clinic.apiKey, packageId: clinic.packageId, practitionerId: ana.id, firstName: 'Vera', lastName: 'Visitor', email: visitor, phoneNumber: '+15551234567', bookingDate: date, bookingTime: '10:00' },
    });
    await fetch(`${held.checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: visitor }).toString(), redirect: 'manual' });
    await expect.poll(async () => (await mailsTo(visitor)).length, { timeout: 15_000 }).toBe(1);

    for (const width of [390, 1366]) {
      const staff = await newContext(browser, { width, height: 900 });
      await asOwner(staff.context, clinic.token);
      // The booking page's address, with Copy and a QR code, where packages are managed.
      await staff.page.goto(appUrl('/bookings/packages'));
      const block = staff.page.getByRole('region', { name: 'Booking page' });
      await expect.poll(() => block.getByLabel('Address').inputValue(), { timeout: 15_000 }).toBe(appUrl(`/booking/${clinic.apiKey}`));
      await block.getByRole('img', { name: /QR code of the booking page/ }).waitFor();

      // The team's day: a column per practitioner (on a phone one at a time, Ben's a tap away), the booking in Ana's.
      await staff.page.goto(appUrl(`/calendar?view=team&date=${date}`));
      const team = staff.page.getByRole('group', { name: "The team's day, one column per practitioner" });
      if (width < 576) await staff.page.getByRole('group', { name: 'Practitioner shown' }).getByRole('button', { name: ben.name }).waitFor({ timeout: 15_000 });
      else await team.getByRole('cell', { name: ben.name }).waitFor({ timeout: 15_000 });
      await team.getByRole('cell', { name: ana.name }).getByText('Vera Visitor').waitFor();
      expect(staff.errors).toEqual([]);
      await staff.context.close();
    }

    // The move dialog lists the free times; unticking the mail moves it without telling the patient.
    const staff = await newContext(browser);
    await asOwner(staff.context, clinic.token);
    await staff.page.goto(appUrl(`/calendar?view=team&date=${date}`));
    await staff.page.getByRole('cell', { name: ana.name }).getByText('Vera Visitor').click();
    const dialog = staff.page.getByRole('dialog');
    await dialog.getByText('Booking · confirmed').waitFor();
    await dialog.getByText('2:00 PM', { exact: true }).click();
    await dialog.getByLabel('Email the patient the new time').uncheck();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.waitFor({ state: 'detached' });
    await staff.page.getByRole('cell', { name: ana.name }).locator('.calendar-event', { hasText: 'Vera Visitor' }).getByText('2:00').waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();
    const booking = await call('GET', `/bookings/booking/${held.bookingId}`, { token: clinic.token });
    expect(booking).toMatchObject({ bookingTime: '14:00', practitionerId: ana.id, status: 'confirmed' });
    expect(await mailsTo(visitor)).toHaveLength(1);
  });
});
