// POST /bookings/create-booking, its fourth step for a package that holds a card for fees (issue 36):
// nothing is charged; a Stripe Checkout Session in setup mode saves the patient's card to their Stripe
// Customer at this clinic (one per patient, reused when they come back: #domain/payments/customers).
// The booking is confirmed when Stripe reports the card saved (checkout.session.completed in setup mode,
// or setup_intent.succeeded: #domain/bookings/card-consumer.ts). As a payment's checkout: Stripe's
// idempotency key is the booking's, a hold with its session open keeps it, and when Stripe fails the
// place is given back at once.
import { currencyOf } from '#shared/currency';
import { stripeLocaleOf } from '#shared/i18n/locales';
import { HttpError } from '#lib/errors';
import { patientTexts } from '#lib/i18n';
import { createSetupCheckoutSession } from '#lib/stripe-setup';
import type { BookingRecord } from '../../data/bookings';
import { releaseHeld } from '#domain/bookings/places';
import { patientCustomerId } from '#domain/payments/customers';
import { bookingPageUrl } from '#domain/bookings/views';
import { releaseTokenHash } from './release-token';
import { CHECKOUT_MINUTES, withReleaseToken, type OpenedCheckout } from './open-checkout';

export async function openCardSetup(
  booking: BookingRecord,
  releaseToken: string,
  page: { apiKey: string; clinicName: string; successUrl: string },
): Promise<OpenedCheckout> {
  const tokenHash = releaseTokenHash(releaseToken);
  const { newHashes, first } = withReleaseToken(booking.releaseTokenHashes ?? [], tokenHash);
  if (!first && !booking.stripeSessionId) {
    throw new HttpError(409, 'This booking is being prepared in another window. Please try again in a moment.', undefined, { 'Retry-After': '2' });
  }
  if (booking.stripeSessionId && booking.checkoutUrl) return { session: { id: booking.stripeSessionId, url: booking.checkoutUrl }, newHashes };
  const cancelUrl = bookingPageUrl(page.apiKey, 'cancelled', { locale: booking.locale, release: { bookingId: booking.id, token: releaseToken } });
  try {
    const customerId = await patientCustomerId(booking.orgId, booking);
    const session = await createSetupCheckoutSession({
      customerId,
      currency: currencyOf(booking.currency),
      successUrl: page.successUrl,
      cancelUrl,
      metadata: { kind: 'booking', orgId: booking.orgId, bookingId: booking.id },
      description: patientTexts(booking.locale)('pay.cardSetup', { clinic: page.clinicName }),
      expiresAt: Math.floor(Date.parse(booking.createdAt) / 1000) + CHECKOUT_MINUTES * 60,
      idempotencyKey: first ? `booking-setup-${booking.id}` : `booking-setup-${booking.id}-${tokenHash.slice(0, 16)}`,
      locale: stripeLocaleOf(booking.locale),
    });
    return { session, newHashes };
  } catch (error) {
    await releaseHeld(booking, 'expired', new Date().toISOString()).catch(() => undefined);
    throw error;
  }
}
