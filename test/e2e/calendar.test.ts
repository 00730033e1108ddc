// The clinic's day end to end in Chromium (issue 13): a visitor's paid booking shows on the staff's
// week view; staff move it with the calendar's dialog; the visitor is mailed the new time with the
// updated .ics (same UID, higher SEQUENCE) and a manage link, opens it, cancels, and the time is free.
import type { Browser, BrowserContext } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, mailsTo, newContext, uniqueEmail } from './browser';
import type { Mail } from '../support/api';
import { call, newClinicOwner } from './owner-with-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const icsOf = (m: Mail) => Buffer.from(m.attachments.find((a) => a.filename === 'booking.ics')!.content, 'base64').toString('utf8');

async function signUpOwner(tag: string) {
  const { token } = await newClinicOwner(tag, { name: `${tag} Clinic`, legalName: `${tag} Clinic LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567', timeZone: 'America/New_York' });
  const integration = await call('GET', '/organization/integration', { token });
  return { token, apiKey: integration.apiKey as string };
}

async function asOwner(context: BrowserContext, token: string) {
  const { hostname } = new URL(appUrl());
  await context.addCookies([{ name: 'token', value: token, domain: hostname, path: '/', sameSite: 'Strict', httpOnly: false, secure: false }]);
}

describe('calendar and self-service (issue 13)', () => {
  it('staff move a paid booking on the week view; the visitor gets the new time and .ics, cancels with the manage link, and the time is free', async () => {
    const owner = await signUpOwner('calendar');
    const hours = [{ start: '08:00', end: '18:00' }];
    await call('PUT', '/bookings/availability', {
      token: owner.token,
      body: { weeklyHours: Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, hours])), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 60 },
    });
    const pkg = await call('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 49.5 } });
    const date = DateTime.now().setZone('America/New_York').plus({ days: 3 }).toISODate()!;
    const visitor = uniqueEmail('visitor');

    // The visitor books 10:00 and pays on the local checkout.
    const held = await call('POST', '/bookings/create-booking', {
      body: { apiKey: owner.apiKey, packageId: pkg.id, firstName: 'Vera', lastName: 'Visitor', email: visitor, phoneNumber: '+15551234567', bookingDate: date, bookingTime: '10:00' },
    });
    await fetch(`${held.checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: visitor }).toString(), redirect: 'manual' });
    await expect.poll(async () => (await mailsTo(visitor)).length, { timeout: 15_000 }).toBe(1);
    const uid = /UID:(.+)\r\n/.exec(icsOf((await mailsTo(visitor))[0]))![1];

    // Staff: the week view shows it; the dialog moves it to 15:00.
    const staff = await newContext(browser);
    await asOwner(staff.context, owner.token);
    await staff.page.goto(appUrl(`/calendar?view=week&date=${date}`));
    await staff.page.getByText('Times in Eastern').waitFor({ timeout: 15_000 });
    const event = staff.page.getByText('Vera Visitor · Consultation');
    await event.waitFor();
    await event.click();
    const dialog = staff.page.getByRole('dialog');
    await dialog.getByText('Booking · confirmed').waitFor();
    // The dialog lists the booking's free times (GET /bookings/free-times); the patient is mailed by default.
    await dialog.getByText('3:00 PM', { exact: true }).click();
    expect(await dialog.getByLabel('Email the patient the new time').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Move' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(staff.page.url()).search).toBe(`?view=week&date=${date}`);
    await staff.page.locator('.calendar-event', { hasText: 'Vera Visitor' }).getByText('3:00').waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();

    // The visitor: the new time, the same UID one SEQUENCE on, and a manage link.
    await expect.poll(async () => (await mailsTo(visitor)).length, { timeout: 15_000 }).toBe(2);
    const moved = (await mailsTo(visitor))[1];
    expect(moved.subject).toMatch(/^Booking moved: Consultation is now on .+ at 3:00 PM E[SD]T$/);
    expect(icsOf(moved)).toContain(`UID:${uid}\r\n`);
    expect(icsOf(moved)).toContain('SEQUENCE:1\r\n');
    const link = /(https?:\/\/\S+\/manage(?:\?lang=[a-z]+)?#[A-Za-z0-9_-]{43})/.exec(moved.body?.text ?? '')![1];

    const patient = await newContext(browser, { width: 390, height: 844 });
    await patient.page.goto(link);
    await patient.page.getByText('Consultation').waitFor();
    await patient.page.getByTestId('manage-when').getByText(/3:00 PM/).waitFor();
    await patient.page.getByRole('button', { name: 'Cancel booking' }).click();
    await patient.page.getByText('$49.50 is refunded to your card.').waitFor();
    await patient.page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await patient.page.getByText('Your booking is cancelled.').waitFor();
    expect(patient.errors).toEqual([]);
    await patient.context.close();

    // The time is free again on the booking page.
    const day = await call('POST', '/bookings/available-slots', { body: { apiKey: owner.apiKey, date } });
    expect((day.slots as { time: string }[]).map((s) => s.time)).toContain('15:00');
  });
});
