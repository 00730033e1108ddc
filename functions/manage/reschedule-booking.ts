// POST /public/manage/reschedule { token, bookingDate, bookingTime }: the patient moves their
// confirmed booking to another free time, within the clinic's policy and under the booking page's
// own rules. The new place is taken before the old one is freed, in one transaction with the
// booking's change (bookings/lib/places.ts moveConfirmed): a full time is refused (409) and nothing
// changes. The patient is mailed the new time with the updated .ics (same UID, SEQUENCE + 1) and a
// fresh manage link; staff are told; the audit log records it; the reminder moves with it.
import { findSlot } from '#shared/bookings/slots';
import { CALENDAR_MESSAGES } from '#shared/schemas/calendar';
import { manageRescheduleSchema } from '#shared/schemas/manage';
import { HttpError, badRequest, conflict } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { getAvailability, rulesOf } from '../data/availability';
import { getBooking, type BookingRecord } from '../data/bookings';
import { cancellationCodes } from '../data/core';
import { outboxMail, outboxNotice } from '../data/outbox';
import { bookingRowId, movedMail, whenText } from '../bookings/lib/mail';
import { manageLink } from '../bookings/lib/manage-link';
import { moveConfirmed } from '../bookings/lib/places';
import { SLOT_REFUSALS } from '../bookings/lib/refusals';
import { bookingReminderItems } from '../bookings/lib/reminder';
import { PATIENT_ACTOR, assertChangeable, openBooking, toManageView } from './lib/load';

export const handler = endpoint({ body: manageRescheduleSchema }, async ({ body }) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const opened = await openBooking(body.token);
    const { booking, org } = opened;
    assertChangeable(opened);
    const rules = rulesOf(await getAvailability(org.id), org.timeZone);
    const now = new Date();
    const found = findSlot(rules, body.bookingDate, body.bookingTime, now);
    if ('refusal' in found) {
      const [field, message] = SLOT_REFUSALS[found.refusal];
      throw badRequest(message, { [field]: message });
    }
    const { slot } = found;
    if (slot.startUtc === booking.startUtc) throw badRequest(CALENDAR_MESSAGES.sameTime, { bookingTime: CALENDAR_MESSAGES.sameTime });
    const at = now.toISOString();
    const moved: BookingRecord = {
      ...booking, bookingDate: body.bookingDate, bookingTime: slot.time, timeZone: rules.timeZone, startUtc: slot.startUtc, endUtc: slot.endUtc,
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
          outboxMail(bookingRowId(`moved-${moved.sequence}`, booking), movedMail(moved, booking, org.name, manage.text, PATIENT_ACTOR), booking.orgId),
          outboxNotice(bookingRowId(`patient-moved-${moved.sequence}-notice`, booking), booking.orgId, {
            title: 'Booking rescheduled by the patient',
            message: `${who} moved "${booking.packageName}" from ${whenText(booking).short} to ${whenText(moved).short} with their manage link.`,
            link: `/bookings/booking/${booking.id}`,
            module: 'BOOKING_PACKAGES',
          }),
          auditItem({
            orgId: booking.orgId, actorId: PATIENT_ACTOR, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: booking.id, at,
            summary: `${who} moved their booking for "${booking.packageName}" from ${whenText(booking).short} to ${whenText(moved).short} with the manage link`,
          }),
          ...bookingReminderItems(moved, org),
        ],
        now,
      );
    } catch (error) {
      if (cancellationCodes(error).includes('TransactionConflict')) {
        throw new HttpError(503, 'Many people are booking right now. Please try again in a moment.', undefined, { 'Retry-After': '1' });
      }
      throw error;
    }
    if (outcome === 'full') throw conflict(CALENDAR_MESSAGES.full);
    if (outcome === 'state') continue;
    return { message: `Your booking is moved to ${whenText(moved).short}.`, data: toManageView({ ...opened, booking: (await getBooking(booking.orgId, booking.id))! }) };
  }
  throw conflict('The booking changed meanwhile. Please reload and try again.');
});
