// POST /waitlist/offer/take (public): the patient books the time held for them from the offer's link,
// as the package is paid (issue 36, the booking's `paymentPolicy` stored with the hold, as
// create-booking's): 'at_clinic' confirms it at once (the same guarded move as the booking page's,
// #domain/bookings/confirm-unpaid.ts); 'card_on_file' opens Checkout in setup mode to save the card
// (confirmed when Stripe reports it saved: #domain/bookings/card-consumer.ts); 'full' and 'deposit'
// open Checkout for what is due now (confirmed by the payment: #domain/bookings/payment-consumer.ts).
// A second click gets the same session (or the same confirmation).
// The hold stays what it was: it ends at the offer's window (the hold sweep expires its session with
// it). The sessions are opened here rather than by the booking page's open-checkout/open-card-setup:
// those fix the session's end from the hold's creation (a 10-minute hold) and key it by release
// tokens; an offer is held for the clinic's window and opened by its link's token.
// An offer told to everyone ('all-at-once') holds nothing: it is booked on the booking page.
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { createCheckoutSession, expireCheckoutSession } from '#lib/stripe';
import { createSetupCheckoutSession } from '#lib/stripe-setup';
import { patientTexts } from '#lib/i18n';
import { currencyOf } from '#shared/currency';
import { stripeLocaleOf } from '#shared/i18n/locales';
import { offerLinkSchema, takeOfferReply, WAITLIST_MESSAGES } from '#shared/waitlist/schemas';
import { getBooking } from '../data/bookings';
import { getOrganization } from '../data/organizations';
import { updateBooking } from '#domain/bookings/places';
import { checkoutItem } from '#domain/bookings/payment-text';
import { confirmUnpaid } from '#domain/bookings/confirm-unpaid';
import { patientCustomerId } from '#domain/payments/customers';
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
  const mode = booking?.paymentPolicy?.mode ?? 'full';
  // Paid at the clinic: a second click finds the booking its first click confirmed.
  if (booking?.status === 'confirmed' && mode === 'at_clinic') return { data: { status: 'confirmed' as const, checkoutUrl: null, bookingId: booking.id } };
  if (booking?.status === 'confirmed') throw conflict(WAITLIST_MESSAGES.offerTaken);
  const now = new Date();
  if (!booking || booking.status !== 'held' || !booking.holdExpiresAt || booking.holdExpiresAt <= now.toISOString()) throw conflict(WAITLIST_MESSAGES.offerGone);
  const org = await getOrganization(offer.orgId);
  if (mode === 'at_clinic') {
    // Nothing to pay online: the held place confirmed now, its mail (with the manage link) sent in the same writes.
    const done = await confirmUnpaid(booking, org, {}, now.toISOString());
    if (done) return { data: { status: 'confirmed' as const, checkoutUrl: null, bookingId: booking.id, manageUrl: done.manageUrl } };
    const fresh = await getBooking(offer.orgId, offer.bookingId);
    if (fresh?.status === 'confirmed') return { data: { status: 'confirmed' as const, checkoutUrl: null, bookingId: fresh.id } };
    throw conflict(WAITLIST_MESSAGES.offerGone);
  }
  if (booking.stripeSessionId && booking.checkoutUrl) return { data: { status: 'held' as const, checkoutUrl: booking.checkoutUrl, bookingId: booking.id } };

  const page = {
    successUrl: bookingPageUrl(body.apiKey, 'success', { locale: booking.locale }),
    // Back from Checkout without paying: the offer's page again (the time stays held until its window ends).
    cancelUrl: waitlistLink(body.apiKey, 'offer', offer.id, body.token, booking.locale),
    metadata: { kind: 'booking', orgId: booking.orgId, bookingId: booking.id },
    expiresAt: sessionEnd(booking.holdExpiresAt, now),
    locale: stripeLocaleOf(booking.locale),
  };
  const session =
    mode === 'card_on_file'
      ? // Nothing charged now: the card saved to the patient's Customer at this clinic, for the fees they agree to.
        await createSetupCheckoutSession({
          ...page,
          customerId: await patientCustomerId(booking.orgId, booking),
          currency: currencyOf(booking.currency),
          description: patientTexts(booking.locale)('pay.cardSetup', { clinic: org?.name ?? '' }),
          idempotencyKey: `waitlist-offer-setup-${booking.orgId}-${booking.id}`,
        })
      : await createCheckoutSession({
          ...page,
          // A deposit package charges its deposit now (the policy stored with the hold); the rest is due at the visit.
          amountCents: booking.paymentPolicy?.dueNowMinor ?? booking.priceCents,
          currency: currencyOf(booking.currency),
          ...checkoutItem(booking, org?.name ?? ''),
          customerEmail: booking.email,
          idempotencyKey: `waitlist-offer-${booking.orgId}-${booking.id}`,
        });
  const saved = await updateBooking(booking, { status: ['held'] }, { stripeSessionId: session.id, checkoutUrl: session.url, updatedAt: new Date().toISOString() });
  if (!saved) {
    // The hold ended meanwhile: this session must not take a payment for a time no longer held.
    await expireCheckoutSession(session.id, `expire-hold-${booking.orgId}-${booking.id}`).catch(() => undefined);
    const fresh = await getBooking(offer.orgId, offer.bookingId);
    if (fresh?.stripeSessionId === session.id && fresh.checkoutUrl) return { data: { status: 'held' as const, checkoutUrl: fresh.checkoutUrl, bookingId: fresh.id } };
    throw conflict(WAITLIST_MESSAGES.offerGone);
  }
  return { data: { status: 'held' as const, checkoutUrl: session.url, bookingId: booking.id } };
});
