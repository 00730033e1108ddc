// Issue 34: a patient who cancels at Checkout (or chooses another time) gives their hold back at once
// and may hold again at once, instead of being told to wait 10 minutes for their own hold. Checkout's
// cancel address carries the booking and its release token (Stripe fills no session id there) and the
// patient's language; POST /bookings/release-hold expires the session at Stripe (the local stand-in)
// before the place is given back; a paid booking is never released; a payment that still lands is a
// late payment as before.
import { describe, expect, it } from 'vitest';
import { api, uniqueEmail, uniquePhone } from '../support/api';
import { failStripeNext, payLocalCheckout, sendStripeEvent, sessionIdOf, stripeEvent, stripeSession } from '../support/stripe';
import { dayAhead, getBooking, newClinic, type Clinic } from './booking-support';

/** Another address each time: the per-network hold cap must not decide these tests. */
const from = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

function hold(c: Clinic, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api('POST', '/bookings/create-booking', { body: { apiKey: c.apiKey, packageId: c.packageId, ...body }, headers: { 'x-forwarded-for': from(), ...headers } });
}

const release = (apiKey: string, bookingId: string, token: string) => api('POST', '/bookings/release-hold', { body: { apiKey, bookingId, token } });

async function freeAt(c: Clinic, date: string, time: string) {
  const res = await api('POST', '/bookings/available-slots', { body: { apiKey: c.apiKey, date } });
  return (res.body.data.slots as { time: string; remaining: number }[]).find((s) => s.time === time)?.remaining ?? 0;
}

/** Each test signs a clinic up and walks a hold through Checkout: more than the default on a busy machine. */
const SLOW = 120_000;

const patient = () => ({ firstName: 'Pat', lastName: 'Patient', email: uniqueEmail('cancel'), phoneNumber: uniquePhone() });

