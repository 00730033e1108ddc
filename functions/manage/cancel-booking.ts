// POST /public/manage/cancel { token }: the patient cancels their confirmed booking (or their
// appointment: lib/cancel-appointment.ts) within the
// clinic's policy (until the cutoff before the start). One transaction cancels it, frees the place,
// writes the audit entry, tells staff and mails the patient (outbox rows). Under a 'full' refund
// policy the payment is then refunded through Stripe, server-side, with an idempotency key of the
// booking: the refund event (functions/payments/) records it as refunded. Should the refund call fail,
// the answer is 503 and a retry of the same link refunds (never twice: the same key) without
// cancelling again.
import { formatDollars } from '#shared/bookings/time';
import { manageTokenSchema } from '#shared/schemas/manage';
import { conflict, serviceUnavailable } from '#lib/errors';
import { endpoint } from '#lib/http';
import { log } from '#lib/log';
import type { Mail } from '#lib/mail';
import { createRefund } from '#lib/stripe';
import { auditItem } from '../data/audit';
import { getBooking, type BookingRecord } from '../data/bookings';
import { outboxMail, outboxNotice } from '../data/outbox';
import { bookingRowId, whenText } from '../bookings/lib/mail';
import { cancelConfirmed } from '../bookings/lib/places';
import { cancelAppointment } from './lib/cancel-appointment';
import { PATIENT_ACTOR, assertChangeable, openAny, openBooking, refundDue, toAppointmentManageView, toManageView, type Opened } from './lib/load';

function cancelledMail(b: BookingRecord, orgName: string, refundCents: number): Mail {
  const when = whenText(b);
  return {
    to: b.email,
    subject: `Booking cancelled: ${b.packageName} on ${when.short}`,
    text: [
      `Hello ${b.firstName},`,
      `You cancelled your booking with ${orgName} for ${b.packageName} on ${when.date} at ${when.time}.`,
      refundCents > 0 ? `${formatDollars(refundCents)} is refunded to your card; it shows on your statement within 5 to 10 days.` : b.amountPaidCents ? 'Under the clinic\'s cancellation policy, the payment is not refunded.' : 'No payment was taken.',
      `Reference: ${b.id}`,
    ].join('\n\n'),
  };
}

async function refund(b: BookingRecord, cents: number) {
  try {
    await createRefund({
      paymentIntentId: b.paymentIntentId!,
      amountCents: cents,
      metadata: { kind: 'booking', orgId: b.orgId, bookingId: b.id },
      idempotencyKey: `manage-cancel-${b.orgId}-${b.id}`,
    });
  } catch (error) {
    log.error('Refund not created', error, { orgId: b.orgId, bookingId: b.id });
    throw serviceUnavailable('Your booking is cancelled, but the refund could not be started. Please try again in a moment.', 5);
  }
}

export const handler = endpoint({ body: manageTokenSchema }, async ({ body }) => {
  const any = await openAny(body.token);
  if ('appointment' in any) {
    const appointment = await cancelAppointment(any.appointment);
    return { message: 'Your appointment is cancelled.', data: toAppointmentManageView({ ...any.appointment, appointment }) };
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const opened: Opened = attempt === 0 ? any.booking : await openBooking(body.token);
    const { booking, org, policy } = opened;
    // Cancelled by this link already: only the refund may be left to do (its call failed before).
    if (booking.status === 'cancelled' && booking.cancelledBy === PATIENT_ACTOR) {
      const left = refundDue(booking, policy);
      if (left > 0 && booking.paymentStatus === 'paid') await refund(booking, left);
      return { message: 'Your booking is cancelled.', data: toManageView(opened) };
    }
    assertChangeable(opened);
    const refundCents = refundDue(booking, policy);
    const at = new Date().toISOString();
    const who = `${booking.firstName} ${booking.lastName}`;
    const moved = await cancelConfirmed(booking, at, { cancelledBy: PATIENT_ACTOR }, {
      fromPayment: [booking.paymentStatus],
      also: [
        outboxMail(bookingRowId('patient-cancelled', booking), cancelledMail(booking, org.name, refundCents), booking.orgId),
        outboxNotice(bookingRowId('patient-cancelled-notice', booking), booking.orgId, {
          title: 'Booking cancelled by the patient',
          message: `${who} cancelled "${booking.packageName}" (${whenText(booking).short}) with their manage link.${refundCents ? ` ${formatDollars(refundCents)} is refunded.` : ''} The time is free again.`,
          link: `/bookings/booking/${booking.id}`,
          module: 'BOOKING_PACKAGES',
        }),
        auditItem({
          orgId: booking.orgId, actorId: PATIENT_ACTOR, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: booking.id, at,
          summary: `${who} cancelled their booking for "${booking.packageName}" (${whenText(booking).short}) with the manage link${refundCents ? `; refund of ${formatDollars(refundCents)} requested` : ''}`,
        }),
      ],
    });
    if (!moved) continue; // changed meanwhile (staff, a refund, a move): decide again
    if (refundCents > 0) await refund(booking, refundCents);
    const now = (await getBooking(booking.orgId, booking.id))!;
    return { message: 'Your booking is cancelled.', data: toManageView({ ...opened, booking: now }) };
  }
  throw conflict('The booking changed meanwhile. Please reload and try again.');
});
