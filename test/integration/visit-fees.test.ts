// After the visit (issue 36, point 3), against the real handlers, DynamoDB Local and the local Stripe
// stand-in: staff mark a booking attended, no-show or late cancellation; the fee is charged off-session
// on the saved card once whatever the clicks, retries and repeated events; a declined card is shown
// declined; a card that needs authentication gets the patient a mail with a page to complete it; the
// fee's refund; the balance paid at the clinic; Stripe failing once charges once.
//
// The booking's saved card is arranged here: `paychoice` builds its saving through Checkout's setup
// mode in parallel. A test books and pays through the booking page as a patient does, creates the
// Customer and attaches one of Stripe's test cards through the stand-in's API (as Stripe's own
// /v1/customers and /v1/payment_methods/{pm}/attach), then writes `savedCard` and `paymentPolicy` (the
// shared field names) on the booking record, and moves its time an hour into the past (a visit whose
// time has come: no-shows are marked after the fact).
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { api, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { addMember, logs, perms } from '../support/members';
import { payLocalCheckout, sendStripeEvent, stripeEvent } from '../support/stripe';
import { dayAhead, getBooking, newClinic, paidBooking, type Clinic } from './booking-support';
import type { Json } from '../support/json';

type TestCard = 'pm_card_visa' | 'pm_card_chargeDeclined' | 'pm_card_authenticationRequired';

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
let hour = 8;

/** A booking paid on the booking page, with a saved card and the agreed policy, its time an hour ago. */
async function visitWithCard(card: TestCard, policy: Partial<Record<string, unknown>> = {}) {
  const held = await paidBooking(clinic, dayAhead(3), `${String(hour++).padStart(2, '0')}:00`);
  const customer = await stripe('POST', '/v1/customers', { email: held.email });
  const method = await stripe('POST', `/v1/payment_methods/${card}/attach`, { customer: customer.id });
  const { client, table } = testDb();
  await client.send(new UpdateCommand({
    TableName: table,
    Key: { pk: `ORG#${clinic.owner.orgId}#BOOKING#${held.id}`, sk: 'BOOKING' },
    UpdateExpression: 'SET savedCard = :card, paymentPolicy = :policy, startUtc = :start',
    ExpressionAttributeValues: {
      ':card': { customerId: customer.id, paymentMethodId: method.id, brand: method.card.brand, last4: method.card.last4 },
      ':policy': { mode: 'full', dueNowMinor: 4950, dueAtVisitMinor: 0, noShowFeeMinor: 2500, lateCancelFeeMinor: 1500, cancellationWindowHours: 24, ...policy },
      ':start': new Date(Date.now() - 3600_000).toISOString(),
    },
  }));
  return { ...held, customerId: customer.id as string };
}

const mark = (id: string, attendance: string, token = clinic.owner.token) => api('POST', `/bookings/booking/${id}/attendance`, { token, body: { attendance } });
const charge = (id: string, token = clinic.owner.token) => api('POST', `/bookings/booking/${id}/fee`, { token });

beforeAll(async () => {
  clinic = await newClinic('visitfees', { capacity: 5 });
}, 60_000);

describe('a no-show fee', () => {
  it('clicked twice at once, retried, and its event delivered three times: charged and recorded once', async () => {
    const visit = await visitWithCard('pm_card_visa');
    expect((await mark(visit.id, 'no_show')).status).toBe(200);

    const [first, second] = await Promise.all([charge(visit.id), charge(visit.id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const retry = await charge(visit.id);
    expect(retry.status).toBe(200);
    for (const answer of [first, second, retry]) expect(answer.body.data.fee).toMatchObject({ status: 'charged', amountMinor: 2500, attempt: 1 });

    const intents = await intentsOf(visit.customerId);
    expect(intents.map((i) => [i.status, i.amount, i.currency])).toEqual([['succeeded', 2500, 'usd']]);
    // Stripe's payment_intent.succeeded, delivered three times (one id), and once more under another id.
    const event = stripeEvent('payment_intent.succeeded', intents[0]);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await sendStripeEvent(event)).body.data?.outcome);
    expect(outcomes).toEqual(['processed', 'duplicate', 'duplicate']);
    expect((await sendStripeEvent(stripeEvent('payment_intent.succeeded', intents[0]))).status).toBe(200);

    const booking = await getBooking(clinic, visit.id);
    expect(booking).toMatchObject({ attendance: 'no_show', paymentState: 'fee_charged', fee: { status: 'charged', paymentIntentId: intents[0].id, refundedMinor: 0 } });
    expect(await intentsOf(visit.customerId)).toHaveLength(1);
    const entries = (await logs(clinic.owner)).filter((l) => l.recordId === visit.id && l.summary.startsWith('Charged the no-show fee'));
    expect(entries).toHaveLength(1);
  }, 30_000);

  it('a declined card is recorded as declined; charging again is a new try, declined too', async () => {
    const visit = await visitWithCard('pm_card_chargeDeclined');
    await mark(visit.id, 'no_show');
    const res = await charge(visit.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The card was declined.');
    expect(res.body.data).toMatchObject({ paymentState: 'fee_declined', fee: { status: 'declined', declineMessage: 'Your card was declined.', attempt: 1 } });
    // The payment_intent.payment_failed that follows changes nothing more.
    await eventually(async () => ((await intentsOf(visit.customerId)).length === 1 ? true : undefined), 'one intent');
    const again = await charge(visit.id);
    expect(again.body.data.fee).toMatchObject({ status: 'declined', attempt: 2 });
    expect(await intentsOf(visit.customerId)).toHaveLength(2);
  }, 30_000);

  it('a card that needs authentication: the patient is mailed a page to complete it, and paying there charges it', async () => {
    const visit = await visitWithCard('pm_card_authenticationRequired');
    await mark(visit.id, 'no_show');
    const res = await charge(visit.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ paymentState: 'fee_awaiting_authentication', fee: { status: 'requires_action' } });
    const url = res.body.data.fee.authenticationUrl as string;
    expect(url).toMatch(/\/local\/checkout\/cs_test_local_/);
    const mail = (await waitForMails(visit.email, 2)).find((m) => m.subject.startsWith('Please confirm a payment'));
    expect(mail?.body.text).toContain('missed-visit fee of $25.00');
    expect(mail?.body.text).toContain(url);
    // Asking again does not charge again or mail again.
    expect((await charge(visit.id)).body.data.fee.status).toBe('requires_action');

    await payLocalCheckout(url, visit.email);
    const paid = await eventually(async () => {
      const b = await getBooking(clinic, visit.id);
      return b.fee.status === 'charged' ? b : undefined;
    }, 'fee charged after authentication');
    expect(paid.paymentState).toBe('fee_charged');
    expect((await waitForMails(visit.email, 2)).filter((m) => m.subject.startsWith('Please confirm a payment'))).toHaveLength(1);
  }, 30_000);
});

describe('money after the visit', () => {
  it("the fee's refund: at most what was charged, one refund per click", async () => {
    const visit = await visitWithCard('pm_card_visa');
    await mark(visit.id, 'late_cancellation');
    const charged = await charge(visit.id);
    expect(charged.body.data.fee).toMatchObject({ kind: 'late_cancellation', status: 'charged', amountMinor: 1500 });
    const tooMuch = await api('POST', `/bookings/booking/${visit.id}/refund`, { token: clinic.owner.token, body: { what: 'fee', amount: '15,01' } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('Refund at most $15.00: what was paid and not refunded yet.');
    const refund = () => api('POST', `/bookings/booking/${visit.id}/refund`, { token: clinic.owner.token, body: { what: 'fee', amount: '10,00' } });
    const [a, b] = await Promise.all([refund(), refund()]);
    // The second click either shares the first one's refund (same Stripe key) or, once the first is
    // recorded, is refused as more than what is left ($5.00): never a second refund.
    expect([a.status, b.status]).toContain(200);
    for (const r of [a, b]) if (r.status !== 200) expect(r.body.message).toBe('Refund at most $5.00: what was paid and not refunded yet.');
    const booking = await eventually(async () => {
      const got = await getBooking(clinic, visit.id);
      return got.fee.refundedMinor === 1000 ? got : undefined;
    }, 'fee refund recorded');
    expect(booking.paymentState).toBe('partially_refunded');
    // Stripe's charge.refunded has come and gone: still 10.00.
    await new Promise((r) => setTimeout(r, 300));
    expect((await getBooking(clinic, visit.id)).fee.refundedMinor).toBe(1000);
  }, 30_000);

  it("the fee's refund failing, then a charge.refunded from before the failure delivered late: the failed refund not counted again", async () => {
    const visit = await visitWithCard('pm_card_visa');
    await mark(visit.id, 'late_cancellation');
    const intent = (await charge(visit.id)).body.data.fee.paymentIntentId as string;
    const now = Math.floor(Date.now() / 1000);
    expect((await api('POST', `/bookings/booking/${visit.id}/refund`, { token: clinic.owner.token, body: { what: 'fee', amount: '10,00' } })).status).toBe(200);
    expect((await getBooking(clinic, visit.id)).fee.refundedMinor).toBe(1000);
    const metadata = { kind: 'fee', orgId: clinic.owner.orgId, bookingId: visit.id, attempt: '1' };
    // The $10.00 refund fails (its refund as the failure carries it: made at `now`, failed a little later).
    const failed = { id: `re_fee_${visit.id}`, object: 'refund', amount: 1000, currency: 'usd', payment_intent: intent, status: 'failed', failure_reason: 'declined', metadata, created: now };
    expect((await sendStripeEvent({ ...stripeEvent('refund.failed', failed), created: now + 20 })).status).toBe(200);
    expect((await getBooking(clinic, visit.id)).fee.refundedMinor).toBe(0);
    // $3.00 more refunded in Stripe before the failure: its charge.refunded (total 1300, still counting the
    // failed $10.00) comes only now. Only the $3.00 is recorded.
    const late = stripeEvent('charge.refunded', { id: `ch_${visit.id}`, object: 'charge', payment_intent: intent, amount: 1500, amount_refunded: 1300, metadata });
    expect((await sendStripeEvent({ ...late, created: now + 10 })).status).toBe(200);
    expect((await getBooking(clinic, visit.id)).fee).toMatchObject({ status: 'charged', refundedMinor: 300 });
  }, 30_000);

  it('the balance paid at the clinic: decimal comma, at most what is due, once', async () => {
    const visit = await visitWithCard('pm_card_visa', { mode: 'deposit', dueNowMinor: 990, dueAtVisitMinor: 3960 });
    const { client, table } = testDb();
    const key = { pk: `ORG#${clinic.owner.orgId}#BOOKING#${visit.id}`, sk: 'BOOKING' };
    // The deposit of 20 % was what the patient paid (paychoice's Checkout takes it; arranged here).
    await client.send(new UpdateCommand({ TableName: table, Key: key, UpdateExpression: 'SET amountPaidCents = :d', ExpressionAttributeValues: { ':d': 990 } }));
    expect(await getBooking(clinic, visit.id)).toMatchObject({ paymentState: 'deposit_paid_balance_due', balanceDueMinor: 3960 });
    const record = (amount: string) => api('POST', `/bookings/booking/${visit.id}/clinic-payment`, { token: clinic.owner.token, body: { amount, method: 'cash' } });
    const bad = await record('12,3,4');
    expect(bad.status).toBe(400);
    const over = await record('40,00');
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The balance due is $39.60: record at most that.');
    const ok = await record('39,60');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ paymentState: 'paid_at_clinic', balanceDueMinor: 0, clinicPayment: { amountMinor: 3960, currency: 'usd', method: 'cash' } });
    expect((await record('39,60')).status).toBe(409);
    expect((await client.send(new GetCommand({ TableName: table, Key: key }))).Item!.clinicPayment.amountMinor).toBe(3960);
  }, 30_000);

  it('Stripe failing once: the charge is retried under the same key and made once', async () => {
    const visit = await visitWithCard('pm_card_visa');
    await mark(visit.id, 'no_show');
    await stripe('POST', '/v1/__local/fail-next', { path: '/v1/payment_intents', status: '500', org_id: clinic.owner.orgId });
    const res = await charge(visit.id);
    expect(res.status).toBe(200);
    expect(res.body.data.fee.status).toBe('charged');
    expect(await intentsOf(visit.customerId)).toHaveLength(1);
  }, 30_000);
});

describe('who may record the visit', () => {
  it('refuses without a token, without the bookings write permission, and for another clinic', async () => {
    const visit = await visitWithCard('pm_card_visa');
    expect((await api('POST', `/bookings/booking/${visit.id}/attendance`, { body: { attendance: 'no_show' } })).status).toBe(401);
    const reader = await addMember(clinic.owner, perms({ BOOKING_PACKAGES: 'r' }), { tag: 'reader' });
    expect((await mark(visit.id, 'no_show', reader.token)).status).toBe(403);
    expect((await charge(visit.id, reader.token)).status).toBe(403);
    const other = await newClinic('visitfees-other');
    expect((await mark(visit.id, 'no_show', other.owner.token)).status).toBe(404);
    const bad = await mark(visit.id, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Choose attended, no-show or late cancellation');
    // Nothing was written by the refusals; a fee needs a no-show first.
    expect((await getBooking(clinic, visit.id)).attendance).toBeNull();
    expect((await charge(visit.id)).body.message).toBe('Mark the visit as a no-show or a late cancellation before charging a fee.');
    expect(await intentsOf(visit.customerId)).toHaveLength(0);
  }, 40_000);
});

describe('expected against collected', () => {
  it('per currency: a kept visit paid online, a no-show with its fee charged, refusals', async () => {
    const tag = await newClinic('visitfees-report', { capacity: 5 });
    const saved = clinic;
    clinic = tag;
    // A new clinic: its day is free from 08:00 again (four visits here).
    const savedHour = hour;
    hour = 8;
    try {
      const kept = await visitWithCard('pm_card_visa');
      const missed = await visitWithCard('pm_card_visa');
      await mark(kept.id, 'attended');
      await mark(missed.id, 'no_show');
      await charge(missed.id);
      // A deposit visit whose balance is still due, and a no-show whose card refused the fee.
      const deposit = await visitWithCard('pm_card_visa', { mode: 'deposit', dueNowMinor: 990, dueAtVisitMinor: 3960 });
      const { client, table } = testDb();
      await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${clinic.owner.orgId}#BOOKING#${deposit.id}`, sk: 'BOOKING' }, UpdateExpression: 'SET amountPaidCents = :d', ExpressionAttributeValues: { ':d': 990 } }));
      await mark(deposit.id, 'attended');
      const refused = await visitWithCard('pm_card_chargeDeclined');
      await mark(refused.id, 'no_show');
      expect((await charge(refused.id)).body.data.fee.status).toBe('declined');
      const day = dayAhead(-1);
      const report = await api('GET', `/reports/collections?from=${day}&to=${dayAhead(4)}`, { token: clinic.owner.token });
      expect(report.status, report.body.message).toBe(200);
      // Expected: the kept visits' $49.50 each and the no-shows' agreed $25.00 each. Collected: $49.50
      // online for three (the missed ones too, before they were missed), the deposit's $9.90 and one fee.
      // Outstanding, visit by visit: the deposit visit's balance ($39.60); the refused fee is covered by
      // that no-show's own payment, and is listed as a fee not received.
      expect(report.body.data.currencies).toEqual([
        {
          currency: 'usd', expectedMinor: 14900, collectedMinor: 18340, dueNowMinor: 5940, onlineMinor: 15840, depositsMinor: 990, atClinicMinor: 0, feesMinor: 2500,
          feesUnpaidMinor: 2500, refundedMinor: 0, outstandingMinor: 3960, visits: 2, noShows: 2, lateCancellations: 0,
        },
      ]);
      expect((await api('GET', `/reports/collections?from=${day}`)).status).toBe(401);
    } finally {
      clinic = saved;
      hour = savedHour;
    }
  }, 40_000);
});
