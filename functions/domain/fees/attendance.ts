// Staff record how a visit went: attended, no-show (both once its time has come) or late cancellation
// (the patient cancelled too late by the clinic's policy: a confirmed booking is cancelled by it, its
// time freed if still ahead; one already cancelled is only marked). Changed freely until a fee has
// been charged for it (then the fee must be refunded first: the record is what the fee was charged for).
import type { Attendance } from '#shared/bookings/visit';
import { badRequest, conflict, notFound } from '#lib/errors';
import { auditItem } from '../../data/audit';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { visitUpdateItem } from '../../data/booking-visit';
import { retryOnConflict, tryTransact, TRY_AGAIN } from '../../data/core';
import { bookingEventItems } from '#domain/bookings/events';
import { whenText } from '#domain/bookings/mail';
import { cancelConfirmed } from '#domain/bookings/places';
import { BOOKING_NOT_FOUND } from '#domain/bookings/views';

const TEXT: Record<Attendance, string> = { attended: 'attended', no_show: 'a no-show', late_cancellation: 'a late cancellation' };
const EVENT = { attended: 'booking.attended', no_show: 'booking.no_show', late_cancellation: 'booking.late_cancellation' } as const;

export async function setAttendance(orgId: string, bookingId: string, attendance: Attendance, actorId: string, now = new Date()): Promise<BookingRecord> {
  return retryOnConflict(async () => {
    const b = await getBooking(orgId, bookingId);
    if (!b) throw notFound(BOOKING_NOT_FOUND);
    if (b.attendance === attendance) return b; // a second click: nothing to change
    if (b.fee && b.fee.status !== 'declined') throw conflict('A fee was charged for this visit. Refund the fee before changing how the visit went.');
    const startsLater = Date.parse(b.startUtc) > now.getTime();
    if (attendance === 'late_cancellation') {
      if (b.status !== 'confirmed' && b.status !== 'cancelled') throw conflict(`This booking is ${b.status}: only a booked visit can be a late cancellation.`);
    } else {
      if (b.status !== 'confirmed') throw conflict(`This booking is ${b.status}: only a confirmed visit can be marked ${TEXT[attendance]}.`);
      if (startsLater) throw badRequest(`The visit has not started yet: mark it ${TEXT[attendance]} once its time has come.`);
    }
    const at = now.toISOString();
    const changes: Partial<BookingRecord> = { attendance, attendanceAt: at, updatedAt: at };
    const after = { ...b, ...changes };
    const audit = auditItem({
      orgId, actorId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: b.id, at,
      summary: `Marked the visit of ${b.firstName} ${b.lastName} for "${b.packageName}" (${whenText(b).short}) ${TEXT[attendance]}`,
    });
    const event = await bookingEventItems(EVENT[attendance], after, `booking-${attendance}-${b.id}-${at}`, at);
    // A late cancellation of a confirmed booking cancels it (its time freed, the figures moved) in the same move.
    const moved = attendance === 'late_cancellation' && b.status === 'confirmed'
      ? await cancelConfirmed(b, at, { ...changes, cancelledBy: actorId }, { also: [audit, ...event] })
      : await tryTransact([visitUpdateItem(b, { updatedAt: b.updatedAt }, changes), audit, ...event]);
    if (!moved) return TRY_AGAIN;
    return (await getBooking(orgId, bookingId))!;
  }, { attempts: 3, exhausted: () => conflict('The booking changed meanwhile. Please reload and try again.') });
}
