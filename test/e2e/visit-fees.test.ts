// Issue 36, point 3, in Chromium at 390 and 1366 px: a staff member opens a booking whose time has
// come, marks it a no-show and charges the no-show fee the patient agreed to; the page shows the fee
// charged and the booking's payment state. The patient books and pays on the local checkout over the
// API; their saved card (a Customer and Stripe's test card pm_card_visa, through the stand-in's API)
// and the agreed policy are written on the booking record, as `paychoice` builds their saving apart.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { payLocalCheckout } from '../support/stripe';
import { appUrl, launch, newContext, uniqueEmail } from './browser';
import { call, newClinicOwner, signIn } from './owner-with-data';
import type { Json } from '../support/json';

async function stripe(path: string, form: Record<string, string>) {
  const env = inject('stackEnv');
  const res = await fetch(`${env.STRIPE_API_BASE}${path}`, { method: 'POST', headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  return (await res.json()) as Record<string, Json>;
}

/** A paid booking with a saved card and a $25.00 no-show fee agreed, its time an hour ago. */
async function noShowCandidate(token: string, orgId: string, apiKey: string, packageId: string, time: string) {
  const email = uniqueEmail('patient');
  const bookingDate = DateTime.now().setZone('America/New_York').plus({ days: 3 }).toISODate()!;
  const held = await call('POST', '/bookings/create-booking', { body: { firstName: 'Nora', lastName: 'Noshow', email, phoneNumber: '+15557654321', bookingDate, bookingTime: time, apiKey, packageId } });
  await payLocalCheckout(held.checkoutUrl, email);
  await eventually(async () => ((await call('GET', `/bookings/booking/${held.bookingId}`, { token })).status === 'confirmed' ? true : undefined), 'booking confirmed');
  const customer = await stripe('/v1/customers', { email });
  const method = await stripe('/v1/payment_methods/pm_card_visa/attach', { customer: customer.id });
  const { client, table } = testDb();
  await client.send(new UpdateCommand({
    TableName: table,
    Key: { pk: `ORG#${orgId}#BOOKING#${held.bookingId}`, sk: 'BOOKING' },
    UpdateExpression: 'SET savedCard = :card, paymentPolicy = :policy, startUtc = :start',
    ExpressionAttributeValues: {
      ':card': { customerId: customer.id, paymentMethodId: method.id, brand: method.card.brand, last4: method.card.last4 },
      ':policy': { mode: 'full', dueNowMinor: 4950, dueAtVisitMinor: 0, noShowFeeMinor: 2500, lateCancelFeeMinor: 1500, cancellationWindowHours: 24 },
      ':start': new Date(Date.now() - 3600_000).toISOString(),
    },
  }));
  return held.bookingId as string;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('after the visit', () => {
  it('staff mark a no-show and charge the fee, at 390 and 1366 px', { timeout: 120_000 }, async () => {
    const owner = await newClinicOwner('fees', { name: 'Harbour Physio', legalName: 'Harbour Physio LLC', websiteUrl: 'https://physio.example.com', phoneNumber: '+15551234567', timeZone: 'America/New_York' });
    const me = await call('GET', '/users/profile', { token: owner.token });
    const orgId = me.organizationId as string;
    const { apiKey } = await call('GET', '/organization/integration', { token: owner.token });
    const hours = [{ start: '08:00', end: '18:00' }];
    await call('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours: { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: hours }, slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 400 } });
    const pkg = await call('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Physio session', packagePrice: 49.5 } });

    for (const [width, time] of [[390, '09:00'], [1366, '11:00']] as const) {
      const id = await noShowCandidate(owner.token, orgId, apiKey, pkg.id, time);
      const { context, page, errors } = await newContext(browser, { width, height: 900 });
      await signIn(context, owner.token);
      await page.goto(appUrl(`/bookings/booking/${id}`));
      const card = page.getByRole('region', { name: 'After the visit' });
      await card.getByText('Paid in full').waitFor();
      await card.getByRole('button', { name: 'No-show' }).click();
      await card.getByText('$25.00, as the patient agreed when booking · card visa •••• 4242').waitFor();
      await card.getByRole('button', { name: 'Charge $25.00' }).click();
      await card.getByText(/^Charged \$25\.00 on /).waitFor();
      await card.getByText('Fee charged').waitFor();
      expect(await card.getByRole('button', { name: 'No-show' }).getAttribute('aria-pressed')).toBe('true');
      expect(await card.getByRole('button', { name: /Charge/ }).count()).toBe(0);
      await page.screenshot({ path: `/tmp/visitfees-shots/after-visit-${width}.png`, fullPage: true });
      const booking = await call('GET', `/bookings/booking/${id}`, { token: owner.token });
      expect(booking).toMatchObject({ attendance: 'no_show', paymentState: 'fee_charged', fee: { status: 'charged', amountMinor: 2500 } });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
