// Issue 37: a patient's course (a series paid up front on the booking page) as the reports, staff and
// Stripe's later events see it, against DynamoDB Local and the local Stripe stand-in:
// - the reports count the series and its visits once it is paid, never while only held, and not again
//   when its completed event comes twice;
// - a Checkout that expires leaves the series 'expired' (kept, its visits released); the payment coming
//   late after all takes the times again where they are still free, as a single booking paid late does;
// - a refund made in Stripe by hand is recorded on the series once (duplicated and older events add
//   nothing, an event before the payment is handed back), and our own refund of a cancelled visit's share,
//   coming back as charge.refunded, is not counted as one;
// - a course paid late whose times were all taken mails its patient once, in their language, which visits
//   could not be kept and what of the payment is theirs (the clinic offers other times or refunds);
// - a series 'booked' before settledAt existed is settled already: a repeated event changes nothing;
// - a refund that fails after charge.refunded recorded it (refund.updated and refund.failed, duplicated) is
//   taken back from the series' (or a single booking's) refunds and the report once, staff told once.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, inject } from 'vitest';
import { api, uniqueEmail, uniquePhone, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { outboxRow } from '../support/outbox';
import { eventually } from '../support/eventually';
import { logs } from '../support/members';
import { expireLocalCheckout, payLocalCheckout, sendStripeEvent, sessionIdOf, stripeEvent, stripeSession } from '../support/stripe';
import { dayAhead, getBooking, holdBooking, newClinic, paidBooking, ZONE, type Clinic } from './booking-support';

const SLOW = 120_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Series = { status: string; refundedByHandCents: number; visits: { id: string; status: string; paymentStatus: string; refundedCents: number | null }[] };
type Week = { series?: { visits: number; booked: number } };

async function courseClinic(tag: string): Promise<Clinic> {
  const c = await newClinic(tag);
  const set = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body: { allowSeries: true, seriesPayment: 'course' } });
  expect(set.status, set.body.message).toBe(200);
  return c;
}

/** Holds a course of 3 weekly visits at 10:00 from `start` (3 × $49.50 in one Checkout), its patient's pages in `locale`. */
async function holdCourse(c: Clinic, start: string, locale?: string) {
  const email = uniqueEmail('course');
  const held = await api('POST', '/bookings/create-patient-series', {
    body: { apiKey: c.apiKey, packageId: c.packageId, startDate: start, time: '10:00', everyWeeks: 1, count: 3, firstName: 'Pat', lastName: 'Course', email, phoneNumber: uniquePhone(), visits: [0, 7, 14].map((d) => ({ date: addDays(start, d), time: '10:00' })), ...(locale ? { locale } : {}) },
  });
  expect(held.status, held.body.message).toBe(201);
  return { seriesId: held.body.data.seriesId as string, checkoutUrl: held.body.data.checkoutUrl as string, email, dates: [0, 7, 14].map((d) => addDays(start, d)) };
}

