// POST /bookings/booking/{id}/refund: refund the online payment (a deposit or the price) or the fee, at most what is left of it.
// One refund at Stripe per click or retry (its idempotency key); the booking shows it once recorded.
import { bookingRefundReply } from '#shared/bookings/schemas';
import { visitRefundSchema } from '#shared/bookings/visit';
import { formatMoney, currencyOf } from '#shared/currency';
import { endpoint } from '#http/http';
import { refundVisitPayment } from '#domain/fees/payments';
import { toBookingView } from '#domain/bookings/views';

export const handler = endpoint({ body: visitRefundSchema, reply: bookingRefundReply }, async ({ body, params, caller }) => {
  const { booking, refundedMinor } = await refundVisitPayment(caller.orgId, params.id ?? '', body, caller.userId);
  return { message: `Refund of ${formatMoney(refundedMinor, currencyOf(booking.currency))} sent.`, data: { booking: toBookingView(booking), refundedMinor } };
});
