// POST /bookings/booking/{id}/move { bookingDate, bookingTime }: staff move a confirmed booking to
// another time (the calendar's drag or its edit dialog). The new time must pass the booking page's
// own rules (offered, not past, not closed, within the days ahead) and have a free place: the new
// place is taken before the old one is given back, in one transaction with the booking's change
// (lib/places.ts moveConfirmed), so a move never double-books and of 20 moves racing for the last
// place exactly one wins. The visitor is mailed the new time with the calendar file updated (same
// UID, SEQUENCE + 1), through the outbox in the same transaction; the audit log records the move.
import { findSlot } from '#shared/bookings/slots';
import { CALENDAR_MESSAGES, calendarMoveSchema } from '#shared/schemas/calendar';
import { HttpError, badRequest, conflict, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { getAvailability, rulesOf } from '../data/availability';
import { getBooking, type BookingRecord } from '../data/bookings';
import { cancellationCodes } from '../data/core';
import { getOrganization } from '../data/organizations';
import { outboxMail } from '../data/outbox';
import { SLOT_REFUSALS } from './lib/refusals';
import { bookingRowId, movedMail, whenText } from './lib/mail';
import { manageLink } from './lib/manage-link';
import { moveConfirmed } from './lib/places';
import { bookingReminderItems } from './lib/reminder';
import { BOOKING_NOT_FOUND, toBookingView } from './lib/views';

export const handler = endpoint({ body: calendarMoveSchema }, async ({ body, params, caller }) => {
  const org = await getOrganization(caller.orgId);
  const rules = rulesOf(await getAvailability(caller.orgId), org?.timeZone);
  const now = new Date();
  for (let attempt = 0; attempt < 3; attempt++) {
    const booking = await getBooking(caller.orgId, params.id ?? '');
    if (!booking) throw notFound(BOOKING_NOT_FOUND);
    if (booking.status === 'held') throw conflict('This booking is waiting for its payment. It can be moved once it is confirmed.');
    if (booking.status !== 'confirmed') throw conflict(`This booking is ${booking.status}: it cannot be moved.`);

    const found = findSlot(rules, body.bookingDate, body.bookingTime, now);
    if ('refusal' in found) {
      const [field, message] = SLOT_REFUSALS[found.refusal];
      throw badRequest(message, { [field]: message });
    }
    const { slot } = found;
    if (slot.startUtc === booking.startUtc) throw badRequest(CALENDAR_MESSAGES.sameTime, { bookingTime: CALENDAR_MESSAGES.sameTime });

    const at = now.toISOString();
    const moved: BookingRecord = {
      ...booking,
      bookingDate: body.bookingDate, bookingTime: slot.time, timeZone: rules.timeZone, startUtc: slot.startUtc, endUtc: slot.endUtc,
      durationMinutes: rules.slotMinutes, sequence: (booking.sequence ?? 0) + 1, updatedAt: at,
    };
    const who = `${booking.firstName} ${booking.lastName}`;
    const manage = manageLink(moved, org);
    let outcome;
    try {
      outcome = await moveConfirmed(
        booking,
        { startUtc: slot.startUtc, endUtc: slot.endUtc, date: body.bookingDate, time: slot.time, timeZone: rules.timeZone, durationMinutes: rules.slotMinutes },
        rules.capacity,
        at,
        [
          manage.item,
          outboxMail(bookingRowId(`moved-${moved.sequence}`, booking), movedMail(moved, booking, org?.name ?? 'the clinic', manage.text), caller.orgId),
          // The reminder follows the booking to its new time (the old one's is replaced).
          ...bookingReminderItems(moved, org),
          auditItem({
            orgId: caller.orgId, actorId: caller.userId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: booking.id, at,
            summary: `Moved the booking of ${who} for "${booking.packageName}" from ${whenText(booking).short} to ${whenText(moved).short}`,
          }),
        ],
        now,
      );
    } catch (error) {
      if (cancellationCodes(error).includes('TransactionConflict')) {
        throw new HttpError(503, 'Many changes are being made to this time right now. Please try again in a moment.', undefined, { 'Retry-After': '1' });
      }
      throw error;
    }
    if (outcome === 'full') throw conflict(CALENDAR_MESSAGES.full);
    if (outcome === 'state') continue; // moved, cancelled or refunded meanwhile: decide again on what it is now
    return { message: `Booking moved to ${whenText(moved).short}.`, data: toBookingView((await getBooking(caller.orgId, booking.id))!) };
  }
  throw conflict('The booking changed meanwhile. Please reload and try again.');
});
