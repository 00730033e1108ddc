// GET /bookings/booking/{id}: one booking with its payment state.
import { notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { getBooking } from '../data/bookings';
import { BOOKING_NOT_FOUND, toBookingView } from './lib/views';

export const handler = endpoint({}, async ({ params, caller }) => {
  const booking = await getBooking(caller.orgId, params.id ?? '');
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  return { data: toBookingView(booking) };
});
