// How a package is paid (issue 36) end to end, against DynamoDB Local and the local Stripe stand-in:
// the package's settings refused when they do not hold together; a deposit opens a Checkout Session of
// the deposit alone (20 % of ¥5,000 is 1000 'jpy'); a card held for fees goes through Checkout's setup
// mode, one Stripe Customer per patient, and its setup events confirm the booking once with its card;
// a package paid at the clinic is confirmed with no session, and its time is still never given twice.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { api, mailsTo, signUpOwner, uniqueEmail, uniquePhone, waitForMails } from '../support/api';
import { eventually } from '../support/eventually';
import { payLocalCheckout, sendStripeEvent, sessionIdOf, stripeEvent, stripeSession } from '../support/stripe';
import { dayAhead, everyDay, ZONE } from './booking-support';
import type { Json } from '../support/json';

async function clinic(tag: string, currency: string) {
  const owner = await signUpOwner(tag, undefined, { timeZone: ZONE, currency });
  const saved = await api('PUT', '/bookings/availability', { token: owner.token, body: { weeklyHours: everyDay('08:00', '18:00'), slotMinutes: 60, capacity: 1, closedDates: [], maxDaysAhead: 400 } });
  expect(saved.status, saved.body.message).toBe(200);
  const apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey as string;
  const createPackage = async (body: Record<string, unknown>) => {
    const made = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Visit', ...body } });
    expect(made.status, made.body.message).toBe(201);
    return made.body.data;
  };
  return { owner, apiKey, createPackage };
}

const book = (apiKey: string, packageId: string, bookingDate: string, bookingTime: string, email = uniqueEmail('patient'), locale?: string) =>
  api('POST', '/bookings/create-booking', { body: { firstName: 'Pat', lastName: 'Patient', email, phoneNumber: uniquePhone(), bookingDate, bookingTime, apiKey, packageId, ...(locale ? { locale } : {}) } });

/** A SetupIntent as the stand-in holds it (the object of setup_intent.* events). */
async function setupIntent(id: string) {
  const env = inject('stackEnv');
  const res = await fetch(`${env.STRIPE_API_BASE}/v1/setup_intents/${id}`, { headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } });
  return (await res.json()) as Record<string, Json>;
}

