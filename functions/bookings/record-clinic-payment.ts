// POST /bookings/booking/{id}/clinic-payment: record the balance paid at the clinic (cash or card terminal), in the clinic's currency.
// The amount is read as typed ('45,50' or '45.50'); at most the balance due; recorded once.
import { bookingVisitReply } from '#shared/bookings/schemas';
import { clinicPaymentSchema } from '#shared/bookings/visit';
import { endpoint } from '#http/http';
import { recordClinicPayment } from '#domain/fees/payments';
import { toBookingView } from '#domain/bookings/views';

export const handler = endpoint({ body: clinicPaymentSchema, reply: bookingVisitReply }, async ({ body, params, caller }) => {
  const booking = await recordClinicPayment(caller.orgId, params.id ?? '', body, caller.userId);
  return { message: 'Payment at the clinic recorded.', data: toBookingView(booking) };
});
