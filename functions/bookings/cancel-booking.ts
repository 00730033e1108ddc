// POST /bookings/booking/{id}/cancel: staff cancel a booking and its place is free again. A held one
// (visitor still at the checkout) also has its Checkout session expired, so it can no longer be paid;
// a confirmed one keeps its payment (refund it in Stripe: the refund event marks it refunded; a visit of a
// course paid up front gives its share back at once, domain/series/course-refund.ts) and the
// visitor is told by mail, an outbox row written with the cancellation (so it goes out once, and only
// if the cancellation happened). A visit marked attended or no-show is over and is not cancelled (409).
import { bookingsCancelBookingReply } from '#shared/bookings/schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { log } from '#lib/log';
import { expireCheckoutSession } from '#lib/stripe';
import { auditItem } from '../data/audit';
import { getBooking } from '../data/bookings';
import { TRY_AGAIN, retryOnConflict } from '../data/core';
import { getOrganization } from '../data/organizations';
import { outboxMail } from '../data/outbox';
import { bookingMoney, bookingRowId, cancellationMail, clinicOf, whenText } from '#domain/bookings/mail';
import { courseShareDue, courseShareRefund } from '#domain/series/course-refund';
import { policyOf } from '#shared/policy';
import { cancelConfirmed, releaseHeld } from '#domain/bookings/places';
import { BOOKING_NOT_FOUND, toBookingView } from '#domain/bookings/views';

export const handler = endpoint({ reply: bookingsCancelBookingReply }, async ({ params, caller }) => {
  return retryOnConflict(async () => {
    const booking = await getBooking(caller.orgId, params.id ?? '');
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    if (booking.status !== 'held' && booking.status !== 'confirmed') throw conflict(`This booking is ${booking.status} already.`);
    // How the visit went is recorded: cancelling it now would rewrite what happened (and free a past time).
    if (booking.attendance === 'no_show' || booking.attendance === 'attended') {
      throw conflict(`This visit is marked ${booking.attendance === 'no_show' ? 'a no-show' : 'attended'}: it cannot be cancelled.`);
    }
    const at = new Date().toISOString();
    const org = booking.status === 'confirmed' ? await getOrganization(caller.orgId) : undefined;
    // A visit of a course paid up front gives back its share of the course as it is cancelled (course-refund.ts).
    const share = booking.status === 'confirmed' ? courseShareDue(booking, policyOf(org ?? {})) : 0;
    const audit = auditItem({
      orgId: caller.orgId, actorId: caller.userId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: booking.id,
      summary: `Cancelled the ${booking.status} booking of ${booking.firstName} ${booking.lastName} for "${booking.packageName}" (${whenText(booking).short})${share ? `; its share of the course, ${bookingMoney(booking, share)}, refunded` : ''}`, at,
    });
    let moved: boolean;
    if (booking.status === 'held') {
      moved = await releaseHeld(booking, 'cancelled', at, { cancelledBy: caller.userId }, [audit]);
    } else {
      const course = courseShareRefund(booking, share, at);
      const mail = cancellationMail({ ...booking, status: 'cancelled', cancelledAt: at, cancelledBy: caller.userId }, clinicOf(org), share);
      // The mail says whether a payment will be refunded: the payment state it was written for must hold.
      moved = await cancelConfirmed(booking, at, { cancelledBy: caller.userId, ...course.changes }, {
        fromPayment: [booking.paymentStatus],
        noAttendance: true, // marked attended or no-show meanwhile: decide again (refused above)
        also: [audit, outboxMail(bookingRowId('cancelled', booking), mail, caller.orgId), ...course.also],
        report: course.report,
      });
    }
    if (!moved) return TRY_AGAIN; // paid, refunded or expired meanwhile: decide again on what it is now
    if (booking.status === 'held' && booking.stripeSessionId) {
      await expireCheckoutSession(booking.stripeSessionId).catch((error: unknown) =>
        log.error('Could not expire the Checkout session of a cancelled booking', error, { bookingId: booking.id }),
      );
    }
    return { message: 'Booking cancelled.', data: toBookingView((await getBooking(caller.orgId, booking.id))!) };
  }, { attempts: 3, exhausted: () => conflict('The booking changed meanwhile. Please reload and try again.') });
});
