// POST /waitlist/offer/take (public): the patient books the time held for them from the offer's link:
// the held booking's Stripe Checkout at its package's price (a second click gets the same session).
// The hold stays what it was: it ends at the offer's window (the hold sweep expires its session with
// it), and the booking is confirmed only by the payment (domain/bookings/payment-consumer.ts).
// An offer told to everyone ('all-at-once') holds nothing: it is booked on the booking page.
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { createCheckoutSession, expireCheckoutSession } from '#lib/stripe';
import { currencyOf } from '#shared/currency';
import { stripeLocaleOf } from '#shared/i18n/locales';
import { offerLinkSchema, takeOfferReply, WAITLIST_MESSAGES } from '#shared/waitlist/schemas';
import { getBooking } from '../data/bookings';
import { getOrganization } from '../data/organizations';
import { updateBooking } from '#domain/bookings/places';
import { bookingPageUrl } from '#domain/bookings/views';
import { waitlistLink } from '#domain/waitlist/mail';
import { offerByLink } from './lib/link';

/**
 * The session's end: the hold's end and 31 minutes (Stripe's shortest session is 30), fixed by the hold
 * so a second click sends Stripe the same request; at most 24 hours ahead (Stripe's longest). The
 * hold ending first expires the session (places.ts expireLapsedHold).
 */
const sessionEnd = (holdExpiresAt: string, now: Date) => Math.floor(Math.min(Date.parse(holdExpiresAt) + 31 * 60_000, now.getTime() + 24 * 3600_000 - 60_000) / 1000);

export const handler = endpoint({ body: offerLinkSchema, reply: takeOfferReply }, async ({ body }) => {
  const offer = await offerByLink(body.apiKey, body.offerId, body.token);
  if (offer.mode !== 'one-by-one' || !offer.bookingId) throw conflict('This time is not held for you: please book it on the booking page.');
  const booking = await getBooking(offer.orgId, offer.bookingId);
  if (booking?.status === 'confirmed') throw conflict(WAITLIST_MESSAGES.offerTaken);
  const now = new Date();
  if (!booking || booking.status !== 'held' || !booking.holdExpiresAt || booking.holdExpiresAt <= now.toISOString()) throw conflict(WAITLIST_MESSAGES.offerGone);
  if (booking.stripeSessionId && booking.checkoutUrl) return { data: { checkoutUrl: booking.checkoutUrl, bookingId: booking.id } };

  const org = await getOrganization(offer.orgId);
  const session = await createCheckoutSession({
    amountCents: booking.priceCents,
    currency: currencyOf(booking.currency),
    productName: `${booking.packageName} (${org?.name ?? ''})`.slice(0, 250),
    description: `${booking.bookingTime} on ${booking.bookingDate} (${booking.timeZone})${booking.practitionerName ? ` with ${booking.practitionerName}` : ''}`,
    successUrl: bookingPageUrl(body.apiKey, 'success', { locale: booking.locale }),
    // Back from Checkout without paying: the offer's page again (the time stays held until its window ends).
    cancelUrl: waitlistLink(body.apiKey, 'offer', offer.id, body.token, booking.locale),
    customerEmail: booking.email,
    metadata: { kind: 'booking', orgId: booking.orgId, bookingId: booking.id },
    expiresAt: sessionEnd(booking.holdExpiresAt, now),
    idempotencyKey: `waitlist-offer-${booking.orgId}-${booking.id}`,
    locale: stripeLocaleOf(booking.locale),
  });
  const saved = await updateBooking(booking, { status: ['held'] }, { stripeSessionId: session.id, checkoutUrl: session.url, updatedAt: new Date().toISOString() });
  if (!saved) {
    // The hold ended meanwhile: this session must not take a payment for a time no longer held.
    await expireCheckoutSession(session.id, `expire-hold-${booking.orgId}-${booking.id}`).catch(() => undefined);
    const fresh = await getBooking(offer.orgId, offer.bookingId);
    if (fresh?.stripeSessionId === session.id && fresh.checkoutUrl) return { data: { checkoutUrl: fresh.checkoutUrl, bookingId: fresh.id } };
    throw conflict(WAITLIST_MESSAGES.offerGone);
  }
  return { data: { checkoutUrl: session.url, bookingId: booking.id } };
});
