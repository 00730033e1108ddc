// The console in Chromium against the embedded stack: sign-up to the dashboard, sign-out, sign-in,
// the guard without a token, the theme across a reload, the mobile drawer, and a password reset.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, codeFor, fill, launch, mailCount, newContext, signUp, submitCredentials, tokenCookie, uniqueEmail, testClientHeaders } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('account flow', () => {
  const email = uniqueEmail('owner');
  const password = 'Secret-123';

  it('signs up with the emailed code, through basic and organisation details, to the dashboard', async () => {
    const { context, page, errors } = await newContext(browser);
    await signUp(page, email, password);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('Your organisation is ready.').waitFor();
    const cookie = await tokenCookie(context);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict', secure: false });
    expect(await page.evaluate(() => sessionStorage.getItem('registrationToken'))).toBeNull();
    // The avatar menu shows the new user, verified.
    await page.getByRole('button', { name: /Account menu for Olive Owner/ }).click();
    await page.getByText('Verified', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs out through the dialog, and signs in again', async () => {
    const { context, page } = await newContext(browser);
    await submitCredentials(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.getByText('Login successful').waitFor();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    await dialog.getByText('You will be logged out of your account.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/dashboard');

    await page.locator('.app-sidebar').getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, log out' }).click();
    await page.waitForURL('**/auth');
    expect(await tokenCookie(context)).toBeUndefined();

    await submitCredentials(page, email, password);
    await page.waitForURL('**/dashboard');
    expect(await tokenCookie(context)).toBeDefined();
    await context.close();
  });

  it('a wrong password is refused with a red banner', async () => {
    const { context, page } = await newContext(browser);
    // For a verified account, a wrong password on the combined screen answers like a new sign-up
    // (a code is "sent"), so nothing tells a stranger the account exists.
    await submitCredentials(page, email, 'Wrong-pass-1');
    await page.getByRole('button', { name: 'Verify' }).waitFor();
    await fill(page, 'Verification code', '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.locator('.alert-danger').waitFor();
    expect(page.url()).toContain('/auth');
    await context.close();
  });

  it('resets a forgotten password with the emailed code', async () => {
    const { context, page } = await newContext(browser);
    await page.goto(appUrl('/auth'));
    await page.getByRole('link', { name: 'Forgot Password ?' }).click();
    await page.waitForURL('**/auth/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password ?' }).waitFor();
    const before = await mailCount(email);
    await fill(page, 'Email', email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByLabel('Reset code').waitFor();
    await fill(page, 'Reset code', await codeFor(email, before));
    await fill(page, 'New password', 'Brand-new-9');
    await fill(page, 'Confirm new password', 'Brand-new-9');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/auth');
    await expect.poll(() => page.locator('.alert-success').textContent(), { timeout: 5000 }).toContain('You can sign in now');
    await submitCredentials(page, email, 'Brand-new-9');
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});

describe('guards and preferences', () => {
  it('a guarded URL without a token lands on /auth', async () => {
    const { context, page } = await newContext(browser);
    await page.goto(appUrl('/crafted/account/settings'));
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await context.close();
  });

  it('the theme choice survives a reload', async () => {
    const { context, page } = await newContext(browser);
    await signUp(page, uniqueEmail('theme'), 'Secret-123');
    // The dashboard settled (its page and data loaded), so the header is not re-rendered under the click.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    const html = page.locator('html');
    expect(await html.getAttribute('data-bs-theme')).toBe('light');
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('button', { name: 'Dark', exact: true }).click();
    await expect.poll(() => html.getAttribute('data-bs-theme'), { timeout: 5000 }).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await html.getAttribute('data-bs-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme_mode'))).toBe('dark');
    // The active entry is highlighted.
    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    expect(await page.getByRole('button', { name: 'Dark', exact: true }).getAttribute('class')).toContain('active');
    await context.close();
  });

  it('on a 390 px screen the menu is a drawer that opens and closes', async () => {
    const { context, page } = await newContext(browser, { width: 390, height: 844 });
    await signUp(page, uniqueEmail('mobile'), 'Secret-123');
    expect(await page.locator('.app-sidebar').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'My Profile' }).waitFor();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => drawer.count(), { timeout: 5000 }).toBe(0);
    // A link in the drawer navigates and closes it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL('**/profile');
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
    await context.close();
  });
});

describe('code splitting', () => {
  it('a public page loads none of the console code, and no stylesheet', async () => {
    const { context, page, errors } = await newContext(browser);
    const scripts: string[] = [];
    const styles: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      if (r.resourceType() === 'stylesheet') styles.push(new URL(r.url()).pathname);
    });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.goto(appUrl('/booking/no-such-key'));
    await page.getByRole('alert').waitFor();
    await page.waitForLoadState('networkidle');
    // Its own entry (booking.html's), none of the console's chunks, and its CSS inline.
    expect(scripts.some((s) => /\/assets\/booking-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/(console|shell|auth-layout|dashboard)-[\w-]+\.js$/.test(s))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'dist', 'web', '.vite', 'manifest.json'), 'utf8'));
    expect(scripts).not.toContain(`/${manifest['index.html'].file}`);
    expect(styles).toEqual([]);
    // The page took its prerendered HTML over with no error logged.
    expect(consoleErrors.filter((e) => !/404|Not Found/i.test(e))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('public pages before JavaScript runs', () => {
  it('paint their title, labels and layout from the prerendered HTML, with no splash screen', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } , extraHTTPHeaders: testClientHeaders() });
    const page = await context.newPage();
    const expectations: [string, string, string[]][] = [
      ['/booking/pk_any', 'Booking', ['Package', 'First Name', 'Last Name', 'Email', 'Phone Number']],
      ['/room-integration/pk_any', 'Request an appointment', []],
      ['/form-builder/public/f1/pk_any', 'Loading the form...', []],
      ['/manage', 'Your booking', []],
    ];
    for (const [path, heading, labels] of expectations) {
      await page.goto(appUrl(path));
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toContain(heading);
      for (const label of labels) expect(await page.getByLabel(new RegExp(`^${label}`)).isVisible(), `${path} ${label}`).toBe(true);
      // Styled by the inline CSS (Bootstrap's container), with no stylesheet to wait for.
      expect(await page.locator('main.container').evaluate((el) => getComputedStyle(el).paddingTop), path).not.toBe('0px');
      expect(await page.locator('link[rel=stylesheet]').count(), path).toBe(0);
      expect(await page.locator('.splash-screen').count(), path).toBe(0);
    }
    await context.close();
  });
});
