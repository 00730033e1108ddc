// Booking status and payment state as badges.
import type { BookingStatus, PaymentStatus } from '#shared/bookings/schemas';
import { dueAtVisitOf, goesAhead } from '#shared/bookings/goes-ahead';

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

/** How a booking is paid (issue 36), as staff read it beside its payment state. */
export const PAYMENT_MODE_LABELS = { full: 'Paid in full online', deposit: 'Deposit online', card_on_file: 'Card held for fees', at_clinic: 'Paid at the clinic' } as const;

/**
 * Under the payment badge: the mode and what it leaves due or holds ('Deposit · ¥4,000 due at visit',
 * 'Card held · Visa 4242'). A booking that no longer goes ahead (cancelled, expired, refunded) says its
 * mode only: nothing is due at its visit, nor is a card still awaited.
 */
export function PaymentModeNote({ booking, money }: {
  booking: Parameters<typeof goesAhead>[0] & { paymentPolicy?: { mode: keyof typeof PAYMENT_MODE_LABELS; dueAtVisitMinor: number }; savedCard?: { brand: string; last4: string } | null };
  money: (minor: number) => string;
}) {
  const p = booking.paymentPolicy;
  if (!p || p.mode === 'full') return null;
  const ahead = goesAhead(booking);
  const parts: string[] = [PAYMENT_MODE_LABELS[p.mode]];
  if (booking.savedCard) parts.push(`${booking.savedCard.brand} •••• ${booking.savedCard.last4}`);
  else if (p.mode === 'card_on_file' && ahead) parts.push('no card yet');
  const due = dueAtVisitOf(booking);
  if (due > 0) parts.push(`${money(due)} due at visit`);
  return <div className="small text-body-secondary mt-1">{parts.join(' · ')}</div>;
}
