// Issue 18 items 6 and 7 in Chromium against the embedded stack: an owner whose clinic has paid
// bookings, appointments in several statuses and leads (one paid), all made through the API, sees
// those figures on the reports page (tables, CSV) and the dashboard's tile; the set-up wizard saves a
// step through the API, skips one, and resumes where it was left after a reload.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { challengeHeaders } from '../support/challenge';
import { appUrl, fill, launch, newContext, testClientHeaders, uniqueEmail } from './browser';
import type { Json } from '../support/json';

const ZONE = 'Europe/London';

async function api<T = Json>(method: string, path: string, options: { body?: unknown; token?: string; form?: FormData } = {}) {
  const headers: Record<string, string> = { ...testClientHeaders(), ...(await challengeHeaders(`${inject('appUrl')}/api`, method, path, options)) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const res = await fetch(`${inject('appUrl')}/api${path}`, { method, headers, body });
  const parsed = (await res.json()) as { message: string; data?: T };
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${parsed.message}`);
  return parsed.data as T;
}

async function codeFor(address: string): Promise<string> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const store = (await (await fetch(`${inject('inboxUrl')}/store`)).json()) as { emails: { subject: string; destination?: { to?: string[] } }[] };
    const mail = store.emails.filter((m) => m.destination?.to?.includes(address)).at(-1);
    const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
    if (code) return code;
  }
  throw new Error(`No code mailed to ${address}`);
}

/** A new owner signed up over the API, the clinic in London time. */
async function signUpOwner(tag: string) {
  const email = uniqueEmail(tag);
  const password = 'Secret-123';
  await api('POST', '/users/register-email', { body: { email, password } });
  const { token: registration } = await api<{ token: string }>('POST', '/users/verify-email-otp', { body: { email, otp: await codeFor(email), password } });
  await api('POST', '/users/add-basic-details', { token: registration, body: { username: `${tag}${randomUUID().slice(0, 6)}`, firstName: 'Olive', lastName: 'Owner', phoneNumber: '+15551234567', gender: 'female' } });
  const org = await api<{ token: string }>('POST', '/users/add-organization', {
    token: registration,
    body: { name: `${tag} Clinic`, email, legalName: `${tag} Clinic LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567' },
  });
  await api('PATCH', '/organization/profile', { token: org.token, body: { timeZone: ZONE } });
  return { token: org.token };
}

