// Booking status and payment state as badges.
import type { BookingStatus, PaymentStatus } from '#shared/bookings/schemas';

const STATUS: Record<BookingStatus, [label: string, tone: string]> = {
  held: ['Awaiting payment', 'warning'],
  confirmed: ['Confirmed', 'success'],
  expired: ['Expired', 'secondary'],
  cancelled: ['Cancelled', 'danger'],
};

const PAYMENT: Record<PaymentStatus, [label: string, tone: string]> = {
  pending: ['Pending', 'warning'],
  paid: ['Paid', 'success'],
  unpaid: ['Unpaid', 'secondary'],
  refunded: ['Refunded', 'info'],
  partially_refunded: ['Partly refunded', 'info'],
};

export const statusLabel = (s: BookingStatus) => STATUS[s]?.[0] ?? s;
export const paymentLabel = (p: PaymentStatus) => PAYMENT[p]?.[0] ?? p;

export function StatusBadge({ status }: { status: BookingStatus }) {
  const [label, tone] = STATUS[status] ?? [status, 'secondary'];
  return <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`}>{label}</span>;
}

export function PaymentBadge({ paymentStatus }: { paymentStatus: PaymentStatus }) {
  const [label, tone] = PAYMENT[paymentStatus] ?? [paymentStatus, 'secondary'];
  return <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`}>{label}</span>;
}
