// POST /public/manage/cancel { token }: the patient cancels their confirmed booking (or their
// appointment: lib/cancel-appointment.ts) within the clinic's policy (until the cutoff before the
// start). One transaction cancels it, frees the place, writes the audit entry, tells staff, mails the
// patient (with the calendar file that removes the event) and, under a 'full' refund policy, writes the refund (outbox rows): the outbox worker asks
// Stripe for it (with an idempotency key of the booking, so never twice) and retries it with backoff
// while Stripe cannot be reached, and the refund event (functions/payments/) records it as refunded.
import { manageTokenSchema, manageCancelBookingReply } from '#shared/manage/schemas';
import { conflict } from '#lib/errors';
import { endpoint } from '#http/http';
import { auditItem } from '../data/audit';
import { getBooking } from '../data/bookings';
import { TRY_AGAIN, retryOnConflict } from '../data/core';
import { outboxMail, outboxNotice, outboxRefund } from '../data/outbox';
import { bookingMoney, bookingRowId, patientCancelledMail, whenText } from '#domain/bookings/mail';
import { cancelConfirmed } from '#domain/bookings/places';
import { courseShareRecord } from '#domain/series/course-refund';
import { cancelAppointment } from './lib/cancel-appointment';
import { seriesOfView } from './lib/series';
import { PATIENT_ACTOR, assertChangeable, openAny, openBooking, refundDue, toAppointmentManageView, toManageView, type Opened } from './lib/load';

export const handler = endpoint({ body: manageTokenSchema, reply: manageCancelBookingReply }, async ({ body }) => {
  const any = await openAny(body.token);
  if ('appointment' in any) {
    const appointment = await cancelAppointment(any.appointment);
    return { message: 'Your appointment is cancelled.', data: toAppointmentManageView({ ...any.appointment, appointment }) };
  }
  return retryOnConflict(async (attempt) => {
    const opened: Opened = attempt === 0 ? any.booking : await openBooking(body.token);
    const { booking, org, policy } = opened;
    // Cancelled by this link already (its refund, if any, is in the outbox with the cancellation).
    if (booking.status === 'cancelled' && booking.cancelledBy === PATIENT_ACTOR) return { message: 'Your booking is cancelled.', data: toManageView(opened) };
    assertChangeable(opened);
    const refundCents = refundDue(booking, policy);
    const at = new Date().toISOString();
    const who = `${booking.firstName} ${booking.lastName}`;
    // A visit of a course paid up front: its share (the refund below) is recorded on it at once (course-refund.ts).
    const course = booking.seriesId && booking.paymentIntentId ? courseShareRecord(booking, refundCents, at) : undefined;
    const moved = await cancelConfirmed(booking, at, { cancelledBy: PATIENT_ACTOR, ...course?.changes }, {
      fromPayment: [booking.paymentStatus],
      report: course?.report,
      also: [
        outboxMail(bookingRowId('patient-cancelled', booking), patientCancelledMail(booking, org, refundCents), booking.orgId),
        outboxNotice(bookingRowId('patient-cancelled-notice', booking), booking.orgId, {
          title: 'Booking cancelled by the patient',
          message: `${who} cancelled "${booking.packageName}" (${whenText(booking).short}) with their manage link.${refundCents ? ` ${bookingMoney(booking, refundCents)} is refunded.` : ''} The time is free again.`,
          link: `/bookings/booking/${booking.id}`,
          module: 'BOOKING_PACKAGES',
          about: booking.email,
        }),
        ...(refundCents > 0
          ? [
              outboxRefund(
                bookingRowId('patient-cancelled-refund', booking),
                { paymentIntentId: booking.paymentIntentId!, amountCents: refundCents, metadata: { kind: 'booking', orgId: booking.orgId, bookingId: booking.id }, idempotencyKey: `manage-cancel-${booking.orgId}-${booking.id}` },
                booking.orgId,
              ),
            ]
          : []),
        auditItem({
          orgId: booking.orgId, actorId: PATIENT_ACTOR, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: booking.id, at,
          summary: `${who} cancelled their booking for "${booking.packageName}" (${whenText(booking).short}) with the manage link${refundCents ? `; refund of ${bookingMoney(booking, refundCents)} requested` : ''}`,
        }),
      ],
    });
    if (!moved) return TRY_AGAIN; // changed meanwhile (staff, a refund, a move): decide again
    const now = (await getBooking(booking.orgId, booking.id))!;
    return { message: 'Your booking is cancelled.', data: { ...toManageView({ ...opened, booking: now }), series: await seriesOfView({ ...opened, booking: now }) } };
  }, { attempts: 3, exhausted: () => conflict('The booking changed meanwhile. Please reload and try again.') });
});
