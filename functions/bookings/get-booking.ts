// GET /bookings/booking/{id}: one booking with its payment state, and when its confirmation was
// mailed.
import { bookingsGetBookingReply } from '#shared/bookings/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getBooking } from '../data/bookings';
import { getOutboxRow } from '../data/outbox';
import { bookingRowId } from '#domain/bookings/mail';
import { BOOKING_NOT_FOUND, toBookingView } from '#domain/bookings/views';

export const handler = endpoint({ reply: bookingsGetBookingReply }, async ({ params, caller }) => {
  const booking = await getBooking(caller.orgId, params.id ?? '');
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  const confirmation = booking.confirmedAt ? await getOutboxRow(bookingRowId('confirmed', booking)) : undefined;
  return { data: toBookingView({ ...booking, confirmationSentAt: confirmation?.sentAt ?? null }) };
});