describe('giving a hold back (issue 34)', () => {
  it('Checkout cancelled: its cancel address gives the hold back at once, the session is expired, the same patient holds again at once', async () => {
    const c = await newClinic('release');
    const date = dayAhead(6);
    const me = patient();
    const first = await hold(c, { ...me, bookingDate: date, bookingTime: '10:00', locale: 'es' });
    expect(first.status).toBe(201);
    const { bookingId, releaseToken, checkoutUrl } = first.body.data;
    expect(releaseToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The return addresses carry the language; the cancel address names the hold it gives back.
    const session = await stripeSession(sessionIdOf(checkoutUrl));
    const success = new URL(session.success_url);
    expect(success.searchParams.get('lang')).toBe('es');
    expect(session.success_url).toContain('session_id={CHECKOUT_SESSION_ID}');
    const cancel = new URL(session.cancel_url);
    expect(cancel.pathname).toBe(`/booking/${c.apiKey}`);
    expect(Object.fromEntries(cancel.searchParams)).toEqual({ payment: 'cancelled', lang: 'es', booking: bookingId, release: releaseToken });

    // Held: the same patient is refused another time (one unpaid hold per email and phone).
    expect((await hold(c, { ...me, bookingDate: date, bookingTime: '12:00' })).status).toBe(409);
    expect(await freeAt(c, date, '10:00')).toBe(0);

    const released = await release(c.apiKey, cancel.searchParams.get('booking')!, cancel.searchParams.get('release')!);
    expect(released.status).toBe(200);
    expect(released.body.data).toEqual({ outcome: 'released' });
    expect(await getBooking(c, bookingId)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', holdExpiresAt: null });
    expect((await stripeSession(session.id)).status).toBe('expired');
    expect(await freeAt(c, date, '10:00')).toBe(1);

    // At once, the same email and phone hold another time.
    const again = await hold(c, { ...me, bookingDate: date, bookingTime: '12:00' });
    expect(again.status).toBe(201);
    expect(again.body.data.bookingId).not.toBe(bookingId);

    // Given back again (a second click, the back button): the same answer, nothing else moves.
    expect((await release(c.apiKey, bookingId, releaseToken)).body.data).toEqual({ outcome: 'released' });
    expect((await getBooking(c, again.body.data.bookingId)).status).toBe('held');
    // The old checkout cannot be paid any more.
    expect(await payLocalCheckout(checkoutUrl, me.email)).toBe(`/local/checkout/${session.id}`);
    expect((await getBooking(c, bookingId)).status).toBe('expired');
  }, SLOW);

  it('refuses a token that is not the booking\'s, another booking\'s token, another clinic, and bad input', async () => {
    const c = await newClinic('release-refuse');
    const other = await newClinic('release-other');
    const date = dayAhead(7);
    const mine = (await hold(c, { ...patient(), bookingDate: date, bookingTime: '09:00' })).body.data;
    const theirs = (await hold(c, { ...patient(), bookingDate: date, bookingTime: '11:00' })).body.data;
    const elsewhere = (await hold(other, { ...patient(), bookingDate: date, bookingTime: '09:00' })).body.data;

    for (const [apiKey, bookingId, token] of [
      [c.apiKey, mine.bookingId, theirs.releaseToken], // another booking's token
      [c.apiKey, mine.bookingId, 'x'.repeat(43)], // a made-up token
      [other.apiKey, mine.bookingId, mine.releaseToken], // the right token through another clinic's page
      [c.apiKey, elsewhere.bookingId, elsewhere.releaseToken], // another clinic's booking through this page
    ] as const) {
      const res = await release(apiKey, bookingId, token);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Booking not found.');
    }
    const unknownPage = await release('pk_no_such_page', mine.bookingId, mine.releaseToken);
    expect(unknownPage.status).toBe(404);
    expect(unknownPage.body.message).toBe('This booking page is not available. Please check the link.');
    const noToken = await api('POST', '/bookings/release-hold', { body: { apiKey: c.apiKey, bookingId: mine.bookingId } });
    expect(noToken.status).toBe(400);
    expect(noToken.body.errors).toMatchObject({ token: 'token is required' });

    // Nothing was given back by any of them.
    for (const [clinic, b] of [[c, mine], [c, theirs], [other, elsewhere]] as const) {
      expect((await getBooking(clinic, b.bookingId)).status).toBe('held');
      expect((await stripeSession(sessionIdOf(b.checkoutUrl))).status).toBe('open');
    }
  }, SLOW);

  it('after paying, giving it back does nothing: the booking stays confirmed and its place taken', async () => {
    const c = await newClinic('release-paid');
    const date = dayAhead(8);
    const me = patient();
    const held = (await hold(c, { ...me, bookingDate: date, bookingTime: '14:00' })).body.data;
    await payLocalCheckout(held.checkoutUrl, me.email);
    expect(await getBooking(c, held.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    const res = await release(c.apiKey, held.bookingId, held.releaseToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ outcome: 'paid' });
    expect(await getBooking(c, held.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await freeAt(c, date, '14:00')).toBe(0);
  }, SLOW);

  it('a payment arriving after the hold was given back is a late payment: the place is taken again while free', async () => {
    const c = await newClinic('release-late');
    const date = dayAhead(9);
    const me = patient();
    const held = (await hold(c, { ...me, bookingDate: date, bookingTime: '15:00' })).body.data;
    expect((await release(c.apiKey, held.bookingId, held.releaseToken)).body.data).toEqual({ outcome: 'released' });
    // Stripe's completed event for that session comes anyway (paid in another tab just before it closed).
    const session = { ...(await stripeSession(sessionIdOf(held.checkoutUrl))), status: 'complete', payment_status: 'paid', payment_intent: `pi_late_${Date.now()}`, customer_details: { email: me.email, name: null } };
    expect((await sendStripeEvent(stripeEvent('checkout.session.completed', session))).status).toBe(200);
    expect(await getBooking(c, held.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(await freeAt(c, date, '15:00')).toBe(0);
    // Given back now: it is paid, so nothing moves.
    expect((await release(c.apiKey, held.bookingId, held.releaseToken)).body.data).toEqual({ outcome: 'paid' });
  }, SLOW);

  it('the page reloaded takes the hold over with a token of its own; both give it back', async () => {
    // One place (the default): the full time is this patient's own hold, which they get back.
    const c = await newClinic('release-reload');
    const date = dayAhead(10);
    const me = patient();
    const first = (await hold(c, { ...me, bookingDate: date, bookingTime: '16:00' }, { 'idempotency-key': `k-${Math.random()}` })).body.data;
    // Another key (the page reloaded): the same hold and checkout, another token.
    const again = await hold(c, { ...me, bookingDate: date, bookingTime: '16:00' }, { 'idempotency-key': `k-${Math.random()}` });
    expect(`${again.status} ${again.body.message}`).toBe('201 Please complete the payment to confirm booking');
    const reloaded = again.body.data;
    expect(reloaded).toMatchObject({ bookingId: first.bookingId, checkoutUrl: first.checkoutUrl });
    expect(reloaded.releaseToken).not.toBe(first.releaseToken);
    expect((await release(c.apiKey, first.bookingId, reloaded.releaseToken)).body.data).toEqual({ outcome: 'released' });
    expect((await release(c.apiKey, first.bookingId, first.releaseToken)).body.data).toEqual({ outcome: 'released' });
    expect((await getBooking(c, first.bookingId)).status).toBe('expired');
  }, SLOW);

  it('Stripe not answering: the hold is kept (its checkout might still be paid), the page is told to try again, and a later try gives it back', async () => {
    const c = await newClinic('release-stripe-down');
    const date = dayAhead(12);
    const held = (await hold(c, { ...patient(), bookingDate: date, bookingTime: '11:00' })).body.data;
    const sessionId = sessionIdOf(held.checkoutUrl);
    // The expiry and the read-back, each with the client's two retries.
    await failStripeNext({ path: `/v1/checkout/sessions/${sessionId}`, count: 6, status: 500 });
    const refused = await release(c.apiKey, held.bookingId, held.releaseToken);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await getBooking(c, held.bookingId)).toMatchObject({ status: 'held' });
    expect((await stripeSession(sessionId)).status).toBe('open');
    expect(await freeAt(c, date, '11:00')).toBe(0);

    expect((await release(c.apiKey, held.bookingId, held.releaseToken)).body.data).toEqual({ outcome: 'released' });
    expect((await stripeSession(sessionId)).status).toBe('expired');
    expect(await freeAt(c, date, '11:00')).toBe(1);
  }, SLOW);
});