const seriesOf = async (c: Clinic, id: string) => {
  const res = await api('GET', `/bookings/series/${id}`, { token: c.owner.token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as Series;
};

const seriesFigures = async (c: Clinic) => {
  const res = await api('GET', `/reports?from=${dayAhead(0, ZONE)}&to=${dayAhead(40, ZONE)}`, { token: c.owner.token });
  expect(res.status, res.body.message).toBe(200);
  return (res.body.data.weeks as Week[]).reduce((sum, w) => ({ visits: sum.visits + w.series!.visits, booked: sum.booked + w.series!.booked }), { visits: 0, booked: 0 });
};

/** A charge.refunded of the course's payment, as Stripe sends it (its running total over every refund). */
const refundEvent = (intent: string, refunded: number, metadata: Record<string, string>, id?: string) =>
  stripeEvent('charge.refunded', { id: 'ch_course', object: 'charge', payment_intent: intent, amount: 3 * 4950, amount_refunded: refunded, metadata }, id);

describe("a patient's course in the reports", () => {
  it('counts the series and its visits once paid, not while held, and not again on a repeated event', { timeout: SLOW }, async () => {
    const c = await courseClinic('course-report');
    const { seriesId, checkoutUrl } = await holdCourse(c, dayAhead(3, ZONE));
    expect(await seriesFigures(c)).toEqual({ visits: 0, booked: 0 });
    expect((await seriesOf(c, seriesId)).status).toBe('held');

    expect(await payLocalCheckout(checkoutUrl)).toContain('payment=success');
    await eventually(async () => ((await seriesOf(c, seriesId)).status === 'booked' ? true : undefined), 'the course booked');
    expect(await seriesFigures(c)).toEqual({ visits: 3, booked: 1 });
    const again = await sendStripeEvent(stripeEvent('checkout.session.completed', await stripeSession(sessionIdOf(checkoutUrl))));
    expect(again.status).toBe(200);
    expect(await seriesFigures(c)).toEqual({ visits: 3, booked: 1 });
  });
});

describe('a course whose Checkout expired', () => {
  it('is kept as expired with its visits released; paid late, it takes its free times again and is counted once', { timeout: SLOW }, async () => {
    const c = await courseClinic('course-expired');
    const { seriesId, checkoutUrl } = await holdCourse(c, dayAhead(4, ZONE));
    const sessionId = sessionIdOf(checkoutUrl);
    expect(await expireLocalCheckout(sessionId)).toBe(200);
    const expired = await eventually(async () => {
      const s = await seriesOf(c, seriesId);
      return s.status === 'expired' ? s : undefined;
    }, 'the series expired');
    expect(expired.visits.map((v) => v.status)).toEqual(['expired', 'expired', 'expired']);
    expect(await seriesFigures(c)).toEqual({ visits: 0, booked: 0 });

    // The patient had paid in time; Stripe's completed event comes after the expiry (twice).
    const late = { ...(await stripeSession(sessionId)), status: 'complete', payment_status: 'paid', payment_intent: `pi_late_${seriesId}` };
    const event = stripeEvent('checkout.session.completed', late);
    expect((await sendStripeEvent(event)).status).toBe(200);
    expect((await sendStripeEvent(stripeEvent('checkout.session.completed', late))).status).toBe(200);
    const booked = await seriesOf(c, seriesId);
    expect(booked.status).toBe('booked');
    expect(booked.visits.map((v) => [v.status, v.paymentStatus])).toEqual([['confirmed', 'paid'], ['confirmed', 'paid'], ['confirmed', 'paid']]);
    expect(await seriesFigures(c)).toEqual({ visits: 3, booked: 1 });
  });
});

describe('a course paid late whose times were all taken meanwhile', () => {
  it('mails the patient once, in their language, which visits could not be kept and what happens to their money', { timeout: SLOW }, async () => {
    const c = await courseClinic('course-unplaced');
    const { seriesId, checkoutUrl, email, dates } = await holdCourse(c, dayAhead(8, ZONE), 'es');
    const sessionId = sessionIdOf(checkoutUrl);
    expect(await expireLocalCheckout(sessionId)).toBe(200);
    await eventually(async () => ((await seriesOf(c, seriesId)).status === 'expired' ? true : undefined), 'the series expired');
    // Other patients take every one of its times (one place per slot).
    for (const date of dates) await holdBooking(c, date, '10:00');

    // The patient had paid in time; Stripe's completed event comes after the expiry, delivered twice.
    const late = { ...(await stripeSession(sessionId)), status: 'complete', payment_status: 'paid', payment_intent: `pi_unplaced_${seriesId}` };
    expect((await sendStripeEvent(stripeEvent('checkout.session.completed', late))).status).toBe(200);
    expect((await sendStripeEvent(stripeEvent('checkout.session.completed', late))).status).toBe(200);
    const after = await seriesOf(c, seriesId);
    expect(after.status).toBe('expired');
    expect(after.visits.map((v) => [v.status, v.paymentStatus])).toEqual(Array(3).fill(['expired', 'paid']));

    const [mail, ...more] = await waitForMails(email);
    expect(more).toEqual([]);
    expect(mail.subject).toMatch(/^Sobre su serie con /);
    const text = mail.body.text ?? '';
    expect(text).toContain('los horarios de estas 3 visitas ya no estaban disponibles');
    expect(text).toContain('De lo que pagó, $148.50 (USD) corresponde a estas visitas.');
    expect(text).toContain('se pondrá en contacto con usted para ofrecerle otro horario o reembolsarle');
    expect(text).not.toContain('Sus otras visitas están reservadas');
    expect(text.match(/^\d\. /gm)).toHaveLength(3);
    expect(text).toContain(seriesId);
  });
});

describe('a series booked before settledAt existed', () => {
  it('is settled already: its card saved again changes nothing and tells staff nothing', { timeout: SLOW }, async () => {
    const c = await newClinic('course-legacy');
    const set = await api('PUT', `/bookings/packages/${c.packageId}`, { token: c.owner.token, body: { paymentMode: 'card_on_file', noShowFee: 20, allowSeries: true, seriesPayment: 'course' } });
    expect(set.status, set.body.message).toBe(200);
    const { seriesId, checkoutUrl } = await holdCourse(c, dayAhead(9, ZONE));
    const session = await stripeSession(sessionIdOf(checkoutUrl));
    expect(session.mode).toBe('setup');
    const saved = await fetch(`${checkoutUrl}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: '4242424242424242', name: 'Pat Course' }).toString(), redirect: 'manual' });
    expect(saved.headers.get('location')).toContain('payment=success');
    const booked = await eventually(async () => {
      const s = await seriesOf(c, seriesId);
      return s.status === 'booked' ? s : undefined;
    }, 'the course booked');
    // Staff cancel every visit; then the record is made as one written before settledAt existed: booked, no settledAt.
    const cancel = await api('POST', `/bookings/series/${seriesId}/cancel`, { token: c.owner.token, body: { bookingId: booked.visits[0].id, scope: 'all' } });
    expect(cancel.status, cancel.body.message).toBe(200);
    const { client, table } = testDb();
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: `ORG#${c.owner.orgId}#SERIES#${seriesId}`, sk: 'SERIES' }, UpdateExpression: 'REMOVE settledAt' }));

    // Stripe delivers the card's setup_intent.succeeded again, under a new id.
    const env = inject('stackEnv');
    const intent = (await (await fetch(`${env.STRIPE_API_BASE}/v1/setup_intents/${(await stripeSession(session.id)).setup_intent}`, { headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } })).json()) as Record<string, unknown>;
    expect((await sendStripeEvent(stripeEvent('setup_intent.succeeded', intent))).status).toBe(200);
    expect(await outboxRow(`series-paid-late-notice-${c.owner.orgId}-${seriesId}`)).toBeUndefined();
    const record = (await client.send(new GetCommand({ TableName: table, Key: { pk: `ORG#${c.owner.orgId}#SERIES#${seriesId}`, sk: 'SERIES' }, ConsistentRead: true }))).Item;
    expect(record).toMatchObject({ status: 'booked' });
    expect(record?.settledAt).toBeUndefined();
  });
});

describe("a course's refunds", () => {
  it('records a refund made in Stripe by hand once, and neither our own share refund nor a repeated or older event', { timeout: SLOW }, async () => {
    const c = await courseClinic('course-manual-refund');
    const { seriesId, checkoutUrl } = await holdCourse(c, dayAhead(5, ZONE));
    const metadata = { kind: 'series', orgId: c.owner.orgId, seriesId };
    // A refund event before the payment is recorded: handed back for a later delivery, nothing recorded.
    const early = await sendStripeEvent(refundEvent('pi_not_recorded_yet', 1000, metadata));
    expect(early.status).not.toBe(200);
    expect((await seriesOf(c, seriesId)).refundedByHandCents).toBe(0);

    expect(await payLocalCheckout(checkoutUrl)).toContain('payment=success');
    const paid = await eventually(async () => {
      const s = await seriesOf(c, seriesId);
      return s.status === 'booked' ? s : undefined;
    }, 'the course paid');
    const intent: string = (await stripeSession(sessionIdOf(checkoutUrl))).payment_intent;

    // Staff cancel visit 2: our own refund of its share (4950), whose charge.refunded comes back from the stand-in.
    const cancel = await api('POST', `/bookings/series/${seriesId}/cancel`, { token: c.owner.token, body: { bookingId: paid.visits[1].id, scope: 'one' } });
    expect(cancel.status, cancel.body.message).toBe(200);
    // That event, as Stripe sends it: nothing by hand in it.
    expect((await sendStripeEvent(refundEvent(intent, 4950, metadata))).status).toBe(200);
    expect((await seriesOf(c, seriesId)).refundedByHandCents).toBe(0);

    // $20.00 refunded in Stripe's dashboard: the stand-in's refund, then its event (total 6950), delivered twice under one id.
    const env = inject('stackEnv');
    const manual = await fetch(`${env.STRIPE_API_BASE}/v1/refunds`, {
      method: 'POST', headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_intent: intent, amount: '2000' }).toString(),
    });
    expect(manual.status).toBe(200);
    const byHand = refundEvent(intent, 6950, metadata);
    expect((await sendStripeEvent(byHand)).status).toBe(200);
    expect((await sendStripeEvent(byHand)).status).toBe(200);
    // The same total under another event id, and an older total coming late: nothing more.
    expect((await sendStripeEvent(refundEvent(intent, 6950, metadata))).status).toBe(200);
    expect((await sendStripeEvent(refundEvent(intent, 4950, metadata))).status).toBe(200);

    const after = await seriesOf(c, seriesId);
    expect(after.refundedByHandCents).toBe(2000);
    expect(after.status).toBe('booked');
    expect(after.visits.map((v) => v.refundedCents ?? 0)).toEqual([0, 4950, 0]);
    const entries = (await logs(c.owner)).filter((e) => e.recordId === seriesId && /refunded in Stripe/.test(e.summary));
    expect(entries.map((e) => e.summary)).toEqual(['$20.00 of the course "Consultation" of Pat Course refunded in Stripe ($69.50 of $148.50 refunded in all)']);
  });
});

