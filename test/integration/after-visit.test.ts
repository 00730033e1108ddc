// After the visit (issue 36.3), the paths visit-fees.test.ts arranges by hand, taken as a patient and
// staff take them, on the shared stack: a card saved through Checkout's setup mode is the card the fee
// is charged to (one PaymentIntent on that Customer and PaymentMethod; a saved card whose charges are
// declined is shown declined; one that needs authentication gets the patient the mail with the link);
// Stripe answering 500 without a retry leaves the fee uncharged and the next click charges it once;
// the webhook events of the visit are each delivered once, signed, with the booking's documented
// payload; and the refusals: no cancelling a visit marked no-show or attended, no attendance before the
// visit or on a cancelled booking, no writes without the bookings write permission.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { WebhookEventBody } from '#shared/webhooks/schemas';
import { api, uniqueEmail, uniquePhone, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { addMember, perms } from '../support/members';
import { stripeSession, sessionIdOf } from '../support/stripe';
import { dayAhead, getBooking, newClinic, type Clinic } from './booking-support';
import type { Json } from '../support/json';

/** Stripe's test card numbers the setup page takes (infra/local/stripe-intents.ts SAVABLE_CARDS). */
const CARDS = { visa: '4242424242424242', chargeDeclined: '4000000000000341', needsAuthentication: '4000002760003184' } as const;

async function stripe(method: 'GET' | 'POST', path: string, form?: Record<string, string>) {
  const env = inject('stackEnv');
  const res = await fetch(`${env.STRIPE_API_BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return (await res.json()) as Record<string, Json>;
}
const intentsOf = async (customerId: string) => (await stripe('GET', `/v1/payment_intents?customer=${customerId}`)).data as Record<string, Json>[];

let clinic: Clinic;
let heldCardPackage: string;
let slot = 0;
/** The next free time of the clinic's 08:00 to 18:00 days: nine a day, from five days ahead. */
const nextTime = () => ({ bookingDate: dayAhead(5 + Math.floor(slot / 9)), bookingTime: `${String(8 + (slot++ % 9)).padStart(2, '0')}:00` });

beforeAll(async () => {
  clinic = await newClinic('aftervisit', { capacity: 5 });
  const made = await api('POST', '/bookings/packages', {
    token: clinic.owner.token,
    body: { packageName: 'Held card visit', packagePrice: 90, paymentMode: 'card_on_file', noShowFee: 40, lateCancelFee: 25, cancellationWindowHours: 24 },
  });
  expect(made.status, made.body.message).toBe(201);
  heldCardPackage = made.body.data.id;
}, 60_000);

/**
 * Books the card-held package on the public page, saves `card` on the setup-mode Checkout as the
 * patient does, waits for the booking to be confirmed with it, then moves its time an hour into the
 * past (no-shows are marked after the fact; the booking page offers no past time).
 */
async function bookedWithSavedCard(card: string, options: { past?: boolean } = {}) {
  const email = uniqueEmail('aftervisit');
  const held = await api('POST', '/bookings/create-booking', {
    body: { firstName: 'Pat', lastName: 'Patient', email, phoneNumber: uniquePhone(), ...nextTime(), apiKey: clinic.apiKey, packageId: heldCardPackage },
  });
  expect(held.status, held.body.message).toBe(201);
  const id = held.body.data.bookingId as string;
  const session = await stripeSession(sessionIdOf(held.body.data.checkoutUrl));
  expect(session.mode).toBe('setup');
  const saved = await fetch(`${held.body.data.checkoutUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, name: 'Pat Patient' }).toString(),
    redirect: 'manual',
  });
  expect(saved.headers.get('location')).toContain('payment=success');
  const booking = await eventually(async () => {
    const b = await getBooking(clinic, id);
    return b.status === 'confirmed' && b.savedCard ? b : undefined;
  }, 'the card-held booking confirmed');
  if (options.past !== false) {
    const { client, table } = testDb();
    await client.send(new UpdateCommand({
      TableName: table,
      Key: { pk: `ORG#${clinic.owner.orgId}#BOOKING#${id}`, sk: 'BOOKING' },
      UpdateExpression: 'SET startUtc = :start',
      ExpressionAttributeValues: { ':start': new Date(Date.now() - 3600_000).toISOString() },
    }));
  }
  return { id, email, customerId: session.customer as string, paymentMethodId: booking.savedCard.paymentMethodId as string };
}

const mark = (id: string, attendance: string, token = clinic.owner.token) => api('POST', `/bookings/booking/${id}/attendance`, { token, body: { attendance } });
const charge = (id: string, token = clinic.owner.token) => api('POST', `/bookings/booking/${id}/fee`, { token });

