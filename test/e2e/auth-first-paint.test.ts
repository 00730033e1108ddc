// /auth's first paint (web/vite-auth-first-paint.ts): index.html paints the sign-in screen before the
// console's code runs, only where the live screen would look the same, and the live screen takes its
// place without moving anything.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, layoutShift, newContext } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The page with none of the console's scripts: what it shows before they run. */
async function withoutScripts(page: Page) {
  await page.route('**/assets/*.js', (route) => route.abort());
}

describe('/auth before the console code runs', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`paints the sign-in screen, styled, its controls disabled, in ${colorScheme} mode`, async () => {
      const { context, page } = await newContext(browser, { width: 390, height: 844, colorScheme });
      await withoutScripts(page);
      await page.goto(appUrl('/auth'));
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      expect(await page.getByText('Sign in, or create your account, with your email and a password.').isVisible()).toBe(true);
      expect(await page.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);
      expect(await page.getByLabel('Password', { exact: true }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
      expect(await page.locator('.splash-screen').isVisible()).toBe(false);
      // Bootstrap and the app's stylesheet, inline: the theme's page background and a full-width card.
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('.auth-layout')!).backgroundColor)).toBe(
        colorScheme === 'dark' ? 'rgb(27, 28, 34)' : 'rgb(255, 255, 255)',
      );
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      await context.close();
    });
  }

  it('shows the splash screen instead where the live screen would differ', async () => {
    const { context, page } = await newContext(browser, { width: 390, height: 844 });
    await withoutScripts(page);
    const splashOnly = async (path: string) => {
      await page.goto(appUrl(path));
      expect(await page.locator('#auth-first-paint').count(), path).toBe(0);
      expect(await page.locator('.splash-screen').isVisible(), path).toBe(true);
    };
    // Other auth screens and console pages.
    await splashOnly('/auth/forgot-password');
    await splashOnly('/dashboard');
    // Someone signed in: the auth layout sends them to the dashboard.
    await context.addCookies([{ name: 'token', value: 'any', url: appUrl('/') }]);
    await splashOnly('/auth');
    await context.close();
  });
});

describe('/auth when the console code runs', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`replaces the first paint with the live screen without a layout shift, in ${colorScheme} mode`, async () => {
      const { context, page, errors } = await newContext(browser, { width: 390, height: 844, colorScheme });
      const consoleErrors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
      await page.goto(appUrl('/auth'));
      // The live email field is enabled (and focused); the first paint is gone.
      await expect.poll(() => page.getByLabel('Email', { exact: true }).isEnabled(), { timeout: 30_000 }).toBe(true);
      expect(await page.locator('#auth-first-paint').count()).toBe(0);
      expect(await page.locator('#email').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      // The icon font arriving moves an icon by less than a pixel; Lighthouse shows CLS to 3 decimals.
      expect(await layoutShift(page)).toBeLessThan(0.001);
      expect(consoleErrors).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
