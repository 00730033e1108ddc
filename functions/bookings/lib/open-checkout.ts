// POST /bookings/create-booking, its fourth step: open the held place's card payment, a Stripe Checkout
// session at the booking's own price and currency. The booking is confirmed only when Stripe reports
// the payment (lib/payment-consumer.ts); a hold with its checkout already open keeps that session.
import { currencyOf } from '#shared/currency';
import { HttpError } from '#lib/errors';
import { createCheckoutSession } from '#lib/stripe';
import { stripeLocaleOf } from '#shared/i18n/locales';
import { checkoutItem } from '#domain/bookings/payment-text';
import type { BookingRecord } from '../../data/bookings';
import { releaseHeld } from '#domain/bookings/places';
import { releaseTokenHash } from './release-token';
import { bookingPageUrl } from '#domain/bookings/views';

/**
 * Stripe's shortest Checkout session (30 minutes from its request), and a minute more: the session's
 * end is fixed from the booking's creation, so a resumed request sends Stripe the same parameters and
 * still meets the minimum. The hold is shorter (HOLD_MINUTES): the product expires the session itself.
 */
export const CHECKOUT_MINUTES = 31;

/** Release tokens a hold keeps at most (its first, in Checkout's cancel address, and the latest pages'). */
export const MAX_RELEASE_TOKENS = 4;

/**
 * The hold's release tokens once `tokenHash` is among them: `hashes` (undefined) when it is already,
 * else with it added (its patient's hold taken over by another page), keeping the first (Checkout's
 * cancel address) and of the others the latest. `first`: the token is the hold's first (or the hold
 * has none yet).
 */
export function withReleaseToken(hashes: readonly string[], tokenHash: string): { newHashes: string[] | undefined; first: boolean } {
  const newHashes = hashes.includes(tokenHash) ? undefined : [...hashes.slice(0, 1), ...hashes.slice(1).slice(2 - MAX_RELEASE_TOKENS), tokenHash];
  return { newHashes, first: hashes.length === 0 || hashes[0] === tokenHash };
}

export interface OpenedCheckout {
  session: { id: string; url: string };
  /** The hold's release token hashes to store with the session, when the token was new to it. */
  newHashes: string[] | undefined;
}

/**
 * The held booking's Checkout session, opened at Stripe (or the one it has already). Stripe's
 * idempotency key is the booking's, so a retry gets the same session; it names the cancel address's
 * token when that is not the hold's first (Stripe refuses a key sent again with other parameters).
 * When Stripe fails, the place is given back at once: no checkout, no hold.
 */
export async function openCheckout(
  booking: BookingRecord,
  releaseToken: string,
  page: { apiKey: string; clinicName: string; customerEmail: string; successUrl: string },
): Promise<OpenedCheckout> {
  const tokenHash = releaseTokenHash(releaseToken);
  const { newHashes, first } = withReleaseToken(booking.releaseTokenHashes ?? [], tokenHash);
  // Taken over before its first request opened its checkout: a second session (another key) would be a
  // second way to pay one hold. The page tries again in a moment and gets the session then.
  if (!first && !booking.stripeSessionId) {
    throw new HttpError(409, 'This booking is being prepared in another window. Please try again in a moment.', undefined, { 'Retry-After': '2' });
  }
  const cancelUrl = bookingPageUrl(page.apiKey, 'cancelled', { locale: booking.locale, release: { bookingId: booking.id, token: releaseToken } });
  // A hold with its checkout already open (a patient's retry) keeps that session.
  if (booking.stripeSessionId && booking.checkoutUrl) return { session: { id: booking.stripeSessionId, url: booking.checkoutUrl }, newHashes };
  try {
    // A deposit package charges its deposit now (the booking's policy, priced when it was held); the rest is due at the visit.
    const session = await createCheckoutSession({
      amountCents: booking.paymentPolicy?.dueNowMinor ?? booking.priceCents,
      currency: currencyOf(booking.currency),
      ...checkoutItem(booking, page.clinicName),
      successUrl: page.successUrl,
      cancelUrl,
      customerEmail: page.customerEmail,
      metadata: { kind: 'booking', orgId: booking.orgId, bookingId: booking.id },
      expiresAt: Math.floor(Date.parse(booking.createdAt) / 1000) + CHECKOUT_MINUTES * 60,
      idempotencyKey: first ? `booking-${booking.id}` : `booking-${booking.id}-${tokenHash.slice(0, 16)}`,
      // The held booking's own: a resumed request sends Stripe the same parameters.
      locale: stripeLocaleOf(booking.locale),
    });
    return { session, newHashes };
  } catch (error) {
    // No checkout, no hold: give the place back at once.
    await releaseHeld(booking, 'expired', new Date().toISOString()).catch(() => undefined);
    throw error;
  }
}
