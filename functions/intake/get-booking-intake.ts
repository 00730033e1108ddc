// GET /bookings/booking/{id}/intake: a booking's answers to its package's intake form (issue 36), for the
// booking view and the calendar's detail; null while none were given. File answers are storage keys:
// staff open them with GET /leads/{submissionId}/files/{fieldId}.
import { bookingIntakeReply } from '#shared/intake/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getBookingPackage } from '../data/booking-packages';
import { getBooking } from '../data/bookings';
import { BOOKING_NOT_FOUND } from '#domain/bookings/views';
import { packageIntake } from '#domain/booking-packages/view';
import { intakeAnswersForBooking } from '#domain/intake/intake';

export const handler = endpoint({ reply: bookingIntakeReply }, async ({ params, caller }) => {
  const booking = await getBooking(caller.orgId, params.id ?? '');
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  const [pkg, intake] = await Promise.all([getBookingPackage(caller.orgId, booking.packageId), intakeAnswersForBooking(caller.orgId, booking)]);
  return { data: { intakeTiming: pkg ? packageIntake(pkg).intakeTiming : null, intake } };
});
