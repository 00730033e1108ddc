// POST /bookings/booking/{id}/cancel: staff cancel a booking and its place is free again. A held one
// (visitor still at the checkout) also has its Checkout session expired, so it can no longer be paid;
// a confirmed one keeps its payment (refund it in Stripe: the refund event marks it refunded) and the
// visitor is told by mail.
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { sendMail } from '#lib/mail';
import { expireCheckoutSession } from '#lib/stripe';
import { getBooking } from '../data/bookings';
import { getOrganization } from '../data/organizations';
import { cancellationMail, whenText } from './lib/mail';
import { cancelConfirmed, releaseHeld } from './lib/places';
import { BOOKING_NOT_FOUND, toBookingView } from './lib/views';

function log(message: string, extra: Record<string, unknown>) {
  console.error(JSON.stringify({ level: 'error', where: 'cancel-booking', message, ...extra }));
}

export const handler = endpoint({}, async ({ params, caller }) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const booking = await getBooking(caller.orgId, params.id ?? '');
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    if (booking.status !== 'held' && booking.status !== 'confirmed') throw conflict(`This booking is ${booking.status} already.`);
    const at = new Date().toISOString();
    const audit = {
      orgId: caller.orgId, actorId: caller.userId, module: 'BOOKING_PACKAGES' as const, action: 'update' as const, recordType: 'booking', recordId: booking.id,
      summary: `Cancelled the ${booking.status} booking of ${booking.firstName} ${booking.lastName} for "${booking.packageName}" (${whenText(booking).short})`, at,
    };
    const moved =
      booking.status === 'held'
        ? await releaseHeld(booking, 'cancelled', at, { cancelledBy: caller.userId }, audit)
        : await cancelConfirmed(booking, at, { cancelledBy: caller.userId }, { audit });
    if (!moved) continue; // paid or expired meanwhile: decide again on what it is now
    if (booking.status === 'held' && booking.stripeSessionId) {
      await expireCheckoutSession(booking.stripeSessionId).catch((error) =>
        log('Could not expire the Checkout session of a cancelled booking', { bookingId: booking.id, error: (error as Error).message }),
      );
    }
    const cancelled = (await getBooking(caller.orgId, booking.id))!;
    if (booking.status === 'confirmed') {
      const org = await getOrganization(caller.orgId);
      await sendMail(cancellationMail(cancelled, org?.name ?? 'the clinic')).catch((error) =>
        log('Could not mail the cancellation', { bookingId: booking.id, error: (error as Error).message }),
      );
    }
    return { message: 'Booking cancelled.', data: toBookingView(cancelled) };
  }
  throw conflict('The booking changed meanwhile. Please reload and try again.');
});