describe('a card saved in setup mode, then charged off-session', () => {
  it('Visa 4242: one PaymentIntent on that Customer and PaymentMethod, the booking shows the fee charged', async () => {
    const visit = await bookedWithSavedCard(CARDS.visa);
    expect((await mark(visit.id, 'no_show')).status).toBe(200);
    const res = await charge(visit.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('Fee charged.');
    expect(res.body.data).toMatchObject({ paymentState: 'fee_charged', fee: { kind: 'no_show', status: 'charged', amountMinor: 4000, currency: 'usd' } });
    const intents = await intentsOf(visit.customerId);
    expect(intents.map((i) => [i.status, i.amount, i.customer, i.payment_method, i.off_session])).toEqual([['succeeded', 4000, visit.customerId, visit.paymentMethodId, true]]);
    expect(res.body.data.fee.paymentIntentId).toBe(intents[0].id);
  }, 30_000);

  it('a saved card whose charges are declined (4000 0000 0000 0341): shown declined', async () => {
    const visit = await bookedWithSavedCard(CARDS.chargeDeclined);
    await mark(visit.id, 'no_show');
    const res = await charge(visit.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe('The card was declined.');
    expect(res.body.data).toMatchObject({ paymentState: 'fee_declined', fee: { status: 'declined', declineMessage: 'Your card was declined.' } });
    const intents = await intentsOf(visit.customerId);
    expect(intents.map((i) => [i.status, i.payment_method])).toEqual([['requires_payment_method', visit.paymentMethodId]]);
  }, 30_000);

  it('a saved card that needs authentication (4000 0027 6000 3184): the patient is mailed the link', async () => {
    const visit = await bookedWithSavedCard(CARDS.needsAuthentication);
    await mark(visit.id, 'no_show');
    const res = await charge(visit.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ paymentState: 'fee_awaiting_authentication', fee: { status: 'requires_action' } });
    const url = res.body.data.fee.authenticationUrl as string;
    const mail = (await waitForMails(visit.email, 2)).find((m) => m.subject.startsWith('Please confirm a payment'));
    expect(mail?.body.text).toContain('$40.00');
    expect(mail?.body.text).toContain(url);
    // The authentication Checkout is on the patient's own Customer.
    expect((await stripeSession(sessionIdOf(url))).customer).toBe(visit.customerId);
  }, 30_000);
});

describe('Stripe answering 500 once, not retried by the client', () => {
  it('the fee is not recorded as charged; the next click charges it once', async () => {
    const visit = await bookedWithSavedCard(CARDS.visa);
    await mark(visit.id, 'no_show');
    // stripe-should-retry: false makes the client give up at once (the request failed for good).
    await stripe('POST', '/v1/__local/fail-next', { path: '/v1/payment_intents', status: '500', should_retry: 'false', org_id: clinic.owner.orgId });
    const failed = await charge(visit.id);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    // Not charged: the fee waits as 'pending' (the console offers the charge again), nothing at Stripe.
    expect(await getBooking(clinic, visit.id)).toMatchObject({ paymentState: 'fee_pending', fee: { status: 'pending', attempt: 1 } });
    expect(await intentsOf(visit.customerId)).toHaveLength(0);
    const retry = await charge(visit.id);
    expect(retry.status, retry.body.message).toBe(200);
    expect(retry.body.data.fee).toMatchObject({ status: 'charged', attempt: 1 });
    expect((await charge(visit.id)).body.data.fee.status).toBe('charged');
    expect(await intentsOf(visit.customerId)).toHaveLength(1);
  }, 30_000);
});

describe('the rules of a recorded visit', () => {
  it('refuses cancelling (or moving) a visit marked no-show or attended, and attendance before the visit or on a cancelled booking', async () => {
    const missed = await bookedWithSavedCard(CARDS.visa);
    const kept = await bookedWithSavedCard(CARDS.visa);
    const ahead = await bookedWithSavedCard(CARDS.visa, { past: false });
    expect((await mark(missed.id, 'no_show')).status).toBe(200);
    expect((await mark(kept.id, 'attended')).status).toBe(200);

    const cancelMissed = await api('POST', `/bookings/booking/${missed.id}/cancel`, { token: clinic.owner.token });
    expect(cancelMissed.status).toBe(409);
    expect(cancelMissed.body.message).toBe('This visit is marked a no-show: it cannot be cancelled.');
    const cancelKept = await api('POST', `/bookings/booking/${kept.id}/cancel`, { token: clinic.owner.token });
    expect(cancelKept.status).toBe(409);
    expect(cancelKept.body.message).toBe('This visit is marked attended: it cannot be cancelled.');
    const moveMissed = await api('POST', `/bookings/booking/${missed.id}/move`, { token: clinic.owner.token, body: { bookingDate: dayAhead(30), bookingTime: '09:00' } });
    expect(moveMissed.status).toBe(409);
    expect(moveMissed.body.message).toBe('This visit is marked a no-show: it cannot be moved. Book a new visit instead.');
    expect((await getBooking(clinic, missed.id))).toMatchObject({ status: 'confirmed', attendance: 'no_show' });
    expect((await getBooking(clinic, kept.id))).toMatchObject({ status: 'confirmed', attendance: 'attended' });

    const early = await mark(ahead.id, 'no_show');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('The visit has not started yet: mark it a no-show once its time has come.');
    expect((await api('POST', `/bookings/booking/${ahead.id}/cancel`, { token: clinic.owner.token })).status).toBe(200);
    const onCancelled = await mark(ahead.id, 'attended');
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.message).toBe('This booking is cancelled: only a confirmed visit can be marked attended.');
    expect((await getBooking(clinic, ahead.id)).attendance).toBeNull();
  }, 40_000);

  it('refuses a member without the bookings write permission (403), and writes nothing', async () => {
    const visit = await bookedWithSavedCard(CARDS.visa);
    const reader = await addMember(clinic.owner, perms({ BOOKING_PACKAGES: 'r' }), { tag: 'visitreader' });
    expect((await mark(visit.id, 'attended', reader.token)).status).toBe(403);
    expect((await api('POST', `/bookings/booking/${visit.id}/cancel`, { token: reader.token })).status).toBe(403);
    expect((await api('POST', `/bookings/booking/${visit.id}/clinic-payment`, { token: reader.token, body: { amount: '90.00', method: 'cash' } })).status).toBe(403);
    expect((await api('POST', `/bookings/booking/${visit.id}/refund`, { token: reader.token, body: { what: 'fee', amount: '1.00' } })).status).toBe(403);
    await mark(visit.id, 'no_show');
    expect((await charge(visit.id, reader.token)).status).toBe(403);
    expect(await getBooking(clinic, visit.id)).toMatchObject({ status: 'confirmed', attendance: 'no_show', fee: null, clinicPayment: null });
    expect(await intentsOf(visit.customerId)).toHaveLength(0);
  }, 40_000);
});

