// Staff flows in Chromium against the embedded stack. Data is set up over the API and the owner's
// token is put in the browser as the `token` cookie, so no test clicks through the sign-up.
// Issue 4: a member added with read-only Appointment access accepts the mailed invitation and sees
// only what that access allows. Issue 5: a visitor's public request (with an insurance card image)
// is seen, assigned, confirmed and exported to CSV by staff.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { challengeHeaders } from '../support/challenge';
import { appUrl, fill, launch, mailsTo, newContext, testClientHeaders, uniqueEmail } from './browser';
import type { Json } from '../support/json';

const PERMISSIONS_OFF = ['Appointment', 'Members', 'Notifications', 'FORMS', 'BOOKING_PACKAGES'].map((module) => ({
  module,
  read: false,
  write: false,
  delete: false,
}));

async function api<T = Json>(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { ...testClientHeaders(), ...(await challengeHeaders(`${inject('appUrl')}/api`, method, path, options)) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${inject('appUrl')}/api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  let body: { message: string; data?: T };
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  return { status: res.status, body };
}

/** The text of the newest mail to an address matching `pattern`, waiting for it to arrive. */
async function waitForMatch(address: string, pattern: RegExp): Promise<RegExpExecArray> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const mail of (await mailsTo(address)).reverse()) {
      const match = pattern.exec(`${mail.subject}\n${mail.body?.text ?? ''}\n${mail.body?.html ?? ''}`);
      if (match) return match;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${address} matching ${pattern}`);
}

/** The whole sign-up over the API (as test/support/api.ts signUpOwner does): a new owner's token. */
async function signUpOwner(tag = 'owner', password = 'Secret-123') {
  const email = uniqueEmail(tag);
  const sent = await api('POST', '/users/register-email', { body: { email, password } });
  if (sent.status !== 201) throw new Error(`register-email: ${sent.status} ${sent.body.message}`);
  const otp = (await waitForMatch(email, /\b(\d{6})\b/))[1];
  const verified = await api('POST', '/users/verify-email-otp', { body: { email, otp, password } });
  const registration = verified.body.data.token as string;
  const basics = await api('POST', '/users/add-basic-details', {
    token: registration,
    body: { username: `${tag}${randomUUID().slice(0, 6)}`, firstName: 'Olive', lastName: 'Owner', phoneNumber: '+15551234567', gender: 'female' },
  });
  if (basics.status >= 300) throw new Error(`add-basic-details: ${basics.status} ${basics.body.message}`);
  const org = await api('POST', '/users/add-organization', {
    token: registration,
    body: { name: `${tag} Clinic`, email, legalName: `${tag} Clinic LLC`, websiteUrl: 'https://clinic.example.com', phoneNumber: '+15551234567' },
  });
  if (org.status !== 201) throw new Error(`add-organization: ${org.status} ${org.body.message}`);
  return { email, token: org.body.data.token as string };
}

/** A new browser profile signed in with `token` (the cookie the console itself sets). */
async function signedIn(browser: Browser, token: string) {
  const ctx = await newContext(browser);
  await ctx.context.addCookies([{ name: 'token', value: token, domain: new URL(appUrl()).hostname, path: '/', sameSite: 'Strict' }]);
  return ctx;
}

const inviteLink = /(https?:\/\/[^\s"'<>]+\/auth\/accept-invite\?token=[A-Za-z0-9_%.-]+)/;

/** YYYY-MM-DD of today plus `days`, in the local zone (the browser's, the same process's). */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

// A valid 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

describe('issue 4: a member with read-only Appointment access', () => {
  it('is added through the console, accepts the mailed invitation and sees only appointments', async () => {
    const owner = await signUpOwner('inviter');
    const ownerSide = await signedIn(browser, owner.token);
    const { page } = ownerSide;
    const email = uniqueEmail('reader');

    await page.goto(appUrl('/member/add'));
    await page.getByRole('heading', { name: 'New member' }).waitFor();
    await fill(page, 'First name', 'Rita');
    await fill(page, 'Last name', 'Reader');
    await fill(page, 'Email', email);
    await page.getByRole('checkbox', { name: 'Appointments: Read' }).check();
    for (const name of ['Appointments: Write', 'Appointments: Delete', 'Members: Read', 'Forms: Read', 'Bookings: Read']) {
      expect(await page.getByRole('checkbox', { name }).isChecked()).toBe(false);
    }
    await page.getByRole('button', { name: 'Add Member' }).click();
    await page.waitForURL(/\/member$/);
    await page.getByText('Rita Reader').first().waitFor();
    expect(ownerSide.errors).toEqual([]);
    await ownerSide.context.close();

    // The invitation link from the local inbox, opened in a fresh profile.
    const link = (await waitForMatch(email, inviteLink))[1];
    expect(link.startsWith(`${appUrl('/auth/accept-invite')}?token=`)).toBe(true);
    const { context, page: member, errors } = await newContext(browser);
    await member.goto(link);
    await member.getByRole('heading', { name: /^Join / }).waitFor();
    await fill(member, 'Password', 'Member-pass-1');
    await fill(member, 'Confirm password', 'Member-pass-1');
    await member.getByRole('button', { name: 'Accept and sign in' }).click();
    await member.waitForURL('**/dashboard');
    await member.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'token')).toBe(true);

    // Sidebar: Appointments (All, My) but no Members, Forms, Bookings, Logs, nor Book Appointment.
    const side = sidebar(member);
    const group = side.getByRole('button', { name: 'Appointments', exact: true });
    await group.waitFor();
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await side.getByRole('link', { name: 'All Appointments', exact: true }).waitFor();
    await side.getByRole('link', { name: 'My Appointments', exact: true }).waitFor();
    for (const name of ['Members', 'Forms', 'Bookings', 'Form Builder']) {
      expect(await side.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    for (const name of ['All Members', 'Add Member', 'Logs', 'Book Appointment', 'Bookings', 'All Forms']) {
      expect(await side.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    }

    // Dashboard tiles: the appointment counts only.
    const tiles = member.getByRole('region', { name: 'Counts' }).locator('.dashboard-tile .fw-semibold');
    await expect.poll(() => tiles.allTextContents(), { timeout: 10_000 }).toEqual(['Appointments', 'My Appointments']);

    // All Appointments offers no Book Appointment to a reader.
    await side.getByRole('link', { name: 'All Appointments', exact: true }).click();
    await member.waitForURL('**/appointments');
    await member.getByRole('button', { name: 'Export CSV' }).waitFor();
    expect(await member.getByRole('link', { name: /Book Appointment/ }).count()).toBe(0);

    // The members page is not for them: back to the dashboard.
    await member.goto(appUrl('/member'));
    await member.waitForURL('**/dashboard');
    await member.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('issue 5: a public appointment request handled by staff', () => {
  it('a visitor requests with an image; staff see, assign, confirm and export it', async () => {
    const owner = await signUpOwner('desk');
    const integration = await api('GET', '/organization/integration', { token: owner.token });
    expect(integration.status).toBe(200);
    const apiKey = integration.body.data.apiKey as string;
    // A member who can see appointments, to assign to (added and accepted over the API).
    const assigneeEmail = uniqueEmail('assignee');
    const added = await api('POST', '/organization/members/add', {
      token: owner.token,
      body: { email: assigneeEmail, firstName: 'Mona', lastName: 'Member', permissions: PERMISSIONS_OFF.map((p) => (p.module === 'Appointment' ? { ...p, read: true, write: true } : p)) },
    });
    expect(added.status, added.body.message).toBe(201);
    const inviteToken = decodeURIComponent(new URL((await waitForMatch(assigneeEmail, inviteLink))[1]).searchParams.get('token')!);
    const accepted = await api('POST', '/users/accept-invite', { body: { token: inviteToken, password: 'Member-pass-1' } });
    expect(accepted.status, accepted.body.message).toBe(201);

    // The visitor.
    const first = `Vera${randomUUID().slice(0, 4)}`;
    const fullName = `${first} Visitor`;
    const visitorEmail = uniqueEmail('visitor');
    const bookingDate = day(3);
    const visitor = await newContext(browser);
    const v = visitor.page;
    await v.goto(appUrl(`/room-integration/${apiKey}`));
    await v.getByRole('heading', { name: 'Request an appointment' }).waitFor();
    await fill(v, 'First name', first);
    await fill(v, 'Last name', 'Visitor');
    await fill(v, 'Email', visitorEmail);
    await fill(v, 'Phone number', '+15557654321');
    await fill(v, 'Booking date', bookingDate);
    await fill(v, 'Booking time', '10:30');
    await v.getByLabel('Reason of appointment').fill('Back pain');
    await v.getByLabel(/^Insurance card/).setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: PNG });
    await v.getByRole('button', { name: 'Send request' }).click();
    await v.locator('.alert-success').waitFor({ timeout: 15_000 });
    expect(await v.locator('.alert-danger').count()).toBe(0);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    // Staff: the owner signed in through the cookie.
    const staff = await signedIn(browser, owner.token);
    const { page } = staff;
    await page.goto(appUrl('/appointments'));
    const row = page.getByRole('row').filter({ hasText: fullName });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText('Public request').waitFor();
    await row.getByText('Requested', { exact: true }).waitFor();
    await row.getByRole('link', { name: fullName }).click();
    await page.waitForURL(/\/appointments\/[^/]+$/);
    const title = page.getByRole('heading', { level: 2, name: new RegExp(fullName) });
    await title.waitFor();
    await page.getByText('Back pain').waitFor();
    await page.getByRole('heading', { name: 'Attachments' }).waitFor();
    await page.getByRole('button', { name: 'Open image' }).waitFor();

    // Assign to the member.
    await page.getByRole('button', { name: `Assign ${fullName}` }).click();
    await page.getByRole('button', { name: /Mona Member/ }).click();
    const summary = page.locator('#appointment-title + div');
    await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toContain('Assigned to Mona Member');
    await page.getByText('Assigned to Mona Member', { exact: true }).waitFor(); // the history entry
    await expect.poll(() => page.getByRole('button', { name: `Assign ${fullName}` }).textContent(), { timeout: 10_000 }).toContain('Reassign');

    // Confirm it.
    await page.getByRole('button', { name: `Change status of ${fullName}` }).click();
    await page.getByRole('button', { name: 'Mark as confirmed' }).click();
    await expect.poll(() => title.locator('.badge').textContent(), { timeout: 10_000 }).toBe('Confirmed');

    // Export a date range covering it from All Appointments: a download whose CSV names the visitor.
    await page.goto(appUrl('/appointments'));
    await page.getByRole('row').filter({ hasText: fullName }).getByText('Confirmed', { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Export appointments to CSV' }).waitFor();
    await dialog.getByLabel('Start date').fill(day(0));
    await dialog.getByLabel('End date').fill(day(10));
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), dialog.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`appointments-${day(0)}-to-${day(10)}.csv`);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv).toContain(first);
    expect(csv).toContain(visitorEmail);
    expect(csv.toLowerCase()).toContain('confirmed');
    await expect.poll(() => dialog.count(), { timeout: 5000 }).toBe(0);
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });
});