/** Saves a card on the stand-in's setup page (Visa 4242, or the declined test card); returns where it redirects. */
async function saveLocalCard(checkoutUrl: string, card = '4242424242424242') {
  const res = await fetch(`${checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card, name: 'Pat Patient' }).toString(), redirect: 'manual' });
  return res.headers.get('location');
}

describe("a package's payment settings", () => {
  it('are kept per package, default to paid in full, and are refused when they do not hold together', async () => {
    const { owner, createPackage } = await clinic('pay-settings', 'eur');
    const plain = await createPackage({ packagePrice: 60 });
    expect(plain).toMatchObject({ paymentMode: 'full', depositPercent: null, depositAmountMinor: null, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: null });

    const refuse = async (body: Record<string, unknown>) => {
      const res = await api('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'Visit', packagePrice: 60, ...body } });
      expect(res.status).toBe(400);
      return res.body.errors;
    };
    expect(await refuse({ paymentMode: 'deposit' })).toEqual({ depositPercent: 'A deposit package needs a deposit: a percentage or an amount.' });
    expect(await refuse({ paymentMode: 'deposit', depositAmount: 60 })).toEqual({ depositAmount: 'The deposit must be less than the price.' });
    expect(await refuse({ paymentMode: 'deposit', depositAmount: '12.345' })).toEqual({ depositAmount: 'Amounts in EUR have at most 2 decimals' });
    expect(await refuse({ paymentMode: 'full', noShowFee: 20 })).toEqual({ noShowFee: 'Fees are charged on a card held at booking: choose "Card held for fees" to set them.' });
    expect(await refuse({ paymentMode: 'card_on_file' })).toEqual({ noShowFee: 'A package that holds a card needs a no-show fee or a late-cancellation fee.' });
    expect(await refuse({ paymentMode: 'card_on_file', lateCancelFee: 15 })).toEqual({
      cancellationWindowHours: 'A late-cancellation fee needs a cancellation window: how many hours before the visit a cancellation is late.',
    });
    expect(await refuse({ paymentMode: 'cash' })).toEqual({ paymentMode: 'paymentMode must be one of full, deposit, card_on_file, at_clinic' });

    // Fees in major units as the price, stored in minor units; a visit paid at the clinic may cost nothing online.
    const held = await createPackage({ packagePrice: 80, paymentMode: 'card_on_file', noShowFee: '25.50', lateCancelFee: 15, cancellationWindowHours: 24 });
    expect(held).toMatchObject({ paymentMode: 'card_on_file', noShowFeeMinor: 2550, lateCancelFeeMinor: 1500, cancellationWindowHours: 24 });
    const free = await createPackage({ packagePrice: 0, paymentMode: 'at_clinic' });
    expect(free).toMatchObject({ paymentMode: 'at_clinic', packagePriceMinor: 0 });

    // An edit to 'full' drops what only a held card used; back to online payment, the price must be chargeable.
    const edited = await api('PUT', `/bookings/packages/${held.id}`, { token: owner.token, body: { paymentMode: 'full' } });
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data).toMatchObject({ paymentMode: 'full', noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: 24 });
    const unpriced = await api('PUT', `/bookings/packages/${free.id}`, { token: owner.token, body: { paymentMode: 'deposit', depositPercent: 20 } });
    expect(unpriced.status).toBe(400);
    expect(unpriced.body.errors).toEqual({ packagePrice: 'A booking package paid online needs a price of at least €0.50.' });
  });
});

describe('a deposit', () => {
  it("of 20 % of a ¥5,000 package opens a Checkout Session of 1000 'jpy', and the rest is due at the visit", async () => {
    const { owner, apiKey, createPackage } = await clinic('pay-deposit', 'jpy');
    const pkg = await createPackage({ packagePrice: 5000, paymentMode: 'deposit', depositPercent: 20, cancellationWindowHours: 48 });
    const policy = { mode: 'deposit', dueNowMinor: 1000, dueAtVisitMinor: 4000, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: 48 };
    // The booking page knows what is due before the patient commits.
    const listed = await api('POST', '/bookings/available-packages', { body: { apiKey } });
    expect(listed.body.data.find((p: { id: string }) => p.id === pkg.id).paymentPolicy).toEqual(policy);

    const email = uniqueEmail('deposit');
    const held = await book(apiKey, pkg.id, dayAhead(4), '10:00', email);
    expect(held.status, held.body.message).toBe(201);
    expect(held.body.data).toMatchObject({ status: 'held', amountMinor: 1000, currency: 'jpy', paymentPolicy: policy });
    const session = await stripeSession(sessionIdOf(held.body.data.checkoutUrl));
    expect(session).toMatchObject({ mode: 'payment', amount_total: 1000, currency: 'jpy', metadata: { kind: 'booking', bookingId: held.body.data.bookingId } });

    await payLocalCheckout(held.body.data.checkoutUrl, email);
    const [mail] = await waitForMails(email);
    expect(mail.body.text).toContain('Deposit paid: ¥1,000. Due at the visit: ¥4,000.');
    expect(mail.body.text).toContain('Please cancel at least 48 hours before the visit.');
    const booking = (await api('GET', `/bookings/booking/${held.body.data.bookingId}`, { token: owner.token })).body.data;
    // The deposit is what was asked for: paid, not a payment that differs from its price.
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', amountPaidCents: 1000, priceMinor: 5000, needsAttention: null, paymentPolicy: policy, savedCard: null });
  });
});

describe('a card held for fees', () => {
  it('saves the card in setup mode to one Customer per patient and confirms the booking once, whatever the setup events', async () => {
    const { owner, apiKey, createPackage } = await clinic('pay-card', 'usd');
    const pkg = await createPackage({ packagePrice: 90, paymentMode: 'card_on_file', noShowFee: 40, lateCancelFee: 25, cancellationWindowHours: 24 });
    const email = uniqueEmail('card');
    const held = await book(apiKey, pkg.id, dayAhead(6), '09:00', email);
    expect(held.status, held.body.message).toBe(201);
    expect(held.body.data).toMatchObject({ status: 'held', amountMinor: 0, paymentPolicy: { mode: 'card_on_file', dueNowMinor: 0, dueAtVisitMinor: 9000, noShowFeeMinor: 4000, lateCancelFeeMinor: 2500 } });
    const session = await stripeSession(sessionIdOf(held.body.data.checkoutUrl));
    expect(session).toMatchObject({ mode: 'setup', amount_total: null, currency: 'usd', customer: expect.stringMatching(/^cus_/), metadata: { kind: 'booking', bookingId: held.body.data.bookingId } });

    // A declined card changes nothing: the hold stays, the patient may try another card.
    expect(await saveLocalCard(held.body.data.checkoutUrl, '4000000000000002')).toContain('declined=1');
    expect((await api('GET', `/bookings/booking/${held.body.data.bookingId}`, { token: owner.token })).body.data).toMatchObject({ status: 'held', savedCard: null });

    expect(await saveLocalCard(held.body.data.checkoutUrl)).toContain('payment=success');
    const confirmed = await eventually(async () => {
      const b = (await api('GET', `/bookings/booking/${held.body.data.bookingId}`, { token: owner.token })).body.data;
      return b.status === 'confirmed' ? b : undefined;
    }, 'the card-held booking confirmed');
    expect(confirmed).toMatchObject({ paymentStatus: 'unpaid', amountPaidCents: null, savedCard: { customerId: session.customer, paymentMethodId: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242' } });
    const [mail] = await waitForMails(email);
    expect(mail.body.text).toContain('your card (Visa ending in 4242) is held for the fees below');
    expect(mail.body.text).toContain('If you do not come: a fee of $40.00 may be charged to your card.');
    expect(mail.body.text).toContain('If you cancel less than 24 hours before the visit: a fee of $25.00 may be charged to your card.');

    // The setup events again, under new ids (a redelivery): nothing more happens.
    const intent = await setupIntent(session.setup_intent ?? (await stripeSession(session.id)).setup_intent);
    expect(intent).toMatchObject({ status: 'succeeded', customer: session.customer, metadata: { bookingId: held.body.data.bookingId } });
    for (const event of [stripeEvent('setup_intent.succeeded', intent), stripeEvent('checkout.session.completed', await stripeSession(session.id))]) {
      const again = await sendStripeEvent(event);
      expect(again.status, again.body.message).toBe(200);
      expect(again.body.data?.outcome).toBe('processed');
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailsTo(email)).toHaveLength(1);
    const after = (await api('GET', `/bookings/booking/${held.body.data.bookingId}`, { token: owner.token })).body.data;
    expect(after.savedCard).toEqual(confirmed.savedCard);

    // The same patient comes back: the same Customer.
    const next = await book(apiKey, pkg.id, dayAhead(8), '09:00', email);
    expect(next.status, next.body.message).toBe(201);
    expect((await stripeSession(sessionIdOf(next.body.data.checkoutUrl))).customer).toBe(session.customer);
  });
});

describe('a package paid at the clinic', () => {
  it('is confirmed at once with no session, and its time is still never given twice', async () => {
    const { owner, apiKey, createPackage } = await clinic('pay-clinic', 'eur');
    const pkg = await createPackage({ packagePrice: 45, paymentMode: 'at_clinic' });
    const email = uniqueEmail('clinic');
    const day = dayAhead(5);
    const made = await book(apiKey, pkg.id, day, '14:00', email, 'de');
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.data).toMatchObject({ status: 'confirmed', checkoutUrl: null, amountMinor: 0, paymentPolicy: { mode: 'at_clinic', dueNowMinor: 0, dueAtVisitMinor: 4500 } });
    expect(made.body.data.confirmation).toMatchObject({ status: 'confirmed', packageName: 'Visit', currency: 'eur', manageUrl: expect.stringContaining('/manage'), ics: expect.stringContaining('BEGIN:VCALENDAR') });
    const booking = (await api('GET', `/bookings/booking/${made.body.data.bookingId}`, { token: owner.token })).body.data;
    expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'unpaid', stripeSessionId: null, holdExpiresAt: null });
    // The manage link's page says the same: nothing paid, all due at the visit.
    const managed = await api('POST', '/public/manage/booking', { body: { token: new URL(made.body.data.confirmation.manageUrl).hash.slice(1) } });
    expect(managed.body.data.paymentPolicy).toEqual({ mode: 'at_clinic', dueNowMinor: 0, dueAtVisitMinor: 4500, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: null });
    const [mail] = await waitForMails(email);
    const text = (mail.body.text ?? '').replace(/\s/g, ' ');
    expect(text).toContain('Preis: 45,00 € (EUR), zahlbar in der Praxis. Online wurde nichts berechnet.');
    // Nothing was paid, so nothing is promised as refunded.
    expect(text).toContain('Sie können bis 24 Stunden vor Beginn verschieben oder stornieren. Danach');
    expect(text).not.toContain('erstattet');

    // Another patient, the same time: refused as a taken time is; the time is no longer offered.
    const twice = await book(apiKey, pkg.id, day, '14:00');
    expect(twice.status).toBe(409);
    const free = await api('POST', '/bookings/available-slots', { body: { apiKey, date: day, packageId: pkg.id } });
    expect((free.body.data.slots as { time: string }[]).map((s) => s.time)).not.toContain('14:00');
  });
});