/** What a receiver does with Clinic-Signature (README "Webhooks"). */
function signedWith(header: string, raw: string, secret: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${raw}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe("the visit's webhook events", () => {
  it('booking.attended, no_show, fee_charged, fee_failed and paid_at_clinic: each delivered once, signed, with the booking payload', async () => {
    const received: { headers: IncomingMessage['headers']; raw: string; body: WebhookEventBody<Record<string, Json>> }[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const events = ['booking.no_show', 'booking.fee_charged', 'booking.fee_failed', 'booking.paid_at_clinic', 'booking.attended'];
      const added = await api('POST', '/organization/webhooks', { token: clinic.owner.token, body: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, events, description: 'Visit events' } });
      expect(added.status, added.body.message).toBe(201);
      const secret = added.body.data.secret as string;

      const kept = await bookedWithSavedCard(CARDS.visa);
      const missed = await bookedWithSavedCard(CARDS.visa);
      const refused = await bookedWithSavedCard(CARDS.chargeDeclined);
      await mark(kept.id, 'attended');
      expect((await api('POST', `/bookings/booking/${kept.id}/clinic-payment`, { token: clinic.owner.token, body: { amount: '90.00', method: 'card_terminal' } })).status).toBe(200);
      await mark(missed.id, 'no_show');
      await charge(missed.id);
      await charge(missed.id); // a second click: no second event
      await mark(refused.id, 'no_show');
      await charge(refused.id);

      const expected: [string, string, Record<string, unknown>][] = [
        ['booking.attended', kept.id, { attendance: 'attended' }],
        ['booking.paid_at_clinic', kept.id, { attendance: 'attended', clinicPayment: { amountMinor: 9000, currency: 'usd', method: 'card_terminal' } }],
        ['booking.no_show', missed.id, { attendance: 'no_show', fee: null }],
        ['booking.fee_charged', missed.id, { attendance: 'no_show', fee: { kind: 'no_show', status: 'charged', amountMinor: 4000, currency: 'usd' } }],
        ['booking.no_show', refused.id, { attendance: 'no_show' }],
        ['booking.fee_failed', refused.id, { attendance: 'no_show', fee: { status: 'declined', declineMessage: 'Your card was declined.' } }],
      ];
      await eventually(() => (received.length >= expected.length ? true : undefined), 'the visit events delivered', 15_000);
      // Stripe's payment_intent.* events of the two charges come and go: still one delivery each.
      await eventually(async () => ((await intentsOf(refused.customerId)).length === 1 ? true : undefined), 'the declined intent');
      await new Promise((r) => setTimeout(r, 1500));
      expect(received.map((r) => `${r.body.type} ${r.body.data.object.id}`).sort()).toEqual(expected.map(([type, id]) => `${type} ${id}`).sort());
      for (const [type, id, fields] of expected) {
        const got = received.find((r) => r.body.type === type && r.body.data.object.id === id)!;
        expect(signedWith(String(got.headers['clinic-signature']), got.raw, secret), type).toBe(true);
        expect(got.headers['clinic-event-id']).toBe(got.body.id);
        expect(got.body, type).toMatchObject({ type, organizationId: clinic.owner.orgId, data: { object: { object: 'booking', id, packageName: 'Held card visit', status: 'confirmed', ...fields } } });
        // The same patient details other booking events carry, nothing more: no saved card, no
        // payment page of the patient, no Stripe customer, no intake answers, no table keys.
        expect(got.raw, type).not.toMatch(/savedCard|customerId|paymentMethodId|authenticationUrl|intake|checkoutUrl|"pk"|ORG#/);
      }
    } finally {
      server.close();
    }
  }, 60_000);
});
