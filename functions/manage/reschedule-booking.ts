// POST /public/manage/reschedule { token, bookingDate, bookingTime }: the patient moves their
// confirmed booking to another free time, within the clinic's policy and under the booking page's
// own rules. The new place is taken before the old one is freed, in one transaction with the
// booking's change (domain/bookings/move.ts, places.ts moveConfirmed): a full time is refused (409) and nothing
// changes. The patient is mailed the new time with the updated .ics (same UID, SEQUENCE + 1) and a
// fresh manage link; staff are told; the audit log records it; the reminder moves with it.
import { manageRescheduleSchema, rescheduleBookingReply } from '#shared/manage/schemas';
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { auditItem } from '../data/audit';
import { getAvailability, rulesOf } from '../data/availability';
import { getBooking } from '../data/bookings';
import { TRY_AGAIN, retryOnConflict } from '../data/core';
import { outboxNotice } from '../data/outbox';
import { bookingRowId, whenText } from '#domain/bookings/mail';
import { moveToRequestedTime } from '#domain/bookings/move';
import { PATIENT_ACTOR, assertChangeable, openBooking, toManageView } from './lib/load';
import { practitionerChoices, targetPractitioner } from './lib/practitioners';

export const handler = endpoint({ body: manageRescheduleSchema, reply: rescheduleBookingReply }, async ({ body }) => {
  return retryOnConflict(async () => {
    const opened = await openBooking(body.token);
    const { booking, org } = opened;
    assertChangeable(opened);
    // A practitioner the page may not offer is refused here with the page's message (the move checks again).
    await targetPractitioner(opened, body.practitionerId);
    const rules = rulesOf(await getAvailability(org.id), org.timeZone);
    const who = `${booking.firstName} ${booking.lastName}`;
    const { outcome, moved } = await moveToRequestedTime(booking, org, rules, body, {
      movedBy: PATIENT_ACTOR,
      also: (moved, at) => [
        outboxNotice(bookingRowId(`patient-moved-${moved.sequence}-notice`, booking), booking.orgId, {
          title: 'Booking rescheduled by the patient',
          message: `${who} moved "${booking.packageName}" from ${whenText(booking).short} to ${whenText(moved).short} with their manage link.`,
          link: `/bookings/booking/${booking.id}`,
          module: 'BOOKING_PACKAGES',
          about: booking.email,
        }),
        auditItem({
          orgId: booking.orgId, actorId: PATIENT_ACTOR, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: booking.id, at,
          summary: `${who} moved their booking for "${booking.packageName}" from ${whenText(booking).short} to ${whenText(moved).short} with the manage link`,
        }),
      ],
    });
    if (outcome === 'state') return TRY_AGAIN;
    const fresh = { ...opened, booking: (await getBooking(booking.orgId, booking.id))! };
    return { message: `Your booking is moved to ${whenText(moved).short}.`, data: toManageView(fresh, await practitionerChoices(fresh)) };
  }, { attempts: 3, exhausted: () => conflict('The booking changed meanwhile. Please reload and try again.') });
});
