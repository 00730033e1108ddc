// Domain: fees (issue 36, point 3: after the visit). What staff record once a visit's time has come
// (attendance), the no-show and late-cancellation fees charged off-session on the patient's saved card
// exactly once (charge.ts), Stripe's events about them (events.ts), the balance paid at the clinic and
// refunds (payments.ts), the patient's mail when their bank wants them to authenticate (mail.ts), and
// the booking view's part (this file).
import { balanceDueMinor, paymentStateOf } from '#shared/bookings/visit';
import type { BookingRecord } from '../../data/bookings';

/** The fee as shown: without what it keeps of Stripe's refund events (domain/payments/refund-order.ts). */
function feeView(fee: NonNullable<BookingRecord['fee']>) {
  const { refundAt: _at, refundsFailed: _failed, ...shown } = fee;
  return shown;
}

/** The after-the-visit fields of a booking's view, and its payment state. */
export function visitView(b: BookingRecord) {
  return {
    attendance: b.attendance ?? null,
    attendanceAt: b.attendanceAt ?? null,
    fee: b.fee ? feeView(b.fee) : null,
    clinicPayment: b.clinicPayment ?? null,
    paymentState: paymentStateOf(b),
    // Only a visit still to come or just taken place has a balance; a cancelled or expired one owes nothing.
    balanceDueMinor: b.status === 'confirmed' && b.attendance !== 'no_show' && b.attendance !== 'late_cancellation' ? balanceDueMinor(b) : 0,
  };
}
