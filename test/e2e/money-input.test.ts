// Issue 34, point 2, in Chromium at 390 and 1366 px: the owner of a EUR clinic on an English browser
// types prices with a decimal comma, key by key as a person does. '85,00' as a booking package's price
// is saved as €85.00 (a number input made it €8,500.00), and the set-up wizard's service step reads
// '85,50' as €85.50 (it was 8550).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, launch, newContext } from './browser';
import { call, newClinicOwner, signIn } from './owner-with-data';

/** A new owner whose clinic charges in euros (chosen at sign-up). */
async function euroOwner(tag: string): Promise<string> {
  const clinic = { name: 'Clínica Sol', legalName: 'Clínica Sol SL', websiteUrl: 'https://clinica.example.com', phoneNumber: '+34911234567', currency: 'EUR' };
  return (await newClinicOwner(tag, clinic, { firstName: 'Elena', phoneNumber: '+34911234567' })).token;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([390, 1366])('money typed with a decimal comma at %i px', (width) => {
  it('a EUR package priced "85,00" is saved as €85.00, and the wizard’s service "85,50" as €85.50', { timeout: 120_000 }, async () => {
    const token = await euroOwner(`money${width}`);
    const { context, page, errors } = await newContext(browser, { width, height: 900 });
    await signIn(context, token);

    await page.goto(appUrl('/bookings/packages/add'));
    await page.getByLabel(/^Package name/).fill('Consultation');
    const price = page.getByLabel(/^Price \(EUR\)/);
    await price.pressSequentially('85,00');
    await page.getByText('Reads as €85.00').waitFor();
    await page.getByRole('button', { name: 'Add Package' }).click();
    await page.waitForURL('**/bookings/packages');
    await page.getByText('€85.00').first().waitFor();
    const packages = await call<{ items: { packageName: string; packagePriceMinor: number; currency: string }[] }>('GET', '/bookings/packages', { token });
    expect(packages.items).toEqual([expect.objectContaining({ packageName: 'Consultation', packagePriceMinor: 8500, currency: 'eur' })]);

    await page.goto(appUrl('/crafted/pages/wizards/setup'));
    await page.getByRole('heading', { name: 'Organisation details' }).waitFor();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByRole('heading', { name: 'First service' }).waitFor();
    await page.getByLabel(/^Service name/).fill('Check-up');
    await page.getByLabel(/^Price \(€\)/).pressSequentially('85,50');
    await page.getByText('Reads as €85.50').waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('heading', { name: 'Opening hours' }).waitFor();
    const services = await call<{ items: { name: string; priceMinor: number; currency: string }[] }>('GET', '/services', { token });
    expect(services.items).toEqual([expect.objectContaining({ name: 'Check-up', priceMinor: 8550, currency: 'eur' })]);

    // Nothing on the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
