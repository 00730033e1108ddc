// POST /bookings/booking/{id}/move { bookingDate, bookingTime, practitionerId?, notify? }: staff move a confirmed booking to
// another time (the calendar's drag or its edit dialog). The new time must pass the booking page's
// own rules (offered, not past, not closed, within the days ahead) and have a free place: the new
// place is taken before the old one is given back, in one transaction with the booking's change
// (domain/bookings/move.ts, places.ts moveConfirmed), so a move never double-books and of 20 moves racing for the last
// place exactly one wins. The visitor is mailed the new time with the calendar file updated (same
// UID, SEQUENCE + 1), through the outbox in the same transaction, unless `notify` is false (staff who
// told the patient themselves); the audit log records the move and the webhook event is written either way.
// `practitionerId` hands a practitioner booking to another practitioner who offers its package (the
// calendar's team day), at one of their free starts: their time is taken with the booking's own length
// and buffers in the same conditional transaction, so it never overlaps what they have.
import { bookingMoveSchema, moveBookingReply } from '#shared/calendar/schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { auditItem } from '../data/audit';
import { getAvailability, rulesOf } from '../data/availability';
import { getBooking, type BookingRecord } from '../data/bookings';
import { TRY_AGAIN, retryOnConflict } from '../data/core';
import { getOrganization } from '../data/organizations';
import { whenText } from '#domain/bookings/mail';
import { moveToRequestedTime } from '#domain/bookings/move';
import { BOOKING_NOT_FOUND, toBookingView } from '#domain/bookings/views';

/** ' with Ben Ode' when the move hands the booking to another practitioner (said for `side`), else ''. */
const withWhom = (from: BookingRecord, to: BookingRecord, side: BookingRecord) =>
  from.practitionerId && to.practitionerId !== from.practitionerId && side.practitionerName ? ` with ${side.practitionerName}` : '';

export const handler = endpoint({ body: bookingMoveSchema, reply: moveBookingReply }, async ({ body, params, caller }) => {
  const org = await getOrganization(caller.orgId);
  const rules = rulesOf(await getAvailability(caller.orgId), org?.timeZone);
  const now = new Date();
  return retryOnConflict(async () => {
    const booking = await getBooking(caller.orgId, params.id ?? '');
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    if (booking.status === 'held') throw conflict('This booking is waiting for its payment. It can be moved once it is confirmed.');
    if (booking.status !== 'confirmed') throw conflict(`This booking is ${booking.status}: it cannot be moved.`);
    // How the visit went is recorded (and a fee may hang on it): a new time would be a new visit.
    if (booking.attendance === 'no_show' || booking.attendance === 'attended') {
      throw conflict(`This visit is marked ${booking.attendance === 'no_show' ? 'a no-show' : 'attended'}: it cannot be moved. Book a new visit instead.`);
    }
    const { outcome, moved } = await moveToRequestedTime(booking, org, rules, body, {
      mail: body.notify ?? true,
      also: (moved, at) => [
        auditItem({
          orgId: caller.orgId, actorId: caller.userId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: booking.id, at,
          summary: `Moved the booking of ${booking.firstName} ${booking.lastName} for "${booking.packageName}" from ${whenText(booking).short}${withWhom(booking, moved, booking)} to ${whenText(moved).short}${withWhom(booking, moved, moved)}${body.notify === false ? ' (the patient was not emailed)' : ''}`,
        }),
      ],
    }, now);
    if (outcome === 'state') return TRY_AGAIN; // moved, cancelled or refunded meanwhile: decide again on what it is now
    return { message: `Booking moved to ${whenText(moved).short}${withWhom(booking, moved, moved)}.${body.notify === false ? ' The patient was not emailed.' : ''}`, data: toBookingView((await getBooking(caller.orgId, booking.id))!) };
  }, { attempts: 3, exhausted: () => conflict('The booking changed meanwhile. Please reload and try again.') });
});