/** Pays a Checkout session on the local checkout page, as the visitor's browser does. */
async function pay(checkoutUrl: string) {
  const res = await fetch(`${checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=payer%40example.com&name=Pat+Payer', redirect: 'manual' });
  expect(res.status).toBe(303);
}

function appointmentForm(bookingDate: string): FormData {
  const form = new FormData();
  const fields = {
    firstName: 'Pat', lastName: `Patient${randomUUID().slice(0, 4)}`, gender: 'female', email: uniqueEmail('patient'), phone: '+15551234567', dob: '1980-05-06',
    bookingDate, bookingTime: '09:30', preferredLocation: 'Main street', reasonOfAppointment: 'Check-up', primaryInsurance: 'Acme', insuranceMemberId: 'A-1',
    additionalNotes: '', appointmentType: 'Consultation',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** Figures of one clinic: 2 paid bookings and 3 appointments on `day`, 2 leads today (1 paid). */
async function clinicWithData(token: string, day: string) {
  const hours = [{ start: '08:00', end: '18:00' }];
  const weeklyHours = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, hours]));
  await api('PUT', '/bookings/availability', { token, body: { weeklyHours, slotMinutes: 60, capacity: 2, closedDates: [], maxDaysAhead: 60 } });
  const pkg = await api<{ id: string }>('POST', '/bookings/packages', { token, body: { packageName: 'Consultation', packagePrice: 49.5 } });
  const { apiKey } = await api<{ apiKey: string }>('GET', '/organization/integration', { token });
  for (const bookingTime of ['10:00', '11:00']) {
    const booking = await api<{ checkoutUrl: string }>('POST', '/bookings/create-booking', {
      body: { firstName: 'Bo', lastName: 'Visitor', email: uniqueEmail('visitor'), phoneNumber: '+15551234567', bookingDate: day, bookingTime, apiKey, packageId: pkg.id },
    });
    await pay(booking.checkoutUrl);
  }
  for (const status of ['completed', 'no-show', undefined]) {
    const a = await api<{ id: string }>('POST', '/appointments/book-custom', { token, form: appointmentForm(day) });
    if (status) await api('PATCH', `/appointments/${a.id}/change-status`, { token, body: { status } });
  }
  const formPackage = await api<{ id: string }>('POST', '/packages', { token, body: { name: 'Assessment', price: 40, isPayable: true } });
  const form = await api<{ id: string }>('POST', '/form-builder/form', { token, body: { name: 'Enquiry', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }], packageIds: [formPackage.id] } });
  for (const paid of [true, false]) {
    const lead = await api<{ submissionId: string }>('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, packageId: formPackage.id, items: [{ fieldId: 'email', value: uniqueEmail('lead') }] } });
    if (!paid) continue;
    const session = await api<{ url: string }>('POST', '/leads/payments/session', { body: { formId: form.id, apiKey, packageId: formPackage.id, submissionId: lead.submissionId, currency: 'usd' } });
    await pay(session.url);
  }
}

async function signedIn(browser: Browser, token: string) {
  const ctx = await newContext(browser, { width: 1366, height: 900 });
  await ctx.context.addCookies([{ name: 'token', value: token, domain: new URL(appUrl()).hostname, path: '/', sameSite: 'Strict' }]);
  return ctx;
}

/** The accessible row of a report table (the tables are there for screen readers even under a chart). */
const row = (page: Page, table: string, name: string) => page.getByRole('table', { name }).getByRole('row', { name: table, exact: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('issue 18: reports and the set-up wizard', () => {
  it('shows the figures made through the API on the reports page, in its tables and its CSV, and on the dashboard', async () => {
    const owner = await signUpOwner('reports');
    const day = DateTime.now().setZone(ZONE).plus({ days: 3 }).toISODate()!;
    await clinicWithData(owner.token, day);
    const { context, page, errors } = await signedIn(browser, owner.token);

    await page.goto(appUrl('/dashboard'));
    await page.getByRole('link', { name: /\$139\.00\s*Received this week/ }).waitFor();

    await page.goto(appUrl('/crafted/widgets/reports'));
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const week = DateTime.fromISO(day).startOf('week');
    // The week's date as the page writes it: in the reader's (the browser's) locale.
    const weekDate = await page.evaluate((iso) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }), `${week.toISODate()}T00:00:00Z`);
    const label = `W${week.weekNumber} · ${weekDate}`;
    // Appointments not cancelled that week: 3 (1 completed, 1 no-show, 1 confirmed); 2 paid bookings, none cancelled.
    await row(page, `${label} 3 2 0`, 'Bookings and appointments per week').waitFor({ state: 'attached' });
    await row(page, 'Total $139.00 $0.00', 'Revenue per week').waitFor({ state: 'attached' });
    await row(page, 'No-show 1 33.3%', 'Appointment status mix').waitFor({ state: 'attached' });
    await row(page, 'Total 2 1 50%', 'Form leads and how many paid').waitFor({ state: 'attached' });
    // Each chart is drawn as its box nears the screen (Chart.js loads after first paint): scrolled to,
    // all four are there.
    for (const name of ['Bookings and appointments per week', 'Revenue per week', 'Appointment status mix', 'Form leads and how many paid']) {
      await page.getByRole('region', { name }).scrollIntoViewIfNeeded();
    }
    await expect.poll(() => page.locator('canvas').count(), { timeout: 10_000 }).toBe(4);
    // The page's own content passes axe's WCAG A/AA rules (the shell around it is tested elsewhere).
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The status mix as a table on screen.
    const mix = page.getByRole('region', { name: 'Appointment status mix' });
    await mix.getByRole('button', { name: 'Table' }).click();
    expect(await mix.getByRole('cell', { name: '33.3%' }).first().isVisible()).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = readFileSync((await download.path()), 'utf8').split('\r\n');
    expect(csv[0]).toContain('Week starting,ISO week,Appointments requested');
    expect(csv.find((line) => line.startsWith(week.toISODate()!))).toBe(`${week.toISODate()},${week.toFormat("kkkk-'W'WW")},0,1,1,0,1,2,0,${week.hasSame(DateTime.now().setZone(ZONE), 'week') ? '139.00' : '0.00'},0.00,${week.hasSame(DateTime.now().setZone(ZONE), 'week') ? '2,1' : '0,0'},0,0,0,0`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves a step through the API, skips one, and resumes where it was left after a reload', async () => {
    const owner = await signUpOwner('wizard');
    const { context, page, errors } = await signedIn(browser, owner.token);
    await page.goto(appUrl('/dashboard'));
    await page.getByRole('link', { name: 'Start set-up' }).click();
    await page.waitForURL('**/crafted/pages/wizards/setup');
    await page.getByRole('heading', { name: 'Organisation details' }).waitFor();
    expect(await page.getByLabel(/^Time zone/).inputValue()).toBe(ZONE);
    await fill(page, 'Organisation name', 'Riverside Clinic');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await page.getByRole('heading', { name: 'First service' }).waitFor();
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await fill(page, 'Service name', 'Check-up');
    await fill(page, 'Price \\(\\$\\)', '60');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Opening hours' }).waitFor();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByRole('heading', { name: 'First booking package' }).waitFor();

    // Another visit (another device): the wizard opens at the first step left.
    await page.reload();
    await page.getByRole('heading', { name: 'First booking package' }).waitFor();
    const steps = page.getByRole('navigation', { name: 'Set-up steps' });
    await steps.getByRole('button', { name: /Opening hours\s*:\s*Skipped/ }).waitFor();

    expect((await api<{ name: string }>('GET', '/organization/profile', { token: owner.token })).name).toBe('Riverside Clinic');
    const services = await api<{ items: { name: string; priceCents: number; durationMinutes: number }[] }>('GET', '/services', { token: owner.token });
    expect(services.items).toEqual([expect.objectContaining({ name: 'Check-up', priceCents: 6000, durationMinutes: 30 })]);
    expect((await api<{ steps: Record<string, string> }>('GET', '/organization/setup', { token: owner.token })).steps).toEqual({
      organization: 'done', service: 'done', hours: 'skipped', package: 'todo', form: 'todo', invite: 'todo',
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
