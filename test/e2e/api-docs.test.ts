// Issue 16: the API reference page works in a browser under the console's strict CSP (no inline
// script, no eval, nothing from another origin): Scalar's viewer from /api/docs renders the generated
// document, and a click on an operation shows its request body.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the API reference page', () => {
  it('renders the generated document with the viewer from the site, within the CSP', async () => {
    const { context, page, errors } = await newContext(browser);
    const refused: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(appUrl('/')) && !/^(data|blob):/.test(r.url())) elsewhere.push(r.url());
    });
    const res = await page.goto(appUrl('/api/docs'));
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('Clinic Suite API', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByText('Sign in', { exact: true }).first().click();
    // The body of POST /users/login, from its zod schema.
    await page.getByRole('heading', { name: 'Sign in', exact: true }).first().waitFor();
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toMatch(/\bpassword\b[\s\S]*required/);
    expect(errors).toEqual([]);
    expect(refused).toEqual([]);
    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone: no sideways scroll', async () => {
    const { context, page } = await newContext(browser, { width: 390, height: 844 });
    await page.goto(appUrl('/api/docs'));
    await page.getByText('Clinic Suite API', { exact: true }).first().waitFor({ timeout: 30_000 });
    // Every operation's heading rendered (with its "Copy link" button, which used to stick out 6 px).
    await page.getByText("Change the organisation's sign-in security settings").first().waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
