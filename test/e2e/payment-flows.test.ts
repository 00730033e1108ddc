// Card payments end to end in Chromium against the embedded stack: a visitor pays for a form package
// and for a booking on the public pages, through the local Stripe checkout in the same tab; the payer is
// mailed (a receipt; a confirmation with a calendar invitation) and the owner sees it paid in the console.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, mailsTo, newContext, uniqueEmail } from './browser';
import { call, newClinicWithKey, signIn } from './owner-with-data';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A field's label, exactly (a required field's label ends with a star). */
const field = (label: string) => new RegExp(`^${label}\\*?$`);

/** Pays on the local checkout the page went to (in the same tab, issue 34: no popup), and waits until it is back on the site. */
async function payHere(context: BrowserContext, page: Page, email: string): Promise<Page> {
  await page.waitForURL('**/local/checkout/**');
  expect(context.pages()).toHaveLength(1);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/payment=success/);
  return page;
}

describe('form payments (issue 6)', () => {
  it('a visitor picks a package, pays on the checkout (same tab); receipt mailed, owner sees it Paid', async () => {
    const owner = await newClinicWithKey('formpay');
    const pkg = async (body: Record<string, unknown>) => (await call('POST', '/packages', { token: owner.token, body, expect: 201 })).id as string;
    const assessment = await pkg({ name: 'Assessment', price: 40, isPayable: true });
    const followUp = await pkg({ name: 'Follow-up', price: 25, isPayable: true });
    const form = await call('POST', '/form-builder/form', {
      token: owner.token,
      body: { name: 'Intake form', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }, { id: 'name', label: 'Name', type: 'text' }], packageIds: [assessment, followUp] },
      expect: 201,
    });
    const payer = uniqueEmail('payer');

    const { context, page, errors } = await newContext(browser);
    await page.goto(appUrl(`/form-builder/public/${form.id}/${owner.apiKey}`));
    await page.getByRole('heading', { level: 1, name: 'Intake form' }).waitFor();
    await page.getByRole('article', { name: 'Follow-up' }).waitFor();
    await page.getByRole('article', { name: 'Assessment' }).getByRole('button', { name: 'Select' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Package: Assessment').waitFor();
    await dialog.getByLabel(field('Email')).fill(payer);
    await dialog.getByLabel(field('Name')).fill('Pat Payer');
    await dialog.getByRole('button', { name: 'Pay Now' }).click();
    // The form page says so until it goes to the checkout (after 1.5 s).
    await page.getByText('Redirecting to payment page...').waitFor();
    const checkout = await payHere(context, page, payer);
    expect(checkout.url()).toContain(`/form-builder/public/${form.id}/${owner.apiKey}?payment=success&lang=en`);
    await checkout.getByText('Thank you for your payment. A receipt is on its way to your email.').waitFor();

    await expect.poll(async () => (await mailsTo(payer)).map((m) => m.subject), { timeout: 15_000 }).toEqual(['Payment receipt from formpay Clinic']);
    const [receipt] = await mailsTo(payer);
    expect(receipt.body?.text).toContain('Amount: $40.00 (USD)');
    expect(receipt.body?.text).toContain('Package: Assessment');
    expect(errors).toEqual([]);
    await context.close();

    const staff = await newContext(browser);
    await signIn(staff.context, owner.token);
    await staff.page.goto(appUrl(`/form-builder/${form.id}/submissions`));
    const payments = staff.page.getByRole('region', { name: 'Payments' });
    const row = payments.getByRole('row').filter({ hasText: payer });
    await row.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText('$40.00').waitFor();
    await row.getByText('Assessment').waitFor();
    // The submission is marked paid too.
    const submissions = staff.page.getByRole('region', { name: /^Submissions/ });
    await submissions.getByRole('listitem').filter({ hasText: payer }).getByText('Paid', { exact: true }).waitFor();
    await staff.context.close();
  });
});

describe('booking payments (issue 7)', () => {
  it('a visitor books a free time and pays on the checkout (same tab); confirmation with .ics mailed, owner sees it Paid', async () => {
    const owner = await newClinicWithKey('bookpay');
    const pkg = await call('POST', '/bookings/packages', {
      token: owner.token,
      body: { packageName: 'Consultation', packagePrice: 49.5, packageDescription: 'A first visit.' },
      expect: 201,
    });
    // A date at least two days ahead with free times under the default availability (weekdays).
    let date: string | undefined;
    for (let days = 2; days < 12 && !date; days++) {
      const candidate = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const day = await call('POST', '/bookings/available-slots', { body: { apiKey: owner.apiKey, date: candidate, packageId: pkg.id } });
      if (day?.slots?.length) date = candidate;
    }
    expect(date).toBeDefined();
    const visitor = uniqueEmail('visitor');

    const { context, page, errors } = await newContext(browser);
    await page.goto(appUrl(`/booking/${owner.apiKey}`));
    await page.getByRole('heading', { level: 1, name: 'Booking' }).waitFor();
    await page.getByLabel(field('Package')).selectOption({ label: 'Consultation' });
    await page.getByRole('region', { name: 'Package details' }).getByText('$49.50').waitFor();
    await page.getByLabel(field('First Name')).fill('Pat');
    await page.getByLabel(field('Last Name')).fill('Visitor');
    await page.getByLabel(field('Email')).fill(visitor);
    await page.getByLabel(field('Phone Number')).fill('+15551234567');
    // The day in the month view (the only way to choose one), on the next month's page when it falls there.
    const month = page.getByRole('region', { name: 'Free days' });
    await month.locator('button[data-date]:not([disabled])').first().waitFor();
    if (!(await month.locator(`button[data-date="${date}"]`).count())) await month.getByRole('button', { name: 'Next month' }).click();
    await month.locator(`button[data-date="${date}"]:not([disabled])`).click();
    const times = page.getByRole('region', { name: 'Available times' });
    const first = times.getByRole('button').first();
    await first.waitFor();
    await first.click();
    await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Continue' }).click();
    const checkout = await payHere(context, page, visitor);
    expect(checkout.url()).toContain(`/booking/${owner.apiKey}?payment=success&lang=en`);

    await expect
      .poll(async () => (await mailsTo(visitor)).flatMap((m) => m.attachments ?? []).map((a) => a.filename ?? ''), { timeout: 15_000 })
      .toContainEqual(expect.stringMatching(/\.ics$/));
    expect(errors).toEqual([]);
    await context.close();

    const staff = await newContext(browser);
    await signIn(staff.context, owner.token);
    await staff.page.goto(appUrl('/bookings'));
    const row = staff.page.getByRole('row').filter({ hasText: visitor });
    // The one payment state a booking shows (issue 36, shared/bookings/visit.ts PAYMENT_STATE_LABELS).
    await row.getByText('Paid in full', { exact: true }).waitFor({ timeout: 15_000 });
    await row.getByText('Confirmed', { exact: true }).waitFor();
    await row.getByText('Consultation').waitFor();
    await staff.context.close();
  });
});
