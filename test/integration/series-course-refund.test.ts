// Issue 37: cancelling a visit of a course paid up front gives back that visit's share, once, against
// DynamoDB Local and the local Stripe stand-in. Staff cancelling one visit refund its share (its own
// Stripe key, said in the mail and the audit log); the same cancel again refunds nothing more; the patient's
// manage link refunds its visit's share; a cancel the rules do not refund (late for the patient, a 'none'
// policy for the clinic) refunds nothing. The stand-in refuses a refund beyond what was paid, so every
// share refunded twice would show as a failed refund row.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, inject } from 'vitest';
import { api, uniqueEmail, uniquePhone, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { payLocalCheckout, stripeSession, sessionIdOf } from '../support/stripe';
import { dayAhead, newClinic } from './booking-support';
import { transact } from '../../functions/data/core';
import { newManageToken } from '../../functions/data/manage-tokens';
import { outboxKey } from '../../functions/data/outbox';

const SLOW = 120_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Visit = { id: string; status: string; paymentStatus: string; refundedCents: number | null; amountPaidCents: number | null };

async function refundRow(orgId: string, what: string, bookingId: string) {
  const { client, table } = testDb();
  return (await client.send(new GetCommand({ TableName: table, Key: outboxKey(`booking-${what}-${orgId}-${bookingId}`), ConsistentRead: true }))).Item;
}

async function manageToken(orgId: string, bookingId: string) {
  const { token, item } = newManageToken(orgId, { bookingId }, new Date(Date.now() + 60 * 86_400_000).toISOString());
  await transact([item]);
  return token;
}

describe('a course paid up front, cancelled visit by visit', () => {
  it("refunds each cancelled visit's share once, and nothing the refund rules do not give", { timeout: SLOW }, async () => {
    const c = await newClinic('course-refund');
    const set = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body: { allowSeries: true, seriesPayment: 'course' } });
    expect(set.status, set.body.message).toBe(200);
    const start = dayAhead(3);
    const email = uniqueEmail('course-refund');
    const held = await api('POST', '/bookings/create-patient-series', {
      body: { apiKey: c.apiKey, packageId: c.packageId, startDate: start, time: '10:00', everyWeeks: 1, count: 4, firstName: 'Pat', lastName: 'Course', email, phoneNumber: uniquePhone(), visits: [0, 7, 14, 21].map((d) => ({ date: addDays(start, d), time: '10:00' })) },
    });
    expect(held.status, held.body.message).toBe(201);
    const seriesId: string = held.body.data.seriesId;
    expect(await payLocalCheckout(held.body.data.checkoutUrl, email)).toContain('payment=success');
    const visitsNow = async () => ((await api('GET', `/bookings/series/${seriesId}`, { token: c.owner.token })).body.data.visits as Visit[]);
    const visits = await eventually(async () => {
      const v = await visitsNow();
      return v.every((x) => x.status === 'confirmed') ? v : undefined;
    }, 'the course paid');
    const intent: string = (await stripeSession(sessionIdOf(held.body.data.checkoutUrl))).payment_intent;
    const org = c.owner.orgId;

    // Staff cancel visit 2: its share ($49.50 of $198.00) is refunded under its own key, recorded, mailed and audited.
    const one = await api('POST', `/bookings/series/${seriesId}/cancel`, { token: c.owner.token, body: { bookingId: visits[1].id, scope: 'one' } });
    expect(one.status, one.body.message).toBe(200);
    expect(one.body.data.cancelled).toEqual([expect.objectContaining({ id: visits[1].id, status: 'cancelled', paymentStatus: 'refunded', refundedCents: 4950 })]);
    const row = await eventually(async () => {
      const r = await refundRow(org, 'course-share-refund', visits[1].id);
      return r?.status === 'sent' ? r : undefined;
    }, 'the share refunded at Stripe');
    expect(row.payload.refund).toEqual({ paymentIntentId: intent, amountCents: 4950, metadata: { kind: 'series', orgId: org, seriesId, bookingId: visits[1].id }, idempotencyKey: `course-share-${org}-${visits[1].id}` });
    const mail = await eventually(async () => (await waitForMails(email, 2)).find((m) => m.subject.startsWith('Visits cancelled')), 'the cancellation mail');
    expect(mail.body.text).toContain('$49.50 is refunded to your card');
    const log = await api('GET', '/logs?module=BOOKING_PACKAGES', { token: c.owner.token });
    expect(JSON.stringify(log.body.data)).toContain('its share of the course, $49.50, refunded');

    // The same cancel again: nothing cancelled, nothing more refunded.
    const again = await api('POST', `/bookings/series/${seriesId}/cancel`, { token: c.owner.token, body: { bookingId: visits[1].id, scope: 'one' } });
    expect(again.body.data.cancelled).toEqual([]);

    // The patient cancels visit 3 with its manage link: its share, once, under the single cancellation's key.
    const token3 = await manageToken(org, visits[2].id);
    expect((await api('POST', '/public/manage/booking', { body: { token: token3 } })).body.data.refundOnCancelCents).toBe(4950);
    expect((await api('POST', '/public/manage/cancel', { body: { token: token3 } })).status).toBe(200);
    expect((await api('POST', '/public/manage/cancel', { body: { token: token3 } })).status).toBe(200);
    await eventually(async () => (await refundRow(org, 'patient-cancelled-refund', visits[2].id))?.status === 'sent' || undefined, 'the patient share refunded');

    // Late for the patient (a 96-hour cutoff; visit 1 is 3 days ahead): refused, nothing refunded.
    expect((await api('PATCH', '/organization/profile', { token: c.owner.token, body: { cancellationCutoffHours: 96, cancellationRefund: 'none' } })).status).toBe(200);
    const late = await api('POST', '/public/manage/cancel', { body: { token: await manageToken(org, visits[0].id) } });
    expect(late.status).toBe(409);
    // A clinic whose policy refunds nothing: staff cancelling the rest refund nothing.
    const rest = await api('POST', `/bookings/series/${seriesId}/cancel`, { token: c.owner.token, body: { bookingId: visits[0].id, scope: 'all' } });
    expect(rest.body.data.cancelled.map((v: Visit) => v.id).sort()).toEqual([visits[0].id, visits[3].id].sort());
    for (const v of [visits[0], visits[3]]) expect(await refundRow(org, 'course-share-refund', v.id)).toBeUndefined();

    const after = await visitsNow();
    expect(after.map((v) => [v.status, v.paymentStatus, v.refundedCents])).toEqual([
      ['cancelled', 'paid', null], ['cancelled', 'refunded', 4950], ['cancelled', 'refunded', 4950], ['cancelled', 'paid', null],
    ]);
    // Stripe holds exactly two shares refunded: what is left of the course is $99.00, not a cent more.
    const env = inject('stackEnv');
    const refuse = await fetch(`${env.STRIPE_API_BASE}/v1/refunds`, { method: 'POST', headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body: `payment_intent=${intent}&amount=9901` });
    expect(refuse.status).toBe(400);
  });
});
