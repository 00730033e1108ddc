// Booking status and payment state as badges.
import { BOOKING_STATUS_LABELS, PAYMENT_STATUS_LABELS, type BookingStatus, type PaymentStatus } from '#shared/bookings/schemas';
import { dueAtVisitOf, goesAhead } from '#shared/bookings/goes-ahead';

// The labels are shared (a patient's record names the same states); the tones are the badges' own.
const STATUS_TONE: Record<BookingStatus, string> = { held: 'warning', confirmed: 'success', expired: 'secondary', cancelled: 'danger' };
const PAYMENT_TONE: Record<PaymentStatus, string> = { pending: 'warning', paid: 'success', unpaid: 'secondary', refunded: 'info', partially_refunded: 'info' };

export const statusLabel = (s: BookingStatus) => BOOKING_STATUS_LABELS[s] ?? s;
export const paymentLabel = (p: PaymentStatus) => PAYMENT_STATUS_LABELS[p] ?? p;

export function StatusBadge({ status }: { status: BookingStatus }) {
  const tone = STATUS_TONE[status] ?? 'secondary';
  return <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`}>{statusLabel(status)}</span>;
}

export function PaymentBadge({ paymentStatus }: { paymentStatus: PaymentStatus }) {
  const tone = PAYMENT_TONE[paymentStatus] ?? 'secondary';
  return <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`}>{paymentLabel(paymentStatus)}</span>;
}

/** How a booking is paid (issue 36), as staff read it beside its payment state. */
export const PAYMENT_MODE_LABELS = { full: 'Paid in full online', deposit: 'Deposit online', card_on_file: 'Card held for fees', at_clinic: 'Paid at the clinic' } as const;

/**
 * Under the payment badge: the mode and what it leaves due or holds ('Deposit · ¥4,000 due at visit',
 * 'Card held · Visa 4242'). A booking that no longer goes ahead (cancelled, expired, marked absent) says its
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
