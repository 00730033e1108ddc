// Issue 36, point 5, in Chromium at 390 and 1366 px: a clinic's patient with a confirmed booking (a
// package paid at the clinic, so confirmed at once), an appointment (same email) and a staff note.
// Staff open Patients from the menu, find them by search, open their page and see their items newest
// first, export them (the downloaded JSON holds their data) and erase them; afterwards their page no
// longer shows their name and the bookings list shows their booking without personal data.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { appUrl, launch, newContext, uniqueEmail } from './browser';
import { call, newClinicOwner, signIn } from './owner-with-data';

let browser: Browser;
let clinic: { token: string; apiKey: string; packageId: string };

beforeAll(async () => {
  browser = await launch();
  const { token } = await newClinicOwner('patients', { name: 'Lakeside Physio', legalName: 'Lakeside Physio LLC', websiteUrl: 'https://lakeside.example.com', phoneNumber: '+15551234567', timeZone: 'America/New_York' });
  const { apiKey } = await call('GET', '/organization/integration', { token });
  const hours = [{ start: '08:00', end: '18:00' }];
  const week = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, hours]));
  await call('PUT', '/bookings/availability', { token, body: { weeklyHours: week, slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 400 } });
  const pkg = await call('POST', '/bookings/packages', { token, body: { packageName: 'Back pain assessment', packagePrice: 60, paymentMode: 'at_clinic' } });
  clinic = { token, apiKey, packageId: pkg.id };
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A patient with a confirmed booking, then an appointment, then a note (in that order: newest last). */
async function patientWithRecord(firstName: string, lastName: string, time: string) {
  const { token, apiKey, packageId } = clinic;
  const email = uniqueEmail(firstName.toLowerCase());
  const phone = `+1555${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
  const booked = await call('POST', '/bookings/create-booking', { body: { apiKey, packageId, firstName, lastName, email, phoneNumber: phone, bookingDate: dayAhead(4), bookingTime: time } });
  expect(booked.confirmation).toBeTruthy();
  // The patients' subscriber runs after the booking's transaction: the patient shows up shortly after.
  const patient = await eventually(async () => (await call('GET', `/patients?search=${encodeURIComponent(email)}`, { token })).items[0], 'the booking\'s patient');
  const form = new FormData();
  const fields: Record<string, string> = {
    firstName, lastName, gender: 'female', email, phone, dob: '1985-03-04', bookingDate: dayAhead(9), bookingTime: '14:30',
    preferredLocation: 'Lakeside', reasonOfAppointment: 'Lower back pain after lifting', primaryInsurance: 'Acme Health', insuranceMemberId: 'AH-77', additionalNotes: '', appointmentType: 'Follow-up visit',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const appointment = await call('POST', '/appointments/book-custom', { token, form });
  expect(appointment.customerId).toBe(patient.id);
  await call('POST', `/patients/${patient.id}/notes`, { token, body: { text: 'Prefers morning visits.' } });
  return { id: patient.id as string, email, bookingId: booked.bookingId as string, appointmentId: appointment.id as string };
}

/** Opens a page of the console's menu (a drawer on a phone). */
async function openFromMenu(page: Page, width: number, name: string) {
  // The console is drawn once its session is read: the first page's title says so.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (width < 992) await page.getByRole('button', { name: 'Open menu' }).click();
  const scope = width < 992 ? page.getByRole('dialog') : page.getByRole('complementary', { name: 'Sidebar' });
  await scope.getByRole('link', { name, exact: true }).click();
}

describe('the patient record in the browser', () => {
  for (const [width, first, last, time] of [[390, 'Maren', 'Okonkwo-Lindqvist', '09:00'], [1366, 'Tobias', 'Varga-Henriksen', '11:00']] as const) {
    it(`at ${width} px: finds the patient, sees their record newest first, exports and erases them`, { timeout: 60_000 }, async () => {
      const { token } = clinic;
      const p = await patientWithRecord(first, last, time);
      const fullName = `${first} ${last}`;
      const { context, page, errors } = await newContext(browser, { width, height: 900 });
      await signIn(context, token);
      await page.goto(appUrl('/'));

      await openFromMenu(page, width, 'Patients');
      await page.waitForURL('**/patients');
      await page.getByRole('searchbox', { name: 'Search patients' }).fill(last.slice(0, 6));
      await page.getByRole('link', { name: fullName }).click();
      await page.getByRole('heading', { level: 1, name: fullName }).waitFor();
      await page.getByText(p.email).first().waitFor();

      // The record, newest first: the note, the appointment (and its mail), then the booking (and its mail).
      const record = page.getByRole('list', { name: 'Record, newest first' });
      await record.locator('li[data-kind="booking"]').waitFor();
      const rows = await record.locator('li').evaluateAll((lis) => lis.map((li) => ({ kind: (li as HTMLElement).dataset.kind, at: li.querySelector('time')?.getAttribute('datetime') ?? '' })));
      const kinds = rows.map((r) => r.kind);
      expect(kinds[0]).toBe('note');
      expect(kinds).toContain('appointment');
      expect(kinds.indexOf('booking')).toBeGreaterThan(kinds.indexOf('appointment'));
      expect(rows.map((r) => r.at)).toEqual(rows.map((r) => r.at).sort().reverse());
      await record.locator('li[data-kind="note"]').getByText('Prefers morning visits.').waitFor();
      await record.getByRole('link', { name: 'Back pain assessment' }).waitFor();
      await record.getByRole('link', { name: 'Follow-up visit' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/e2e/patients-record-${width}.png`, fullPage: true });

      // The export: a JSON file with the patient and their items.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export data' }).click()]);
      const exported = JSON.parse(await readFile((await download.path()), 'utf8'));
      expect(download.suggestedFilename()).toBe(`patient-${p.id}.json`);
      expect(exported.patient).toMatchObject({ id: p.id, email: p.email, firstName: first, lastName: last });
      const byKind = (kind: string) => exported.items.filter((i: { kind: string }) => i.kind === kind);
      expect(byKind('booking')[0].record).toMatchObject({ id: p.bookingId, email: p.email, firstName: first });
      expect(byKind('appointment')[0].record).toMatchObject({ id: p.appointmentId, reasonOfAppointment: 'Lower back pain after lifting' });
      expect(byKind('note')[0].record.text).toBe('Prefers morning visits.');

      // The erasure, confirmed in its dialog, goes back to the list.
      await page.getByRole('button', { name: 'Erase personal data' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('checkbox', { name: 'I understand this cannot be undone' }).check();
      await dialog.getByRole('button', { name: 'Erase personal data' }).click();
      await page.waitForURL('**/patients');
      await page.getByRole('searchbox', { name: 'Search patients' }).fill(last.slice(0, 6));
      await page.getByText(`No patient matches "${last.slice(0, 6)}".`).waitFor();
      // Their page no longer shows them.
      await page.goto(appUrl(`/patients/${p.id}`));
      await page.getByRole('alert').waitFor();
      expect(await page.getByText(first).count()).toBe(0);

      // The booking stays in the bookings list (its amounts are the books'), without their name or email.
      await page.goto(appUrl('/bookings'));
      const row = page.locator('tr', { has: page.locator(`a[href="/bookings/booking/${p.bookingId}"]`) });
      await row.waitFor();
      const text = (await row.innerText()) ?? '';
      expect(text).toContain('Back pain assessment');
      expect(text).toContain('Personal data erased');
      expect(text).not.toContain(first);
      expect(text).not.toContain(last);
      expect(text).not.toContain(p.email);
      await page.screenshot({ path: `test-results/e2e/patients-bookings-after-erase-${width}.png`, fullPage: true });
      // Its page says so too, and keeps the amounts.
      await row.getByRole('link', { name: 'View the booking of Personal data erased' }).click();
      await page.getByRole('heading', { level: 2, name: 'Personal data erased' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
