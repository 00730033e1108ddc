// The clinic's currency end to end (issue 26): chosen at sign-up, prices checked by Stripe's rules
// for it, Checkout opened in it (¥5,000 is 5000 'jpy'), the payment's receipt, report and webhook in
// it, and no change of currency while something unpaid is open. And the Stripe client's retries
// (issue 27) against the local stand-in failing first.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { todayIn } from '../../shared/bookings/time';
import type { WebhookEventBody } from '#shared/webhooks/schemas';
import { api, mailsTo, signUpOwner, uniqueEmail, uniquePhone, waitForMails, type Owner } from '../support/api';
import { eventually } from '../support/eventually';
import { expireLocalCheckout, failStripeNext, payLocalCheckout, sendStripeEvent, sessionIdOf, stripeEvent, stripeSession } from '../support/stripe';
import { dayAhead, everyDay, ZONE } from './booking-support';
import { bookingForm } from './appointments-support';
import { testDb } from '../support/db';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';

async function clinic(tag: string, organization: { currency?: string; country?: string }) {
  const owner = await signUpOwner(tag, undefined, { timeZone: ZONE, ...organization });
  const saved = await api('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours: everyDay('08:00', '18:00'), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 400 } });
  expect(saved.status, saved.body.message).toBe(200);
  const apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey as string;
  return { owner, apiKey };
}

/** Time for a second mail or webhook to arrive, if one were (wrongly) sent: the outbox sends within about a second. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

const profile = async (owner: Owner) => (await api('GET', '/organization/profile', { token: owner.token })).body.data;
const book = (apiKey: string, packageId: string, bookingDate: string, bookingTime: string, email = uniqueEmail('visitor')) =>
  api('POST', '/bookings/create-booking', { body: { firstName: 'Pat', lastName: 'Visitor', email, phoneNumber: uniquePhone(), bookingDate, bookingTime, apiKey, packageId } });

describe('an organisation has a currency', () => {
  it('is chosen at sign-up: the one asked for, else the country of the creator, else USD', async () => {
    expect((await profile(await signUpOwner('cur-jpy', undefined, { currency: 'JPY' }))).currency).toBe('jpy');
    expect((await profile(await signUpOwner('cur-de', undefined, { country: 'Germany' }))).currency).toBe('eur');
    expect((await profile(await signUpOwner('cur-none'))).currency).toBe('usd');
    // Bulgaria adopted the euro on 2026-01-01.
    expect((await profile(await signUpOwner('cur-bg', undefined, { country: 'Bulgaria' }))).currency).toBe('eur');
    const refused = await api('POST', '/users/add-organization', { token: 'x', body: { currency: 'zzz' } });
    expect(refused.status).not.toBe(201);
  });
});

describe('an ended currency', () => {
  it('is chosen by nobody any more, while a clinic still in it can move to its successor', async () => {
    const refused = await signUpOwner('cur-ang', undefined, { currency: 'ANG' }).catch((error: Error) => error.message);
    expect(refused).toBe('add-organization: 400 ANG ended on 2025-03-31: please choose XCG, its successor');

    // A clinic that charged in lev before 2026 (set directly: sign-up no longer offers it).
    const owner = await signUpOwner('cur-lev', undefined, { currency: 'EUR' });
    const { client, table } = testDb();
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}`, sk: 'PROFILE' }, UpdateExpression: 'SET currency = :c', ExpressionAttributeValues: { ':c': 'bgn' } }));
    expect((await profile(owner)).currency).toBe('bgn');
    const back = await api('PATCH', '/organization/profile', { token: owner.token, body: { currency: 'ANG' } });
    expect(back.status).toBe(400);
    expect(back.body.errors).toEqual({ currency: 'ANG ended on 2025-03-31: please choose XCG, its successor' });
    const moved = await api('PATCH', '/organization/profile', { token: owner.token, body: { currency: 'EUR' } });
    expect(moved.status, moved.body.message).toBe(200);
    expect((await profile(owner)).currency).toBe('eur');
  });
});

describe('a JPY clinic', () => {
  it("prices ¥5,000 as 5000 and opens a Checkout Session of 5000 'jpy' (after Stripe failed the first try)", async () => {
    const { owner, apiKey } = await clinic('cur-yen', { currency: 'jpy' });
    const create = (packagePrice: unknown) => api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Shiatsu', packagePrice } });
    const decimals = await create('5000.5');
    expect(decimals.status).toBe(400);
    expect(decimals.body.errors).toEqual({ packagePrice: 'Amounts in JPY have no decimals' });
    const small = await create(49);
    expect(small.body.errors).toEqual({ packagePrice: 'A booking package needs a price of at least ¥50.' });
    const made = await create(5000);
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.data).toMatchObject({ packagePrice: 5000, packagePriceCents: 5000, packagePriceMinor: 5000, currency: 'jpy' });
    const shown = await api('POST', '/bookings/available-packages', { body: { apiKey } });
    expect(shown.body.data.find((p: { id: string }) => p.id === made.body.data.id)).toMatchObject({ packagePrice: 5000, currency: 'jpy' });

    // Stripe answers 500 first: the client retries (same Idempotency-Key) and the booking opens one session.
    await failStripeNext({ path: '/v1/checkout/sessions', status: 500, orgId: owner.orgId });
    const held = await book(apiKey, made.body.data.id, dayAhead(3), '10:00');
    expect(held.status, held.body.message).toBe(201);
    // One money field (docs/conventions.md "Money in replies"): ¥5,000 is 5000 minor units.
    expect(held.body.data).toMatchObject({ amountMinor: 5000, currency: 'jpy' });
    expect(Object.keys(held.body.data).filter((k) => /amount|price/i.test(k))).toEqual(['amountMinor']);
    const session = await stripeSession(sessionIdOf(held.body.data.checkoutUrl));
    expect(session).toMatchObject({ amount_total: 5000, currency: 'jpy', metadata: { kind: 'booking', bookingId: held.body.data.bookingId } });
    const booking = (await api('GET', `/bookings/booking/${held.body.data.bookingId}`, { token: owner.token })).body.data;
    expect(booking).toMatchObject({ price: 5000, priceMinor: 5000, priceCents: 5000, currency: 'jpy' });
  });

  it('confirms a paid yen booking once when Stripe sends its completion twice, under two event ids', async () => {
    const { owner, apiKey } = await clinic('cur-yen-twice', { currency: 'jpy' });
    const pkg = (await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Shiatsu', packagePrice: 5000 } })).body.data;
    const email = uniqueEmail('yen-payer');
    const held = await book(apiKey, pkg.id, dayAhead(5), '11:00', email);
    expect(held.status, held.body.message).toBe(201);
    await payLocalCheckout(held.body.data.checkoutUrl, email);
    const [confirmation] = await waitForMails(email);
    expect(confirmation.body.text).toContain('¥5,000');

    // The same completed session again, as a new event (a redelivery after a timeout looks like this).
    const paid = await stripeSession(sessionIdOf(held.body.data.checkoutUrl));
    expect(paid).toMatchObject({ payment_status: 'paid', amount_total: 5000, currency: 'jpy' });
    const again = await sendStripeEvent(stripeEvent('checkout.session.completed', paid));
    expect(again.status, again.body.message).toBe(200);
    await settle();
    expect(await mailsTo(email)).toHaveLength(1);
    const booking = (await api('GET', `/bookings/booking/${held.body.data.bookingId}`, { token: owner.token })).body.data;
    expect(booking).toMatchObject({ status: 'confirmed', priceMinor: 5000, currency: 'jpy' });
    const day = todayIn(ZONE);
    const report = (await api('GET', `/reports?from=${day}&to=${day}`, { token: owner.token })).body.data;
    expect(report.weeks[0].revenue).toEqual({ jpy: { paid: 5000, refunded: 0 } });
  });

  it('gives up after two retries with a clear error, and releases the hold', async () => {
    const { owner, apiKey } = await clinic('cur-yen-down', { currency: 'jpy' });
    const pkg = (await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Shiatsu', packagePrice: 5000 } })).body.data;
    await failStripeNext({ path: '/v1/checkout/sessions', status: 503, count: 3, orgId: owner.orgId });
    const failed = await book(apiKey, pkg.id, dayAhead(4), '10:00');
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('The payment provider did not answer as expected. Please try again.');
    // The place was given back: the same time can be held now.
    expect((await book(apiKey, pkg.id, dayAhead(4), '10:00')).status).toBe(201);
  });
});

describe('a KWD clinic', () => {
  it('refuses a price whose last fils digit is not 0, with a clear message', async () => {
    const { owner } = await clinic('cur-kwd', { currency: 'kwd' });
    const booking = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Physio', packagePrice: '5.125' } });
    expect(booking.status).toBe(400);
    expect(booking.body).toMatchObject({ message: 'Amounts in KWD must end in 0', errors: { packagePrice: 'Amounts in KWD must end in 0' } });
    const form = await api('POST', '/packages', { token: owner.token, body: { name: 'Physio', price: 5.125, isPayable: true } });
    expect(form.status).toBe(400);
    expect(form.body.errors).toEqual({ price: 'Amounts in KWD must end in 0' });
    const fine = await api('POST', '/packages', { token: owner.token, body: { name: 'Physio', price: '5.12', isPayable: true } });
    expect(fine.status, fine.body.message).toBe(201);
    expect(fine.body.data).toMatchObject({ price: 5.12, priceMinor: 5120, currency: 'kwd' });
  });
});

describe('a EUR clinic', () => {
  it("a form payment's receipt, report and webhook all say EUR with the right amount", async () => {
    const { owner, apiKey } = await clinic('cur-eur', { currency: 'eur' });
    // A webhook receiver for payment.succeeded.
    const received: WebhookEventBody[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push(JSON.parse(raw) as WebhookEventBody);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const hook = await api('POST', '/organization/webhooks', { token: owner.token, body: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, events: ['payment.succeeded'], description: 'Test' } });
      expect(hook.status, hook.body.message).toBe(201);
      const pkg = (await api('POST', '/packages', { token: owner.token, body: { name: 'Assessment', price: '40', isPayable: true } })).body.data;
      expect(pkg).toMatchObject({ price: 40, priceMinor: 4000, currency: 'eur' });
      const form = (await api('POST', '/form-builder/form', { token: owner.token, body: { name: 'Intake', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }], packageIds: [pkg.id] } })).body.data;
      const email = uniqueEmail('payer');
      const submitted = await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, packageId: pkg.id, items: [{ fieldId: 'email', value: email }] } });
      expect(submitted.status, submitted.body.message).toBe(201);
      const submissionId = submitted.body.data.submissionId;
      // A page that says USD is out of date: refused, nothing opened.
      const stale = await api('POST', '/leads/payments/session', { body: { formId: form.id, apiKey, packageId: pkg.id, submissionId, currency: 'usd' } });
      expect(stale.status).toBe(400);
      expect(stale.body.message).toBe('This package is priced in EUR. Please reload the page.');
      const opened = await api('POST', '/leads/payments/session', { body: { formId: form.id, apiKey, packageId: pkg.id, submissionId, currency: 'eur' } });
      expect(opened.status, opened.body.message).toBe(201);
      expect(opened.body.data).toMatchObject({ amountMinor: 4000, currency: 'eur' });
      expect(Object.keys(opened.body.data).filter((k) => /amount|price/i.test(k))).toEqual(['amountMinor']);
      expect(await stripeSession(opened.body.data.sessionId)).toMatchObject({ amount_total: 4000, currency: 'eur' });

      await payLocalCheckout(opened.body.data.url, email);
      const [receipt] = await waitForMails(email);
      expect(receipt.body.text).toContain('Amount: €40.00 (EUR)');
      const payment = await eventually(async () => {
        const p = (await api('GET', `/payment/submission/${opened.body.data.paymentId}`, { token: owner.token })).body.data;
        return p?.status === 'paid' ? p : undefined;
      }, 'payment paid');
      expect(payment).toMatchObject({ amount: 40, amountMinor: 4000, amountPaidCents: 4000, currency: 'eur' });

      const day = todayIn(ZONE);
      const report = await api('GET', `/reports?from=${day}&to=${day}`, { token: owner.token });
      expect(report.status, report.body.message).toBe(200);
      expect(report.body.data.weeks[0].revenue).toEqual({ eur: { paid: 4000, refunded: 0 } });

      const event = await eventually(() => received.find((e) => e.type === 'payment.succeeded'), 'payment.succeeded');
      expect(event.data.object).toMatchObject({ object: 'payment', status: 'succeeded', amountCents: 4000, amountMinor: 4000, refundedMinor: 0, currency: 'eur' });

      // Stripe sends the completion again under a new event id: no second receipt, webhook or takings.
      const again = await sendStripeEvent(stripeEvent('checkout.session.completed', await stripeSession(opened.body.data.sessionId)));
      expect(again.status, again.body.message).toBe(200);
      await settle();
      expect(await mailsTo(email)).toHaveLength(1);
      expect(received.filter((e) => e.type === 'payment.succeeded')).toHaveLength(1);
      expect((await api('GET', `/reports?from=${day}&to=${day}`, { token: owner.token })).body.data.weeks[0].revenue).toEqual({ eur: { paid: 4000, refunded: 0 } });
    } finally {
      server.close();
    }
  });
});

describe('changing the currency', () => {
  it('is refused while a booking is held or a card payment is open in the old one, and allowed after', async () => {
    const { owner, apiKey } = await clinic('cur-change', {});
    const pkg = (await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Consultation', packagePrice: 49.5 } })).body.data;
    const held = await book(apiKey, pkg.id, dayAhead(5), '11:00');
    expect(held.status, held.body.message).toBe(201);
    const change = () => api('PATCH', '/organization/profile', { token: owner.token, body: { currency: 'eur' } });
    const refused = await change();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The currency cannot change while bookings or payments in USD are still open (a held booking or a started card payment). Please try again once they are paid or expired.',
    );
    expect((await profile(owner)).currency).toBe('usd');
    // Its checkout expires: the hold is given back, and the currency may change.
    await expireLocalCheckout(sessionIdOf(held.body.data.checkoutUrl));
    await eventually(async () => ((await api('GET', `/bookings/booking/${held.body.data.bookingId}`, { token: owner.token })).body.data.status === 'expired' ? true : undefined), 'hold expired');
    const changed = await change();
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data.currency).toBe('eur');
    // The package priced in USD keeps its own currency until it is priced again.
    expect((await api('GET', `/bookings/packages/${pkg.id}`, { token: owner.token })).body.data).toMatchObject({ packagePrice: 49.5, currency: 'usd' });

    // An open card payment of a form blocks it the same way.
    const formPkg = (await api('POST', '/packages', { token: owner.token, body: { name: 'Gold', price: 40, isPayable: true } })).body.data;
    const form = (await api('POST', '/form-builder/form', { token: owner.token, body: { name: 'Intake', fields: [{ id: 'email', label: 'Email', type: 'email', required: true }], packageIds: [formPkg.id] } })).body.data;
    const sub = await api('POST', `/form-builder/form/${form.id}/submissions`, { body: { apiKey, packageId: formPkg.id, items: [{ fieldId: 'email', value: uniqueEmail('p') }] } });
    const opened = await api('POST', '/leads/payments/session', { body: { formId: form.id, apiKey, packageId: formPkg.id, submissionId: sub.body.data.submissionId } });
    expect(opened.status, opened.body.message).toBe(201);
    const back = await api('PATCH', '/organization/profile', { token: owner.token, body: { currency: 'gbp' } });
    expect(back.status).toBe(409);
    expect(back.body.message).toContain('payments in EUR are still open');
  });
});

describe("services are priced in the clinic's currency", () => {
  it('in minor units with the currency in the console, the public request page and the mail; old services read as the clinic\'s', async () => {
    const { owner, apiKey } = await clinic('cur-svc', { currency: 'jpy' });
    const category = (await api('POST', '/service-categories', { token: owner.token, body: { name: 'Massage' } })).body.data;
    const made = await api('POST', '/services', { token: owner.token, body: { categoryId: category.id, name: 'Shiatsu', durationMinutes: 60, priceMinor: 5000 } });
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.data).toMatchObject({ price: 5000, priceMinor: 5000, priceCents: 5000, currency: 'jpy' });
    // A price below a card's minimum is fine for a service (it is not charged by card); free too.
    const cheap = await api('POST', '/services', { token: owner.token, body: { categoryId: category.id, name: 'Tea', durationMinutes: 5, priceCents: 10 } });
    expect(cheap.body.data).toMatchObject({ price: 10, priceMinor: 10, currency: 'jpy' });
    const missing = await api('POST', '/services', { token: owner.token, body: { categoryId: category.id, name: 'Nothing', durationMinutes: 5 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ priceMinor: 'Please enter a price (0 for free).' });

    const listed = (await api('GET', '/services', { token: owner.token })).body.data.items.find((s: { id: string }) => s.id === made.body.data.id);
    expect(listed).toMatchObject({ price: 5000, priceMinor: 5000, currency: 'jpy' });
    const page = (await api('GET', `/public/appointments/${apiKey}`)).body.data;
    expect(page.services.find((s: { name: string }) => s.name === 'Shiatsu')).toMatchObject({ price: 5000, priceMinor: 5000, priceCents: 5000, currency: 'jpy' });

    // The request's mail names the service with its price, in the patient's language.
    const email = uniqueEmail('svc-visitor');
    const form = bookingForm({ organizationApiKey: apiKey, email, appointmentType: 'Shiatsu', locale: 'fr' });
    const requested = await api('POST', '/public/appointments/book-custom', { form });
    expect(requested.status, requested.body.message).toBe(201);
    const [mail] = await waitForMails(email);
    expect(mail.body.text).toContain('Prestation : Shiatsu, ');
    expect(mail.body.text).toMatch(/Shiatsu, .*5\s?000.* \(JPY\)/);

    // A service stored before currencies (no currency) reads as the clinic's; saving it keeps that.
    const { client, table } = testDb();
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${owner.orgId}#SVC`, sk: made.body.data.id }, UpdateExpression: 'REMOVE currency' }));
    expect((await api('GET', `/services/${made.body.data.id}`, { token: owner.token })).body.data).toMatchObject({ priceMinor: 5000, currency: 'jpy' });
    const saved = await api('PUT', `/services/${made.body.data.id}`, { token: owner.token, body: { categoryId: category.id, name: 'Shiatsu', durationMinutes: 45, priceMinor: 5000, active: true } });
    expect(saved.body.data).toMatchObject({ durationMinutes: 45, priceMinor: 5000, currency: 'jpy' });
  });

  it("checks a service's price by the currency's rules, and a new price takes the clinic's new currency", async () => {
    const { owner } = await clinic('cur-svc-kwd', { currency: 'kwd' });
    const category = (await api('POST', '/service-categories', { token: owner.token, body: { name: 'General' } })).body.data;
    const odd = await api('POST', '/services', { token: owner.token, body: { categoryId: category.id, name: 'Check', durationMinutes: 30, priceMinor: 5125 } });
    expect(odd.status).toBe(400);
    expect(odd.body.errors).toEqual({ priceMinor: 'Amounts in KWD must end in 0' });
    const made = await api('POST', '/services', { token: owner.token, body: { categoryId: category.id, name: 'Check', durationMinutes: 30, priceMinor: 5120 } });
    expect(made.body.data).toMatchObject({ price: 5.12, priceMinor: 5120, currency: 'kwd' });

    expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { currency: 'eur' } })).status).toBe(200);
    // Unchanged price: still dinars. A new price: euros.
    const body = { categoryId: category.id, name: 'Check', durationMinutes: 30, active: true };
    const renamed = await api('PUT', `/services/${made.body.data.id}`, { token: owner.token, body: { ...body, name: 'Check-up', priceMinor: 5120 } });
    expect(renamed.body.data).toMatchObject({ name: 'Check-up', priceMinor: 5120, currency: 'kwd' });
    const repriced = await api('PUT', `/services/${made.body.data.id}`, { token: owner.token, body: { ...body, priceMinor: 4950 } });
    expect(repriced.body.data).toMatchObject({ price: 49.5, priceMinor: 4950, currency: 'eur' });
  });

  it('refuses minor units the page counted in another currency than the one the price is kept in, and changes nothing', async () => {
    const { owner } = await clinic('cur-svc-stale', { currency: 'jpy' });
    const category = (await api('POST', '/service-categories', { token: owner.token, body: { name: 'General' } })).body.data;
    const body = { categoryId: category.id, name: 'Shiatsu', durationMinutes: 60, active: true };
    // A page that had not loaded the clinic's currency counted ¥5,000 as $5,000.00 (500000 cents).
    const stale = await api('POST', '/services', { token: owner.token, body: { ...body, priceMinor: 500000, currency: 'usd' } });
    expect(stale.status).toBe(400);
    expect(stale.body.errors).toEqual({ priceMinor: 'This price is in JPY. Please reload the page.' });
    expect((await api('GET', '/services', { token: owner.token })).body.data.items).toHaveLength(0);
    const made = await api('POST', '/services', { token: owner.token, body: { ...body, priceMinor: 5000, currency: 'jpy' } });
    expect(made.status, made.body.message).toBe(201);

    // After a change to EUR: the unchanged price is still in yen (the page says so), a new one in euros.
    expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { currency: 'eur' } })).status).toBe(200);
    const kept = await api('PUT', `/services/${made.body.data.id}`, { token: owner.token, body: { ...body, name: 'Shiatsu 60', priceMinor: 5000, currency: 'jpy' } });
    expect(kept.body.data).toMatchObject({ name: 'Shiatsu 60', priceMinor: 5000, currency: 'jpy' });
    const oldPage = await api('PUT', `/services/${made.body.data.id}`, { token: owner.token, body: { ...body, priceMinor: 6000, currency: 'jpy' } });
    expect(oldPage.status).toBe(400);
    expect(oldPage.body.errors).toEqual({ priceMinor: 'This price is in EUR. Please reload the page.' });
    expect((await api('GET', `/services/${made.body.data.id}`, { token: owner.token })).body.data).toMatchObject({ priceMinor: 5000, currency: 'jpy', version: 2 });
  });
});

// Issue 34: the console shows a price set before a change of currency under its own symbol and keeps
// it on save; a new price is in the clinic's currency, even when its minor units happen to be the same.
describe('a price set before a change of currency', () => {
  it('of a service: $50.00 after ¥5,000 (both 5000 minor units) is a new price in dollars', async () => {
    const { owner } = await clinic('cur-svc-same', { currency: 'jpy' });
    const category = (await api('POST', '/service-categories', { token: owner.token, body: { name: 'General' } })).body.data;
    const body = { categoryId: category.id, name: 'Shiatsu', durationMinutes: 60, active: true };
    const made = (await api('POST', '/services', { token: owner.token, body: { ...body, priceMinor: 5000, currency: 'jpy' } })).body.data;
    expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { currency: 'usd' } })).status).toBe(200);
    const repriced = await api('PUT', `/services/${made.id}`, { token: owner.token, body: { ...body, priceMinor: 5000, currency: 'usd' } });
    expect(repriced.status, repriced.body.message).toBe(200);
    expect(repriced.body.data).toMatchObject({ price: 50, priceMinor: 5000, currency: 'usd' });
  });

  it('of a form package: kept as it is when the page names its currency, else priced in the clinic’s', async () => {
    const { owner } = await clinic('cur-formpkg', { currency: 'jpy' });
    const pkg = (await api('POST', '/packages', { token: owner.token, body: { name: 'Gold', price: 5000, isPayable: true } })).body.data;
    expect(pkg).toMatchObject({ priceMinor: 5000, currency: 'jpy' });
    expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { currency: 'usd' } })).status).toBe(200);
    const save = (extra: object) => api('PUT', `/packages/${pkg.id}`, { token: owner.token, body: { name: 'Gold plus', isPayable: true, ...extra } });

    const kept = await save({ price: 5000, currency: 'jpy' });
    expect(kept.status, kept.body.message).toBe(200);
    expect(kept.body.data).toMatchObject({ name: 'Gold plus', price: 5000, priceMinor: 5000, currency: 'jpy' });
    // Another yen amount is not a price the clinic can set now.
    const changed = await save({ price: 6000, currency: 'jpy' });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual({ price: "A new price is in USD, the clinic's currency." });
    const other = await save({ price: 40, currency: 'gbp' });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual({ price: 'This price is in USD. Please reload the page.' });
    expect((await api('GET', `/packages/${pkg.id}`, { token: owner.token })).body.data).toMatchObject({ priceMinor: 5000, currency: 'jpy' });

    const repriced = await save({ price: 45, currency: 'usd' });
    expect(repriced.body.data).toMatchObject({ price: 45, priceMinor: 4500, currency: 'usd' });
  });
});
