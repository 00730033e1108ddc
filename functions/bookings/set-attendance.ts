// POST /bookings/booking/{id}/attendance: staff mark how the visit went (attended, no-show, late cancellation).
// A late cancellation of a confirmed booking cancels it and frees its time; the others need the visit
// to have started. Changed freely until a fee is charged for it (domain/fees/attendance.ts).
import { bookingVisitReply } from '#shared/bookings/schemas';
import { attendanceSchema } from '#shared/bookings/visit';
import { endpoint } from '#http/http';
import { setAttendance } from '#domain/fees/attendance';
import { toBookingView } from '#domain/bookings/views';

export const handler = endpoint({ body: attendanceSchema, reply: bookingVisitReply }, async ({ body, params, caller }) => {
  const booking = await setAttendance(caller.orgId, params.id ?? '', body.attendance, caller.userId);
  return { message: 'Visit recorded.', data: toBookingView(booking) };
});
