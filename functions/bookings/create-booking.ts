// POST /bookings/create-booking (public): hold the chosen time and open a card payment for it (the
// booking page's Continue), in named steps. How much is charged now is the package's payment mode
// (issue 36, shared/bookings/payment-policy.ts): the price ('full', as before), its deposit ('deposit'),
// nothing with the card saved in Checkout's setup mode ('card_on_file', lib/open-card-setup.ts), or
// nothing online ('at_clinic': the held place is confirmed at once, in the same conditional writes).
// The steps: check and price the choice (lib/booking-choice.ts), choose
// the practitioner and take the place (lib/take-place.ts), open the checkout (lib/open-checkout.ts),
// reply. Checks the package (active, not
// deleted) and the time (offered, not past, not closed) in the clinic's zone, holds the place from
// this moment (exactly one of two racing visitors gets the last place: places.ts), then opens a
// Stripe Checkout session at the package's price - never a price from the request. The booking is
// confirmed only when Stripe reports the payment (lib/payment-consumer.ts). The hold lasts HOLD_MINUTES
// (lib/hold-limits.ts) and counts in its claims: one unpaid hold per email and per phone, a few per
// client network, a share of the day; when it ends, its session is expired at Stripe and the time is
// listed again (lib/hold-sweep.ts, and at once when a visitor finds the slot full).
// A patient trying again (same email and phone, same time and package) gets their own hold back.
// Idempotent: the booking's id comes from the Idempotency-Key, so a retry that takes over an
// unfinished attempt finds the place it held and continues with it (Stripe's idempotency key is the
// booking's: the same session), never a second hold.
import { currencyOf } from '#shared/currency';
import { createBookingReply, bookingRequestSchema } from '#shared/bookings/schemas';
import * as z from 'zod/mini';
import { clientKey, endpoint } from '#http/http';
import { countMetric } from '#lib/log';
import { withReply } from '#lib/request-scope';
import { getBooking, type BookingRecord } from '../data/bookings';
import type { Organization } from '../data/organizations';
import { conflict } from '#lib/errors';
import { BOOKING_MESSAGES } from '#shared/bookings/form';
import { fullPolicy } from '#shared/bookings/payment-policy';
import { confirmUnpaid } from '#domain/bookings/confirm-unpaid';
import { bookingIcs, clinicOf } from '#domain/bookings/mail';
import { confirmationOf } from './lib/confirmation-view';
import { openCardSetup } from './lib/open-card-setup';
import { checkChoice, successUrlOf } from './lib/booking-choice';
import { openCheckout } from './lib/open-checkout';
import { takePlace } from './lib/take-place';
import { updateBooking } from '#domain/bookings/places';
import { bookingPageIntake, saveIntake } from '#domain/intake/intake';

export { HOLD_LIMIT_MESSAGES } from './lib/take-place';

/** The reply's data: the held booking's time and package, its checkout, and what is due now once (minor units of its currency). */
export function heldReply(booking: BookingRecord, checkoutUrl: string | null, releaseToken: string): z.infer<typeof createBookingReply> {
  const policy = booking.paymentPolicy ?? fullPolicy(booking.priceCents);
  return {
    checkoutUrl,
    status: booking.status === 'confirmed' ? 'confirmed' : 'held',
    paymentPolicy: policy,
    bookingId: booking.id,
    releaseToken,
    holdExpiresAt: booking.holdExpiresAt,
    bookingDate: booking.bookingDate,
    bookingTime: booking.bookingTime,
    timeZone: booking.timeZone,
    startUtc: booking.startUtc,
    packageName: booking.packageName,
    practitionerId: booking.practitionerId ?? null,
    practitionerName: booking.practitionerName ?? null,
    amountMinor: policy.dueNowMinor,
    currency: currencyOf(booking.currency),
  };
}

/**
 * A package paid at the clinic: the held place confirmed at once (the same guarded move a payment
 * makes), answered with the confirmation screen. A retry finds it confirmed by its first try.
 */
async function confirmAtClinic(held: BookingRecord, org: Organization, releaseToken: string) {
  const at = new Date().toISOString();
  const done = await confirmUnpaid(held, org, {}, at);
  const booking = done ? { ...held, status: 'confirmed' as const, paymentStatus: 'unpaid' as const, holdExpiresAt: null, confirmedAt: at } : await getBooking(held.orgId, held.id);
  if (booking?.status !== 'confirmed') throw conflict(BOOKING_MESSAGES.taken);
  const confirmation = { ...confirmationOf(booking, org, 'confirmed'), ics: bookingIcs(booking, clinicOf(org)).content, ...(done ? { manageUrl: done.manageUrl } : {}) };
  return { status: 201, message: 'Your booking is confirmed.', data: { ...heldReply(booking, null, releaseToken), confirmation } };
}

export const handler = endpoint({ body: bookingRequestSchema, reply: createBookingReply }, async ({ body, newId, newSecret, event }) => {
  const now = new Date();
  // The first try's id: a retry with the same key finds that booking's time its own.
  const choice = await checkChoice(body, now, newId('booking'));
  // The package's intake form asked on this page: its answers are checked before a time is held.
  const intake = await bookingPageIntake(choice.pkg, body.intake?.items);
  const { booking, releaseToken } = await takePlace(choice, body, { newId, newSecret, client: clientKey(event), now });
  // Linked to the hold (once: a retry finds them linked); they stay with the booking whatever becomes of it.
  if (intake && !booking.intakeSubmissionId) await saveIntake(booking, intake.form, intake.answers, 'before_booking', ['held'], now);
  // What the patient agreed to when the place was held (a hold taken over keeps its own).
  const mode = booking.paymentPolicy?.mode ?? 'full';
  if (mode === 'at_clinic') return confirmAtClinic(booking, choice.org, releaseToken);
  const page = { apiKey: body.apiKey, clinicName: choice.org.name, successUrl: successUrlOf(body.apiKey, choice.pkg.redirectionUrl, choice.locale) };
  const { session, newHashes } = mode === 'card_on_file' ? await openCardSetup(booking, releaseToken, page) : await openCheckout(booking, releaseToken, { ...page, customerEmail: body.email });
  const reply = { status: 201, message: 'Please complete the payment to confirm booking', data: heldReply(booking, session.url, releaseToken) };
  await withReply(reply, () =>
    updateBooking(booking, { status: ['held'] }, { stripeSessionId: session.id, checkoutUrl: session.url, ...(newHashes ? { releaseTokenHashes: newHashes } : {}), updatedAt: new Date().toISOString() }),
  );
  countMetric('BookingsHeld');
  return reply;
});
