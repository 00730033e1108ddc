// POST /bookings/booking/{id}/fee: charge the no-show or late-cancellation fee the patient agreed to, off-session on their saved card.
// Once, whatever the clicks and retries (domain/fees/charge.ts): the answer says whether it was
// charged, declined, or waits for the patient to authenticate it (they are mailed a link).
import { bookingVisitReply } from '#shared/bookings/schemas';
import { endpoint } from '#http/http';
import { chargeFee } from '#domain/fees/charge';
import { toBookingView } from '#domain/bookings/views';

const MESSAGES = {
  pending: 'The fee is being charged.',
  charged: 'Fee charged.',
  declined: 'The card was declined.',
  requires_action: "The patient's bank asks them to authenticate the payment: they were mailed a link to complete it.",
} as const;

export const handler = endpoint({ reply: bookingVisitReply }, async ({ params, caller }) => {
  const booking = await chargeFee(caller.orgId, params.id ?? '', caller.userId);
  return { message: MESSAGES[booking.fee?.status ?? 'pending'], data: toBookingView(booking) };
});