describe('a refund that fails after charge.refunded recorded it', () => {
  it('gives back the refunded money recorded on the series and in the report once, with one audit entry and one staff notice', { timeout: SLOW }, async () => {
    const c = await courseClinic('course-refund-failed');
    const { seriesId, checkoutUrl } = await holdCourse(c, dayAhead(10, ZONE));
    expect(await payLocalCheckout(checkoutUrl)).toContain('payment=success');
    await eventually(async () => ((await seriesOf(c, seriesId)).status === 'booked' ? true : undefined), 'the course paid');
    const intent: string = (await stripeSession(sessionIdOf(checkoutUrl))).payment_intent;
    const refundedMoney = async () => {
      const res = await api('GET', `/reports?from=${dayAhead(-1, ZONE)}&to=${dayAhead(1, ZONE)}`, { token: c.owner.token });
      return (res.body.data.weeks as { revenue?: Record<string, { refunded: number }> }[]).reduce((sum, w) => sum + (w.revenue?.usd?.refunded ?? 0), 0);
    };

    // $20.00 refunded in Stripe's dashboard; its charge.refunded (sent by the stand-in) records it.
    const env = inject('stackEnv');
    const stripe = (path: string, body: Record<string, string>) =>
      fetch(`${env.STRIPE_API_BASE}${path}`, { method: 'POST', headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
    const made = await stripe('/v1/refunds', { payment_intent: intent, amount: '2000' });
    expect(made.status).toBe(200);
    const refund = (await made.json()) as Record<string, unknown>;
    await eventually(async () => ((await seriesOf(c, seriesId)).refundedByHandCents === 2000 ? true : undefined), 'the refund recorded');
    expect(await refundedMoney()).toBe(2000);

    // The card was closed: the refund fails (the stand-in sends refund.updated and refund.failed), and refund.failed comes again.
    const failed = await stripe(`/v1/__local/refunds/${String(refund.id)}/fail`, { failure_reason: 'expired_or_canceled_card' });
    expect(failed.status).toBe(200);
    const failedRefund = (await failed.json()) as Record<string, unknown>;
    await eventually(async () => ((await seriesOf(c, seriesId)).refundedByHandCents === 0 ? true : undefined), 'the failure recorded');
    expect((await sendStripeEvent(stripeEvent('refund.failed', failedRefund))).status).toBe(200);
    expect((await sendStripeEvent(stripeEvent('refund.updated', failedRefund))).status).toBe(200);

    expect((await seriesOf(c, seriesId)).refundedByHandCents).toBe(0);
    expect(await refundedMoney()).toBe(0);
    const entries = (await logs(c.owner)).filter((e) => e.recordId === seriesId && /failed in Stripe/.test(e.summary));
    expect(entries.map((e) => e.summary)).toEqual(['Refund of $20.00 of the course "Consultation" of Pat Course failed in Stripe (the card has expired or was cancelled): $20.00 no longer counted as refunded']);
    const notice = await outboxRow(`refund-failed-${String(refund.id)}`);
    expect(notice?.payload).toMatchObject({ kind: 'staff-notice', notice: { title: 'Refund failed', link: `/bookings/series/${seriesId}` } });
  });

  it('a charge.refunded from before the failure, delivered after it: the failed refund not counted again, the other refund it carries recorded', { timeout: SLOW }, async () => {
    const c = await courseClinic('course-refund-late');
    const { seriesId, checkoutUrl } = await holdCourse(c, dayAhead(12, ZONE));
    expect(await payLocalCheckout(checkoutUrl)).toContain('payment=success');
    await eventually(async () => ((await seriesOf(c, seriesId)).status === 'booked' ? true : undefined), 'the course paid');
    const intent: string = (await stripeSession(sessionIdOf(checkoutUrl))).payment_intent;
    const env = inject('stackEnv');
    const stripe = (path: string, body: Record<string, string>) =>
      fetch(`${env.STRIPE_API_BASE}${path}`, { method: 'POST', headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
    const refundedMoney = async () => {
      const res = await api('GET', `/reports?from=${dayAhead(-1, ZONE)}&to=${dayAhead(1, ZONE)}`, { token: c.owner.token });
      return (res.body.data.weeks as { revenue?: Record<string, { refunded: number }> }[]).reduce((sum, w) => sum + (w.revenue?.usd?.refunded ?? 0), 0);
    };
    // $20.00 refunded by hand, recorded; then it fails and is corrected.
    const refund = (await (await stripe('/v1/refunds', { payment_intent: intent, amount: '2000' })).json()) as Record<string, unknown>;
    await eventually(async () => ((await seriesOf(c, seriesId)).refundedByHandCents === 2000 ? true : undefined), 'the refund recorded');
    expect((await stripe(`/v1/__local/refunds/${String(refund.id)}/fail`, {})).status).toBe(200);
    await eventually(async () => ((await seriesOf(c, seriesId)).refundedByHandCents === 0 ? true : undefined), 'the failure recorded');

    // Another $5.00 by hand had been made before the failure: its charge.refunded (total 2500, still
    // counting the failed $20.00, created then) comes only now.
    const late = { ...refundEvent(intent, 2500, { kind: 'series', orgId: c.owner.orgId, seriesId }), created: Number(refund.created) };
    expect((await sendStripeEvent(late)).status).toBe(200);
    expect((await seriesOf(c, seriesId)).refundedByHandCents).toBe(500);
    expect(await refundedMoney()).toBe(500);
  });

  it("a single booking's refund failing: the booking paid again, not refunded, once", { timeout: SLOW }, async () => {
    const c = await newClinic('booking-refund-failed');
    const held = await paidBooking(c, dayAhead(11, ZONE), '11:00');
    const intent: string = (await stripeSession(sessionIdOf(held.checkoutUrl))).payment_intent;
    const env = inject('stackEnv');
    const stripe = (path: string, body: Record<string, string>) =>
      fetch(`${env.STRIPE_API_BASE}${path}`, { method: 'POST', headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
    const refund = (await (await stripe('/v1/refunds', { payment_intent: intent, amount: '1500' })).json()) as Record<string, unknown>;
    await eventually(async () => ((await getBooking(c, held.id)).refundedCents === 1500 ? true : undefined), 'the refund recorded');
    expect((await getBooking(c, held.id)).paymentStatus).toBe('partially_refunded');

    const failed = (await (await stripe(`/v1/__local/refunds/${String(refund.id)}/fail`, {})).json()) as Record<string, unknown>;
    await eventually(async () => ((await getBooking(c, held.id)).refundedCents === 0 ? true : undefined), 'the failure recorded');
    expect((await sendStripeEvent(stripeEvent('refund.failed', failed))).status).toBe(200);
    expect(await getBooking(c, held.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', refundedCents: 0 });
    const entries = (await logs(c.owner)).filter((e) => e.recordId === held.id && /failed in Stripe/.test(e.summary));
    expect(entries).toHaveLength(1);
    expect(entries[0].summary).toMatch(/^Refund of \$15\.00 to Pat Visitor for "Consultation" \(.+\) failed in Stripe \(the card has expired or was cancelled\): \$15\.00 no longer counted as refunded$/);
  });
});
