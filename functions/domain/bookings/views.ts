// What staff see of a booking, and the public page's message for an unknown key.
import { currencyOf, fromMinor } from '#shared/currency';
import { fullPolicy } from '#shared/bookings/payment-policy';
import { describeInstant } from '#shared/bookings/slots';
import type { BookingView } from '#shared/bookings/types';
import { config } from '#lib/config';
import type { BookingRecord } from '../../data/bookings';
import { visitView } from '#domain/fees/view';

export const UNKNOWN_BOOKING_PAGE = 'This booking page is not available. Please check the link.';
export const BOOKING_NOT_FOUND = 'Booking not found.';
/** A package the booking page cannot offer (inactive, deleted or unknown). */
export const PACKAGE_UNAVAILABLE = 'This package is not available. Please choose another package.';

/**
 * The public booking page, where the visitor comes back to from Checkout, in their language (`lang`).
 * Stripe fills {CHECKOUT_SESSION_ID} in the success address only, so the cancel address carries its own
 * reference to the hold it gives back: the booking and its release token (the page sends both to
 * POST /bookings/release-hold, then takes them out of its address).
 */
export function bookingPageUrl(
  apiKey: string,
  outcome: 'success' | 'cancelled',
  options: { locale?: string | null; release?: { bookingId: string; token: string } } = {},
  appUrl = config.appUrl,
): string {
  const query = new URLSearchParams({ payment: outcome });
  if (options.locale) query.set('lang', options.locale);
  if (outcome === 'cancelled' && options.release) {
    query.set('booking', options.release.bookingId);
    query.set('release', options.release.token);
  }
  const session = outcome === 'success' ? '&session_id={CHECKOUT_SESSION_ID}' : '';
  return `${appUrl}/booking/${encodeURIComponent(apiKey)}?${query.toString()}${session}`;
}

export function toBookingView(b: BookingRecord): BookingView {
  const when = describeInstant(b.startUtc, b.timeZone);
  return {
    id: b.id,
    packageId: b.packageId,
    packageName: b.packageName,
    price: fromMinor(b.priceCents, b.currency),
    priceMinor: b.priceCents,
    currency: currencyOf(b.currency),
    priceCents: b.priceCents,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phoneNumber: b.phoneNumber,
    bookingDate: b.bookingDate,
    bookingTime: b.bookingTime,
    timeZone: b.timeZone,
    bookingTimeLabel: `${when.date} at ${when.time} ${when.zoneAbbreviation}`,
    timeZoneName: when.zoneLongName,
    startUtc: b.startUtc,
    endUtc: b.endUtc,
    durationMinutes: b.durationMinutes,
    practitionerId: b.practitionerId ?? null,
    practitionerName: b.practitionerName ?? null,
    // The practitioner's time kept free around the visit, as booked (docs/practitioners.md): a later
    // change of the package's buffers does not move it. None on clinic-wide and older bookings.
    bufferBeforeMinutes: b.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: b.bufferAfterMinutes ?? 0,
    status: b.status,
    paymentStatus: b.paymentStatus,
    holdExpiresAt: b.holdExpiresAt,
    stripeSessionId: b.stripeSessionId,
    paymentIntentId: b.paymentIntentId,
    amountPaid: b.amountPaidCents === null ? null : fromMinor(b.amountPaidCents, b.currency),
    amountPaidCents: b.amountPaidCents,
    refundedCents: b.refundedCents,
    payerEmail: b.payerEmail,
    paidAt: b.paidAt,
    confirmedAt: b.confirmedAt,
    expiredAt: b.expiredAt,
    cancelledAt: b.cancelledAt,
    cancelledBy: b.cancelledBy,
    confirmationSentAt: b.confirmationSentAt,
    needsAttention: b.needsAttention,
    seriesId: b.seriesId ?? null,
    // What the patient agreed to (a booking from before the choice: paid in full), and the card held.
    paymentPolicy: b.paymentPolicy ?? fullPolicy(b.priceCents),
    savedCard: b.savedCard ?? null,
    intakeSubmissionId: b.intakeSubmissionId ?? null,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
    ...visitView(b),
  };
}
