// Small shared pieces of the forms pages: payment status badges, dates.
import type { PaymentStatus } from '../api/forms';

const BADGES: Record<PaymentStatus | 'none', [string, string]> = {
  none: ['No payment', 'bg-secondary-subtle text-secondary-emphasis'],
  pending: ['Pending', 'bg-warning-subtle text-warning-emphasis'],
  paid: ['Paid', 'bg-success-subtle text-success-emphasis'],
  expired: ['Expired', 'bg-secondary-subtle text-secondary-emphasis'],
  failed: ['Failed', 'bg-danger-subtle text-danger-emphasis'],
  refunded: ['Refunded', 'bg-info-subtle text-info-emphasis'],
  partially_refunded: ['Partly refunded', 'bg-info-subtle text-info-emphasis'],
};

export function PaymentBadge({ status }: { status: PaymentStatus | 'none' }) {
  const [text, cls] = BADGES[status] ?? BADGES.none;
  return <span className={`badge ${cls}`}>{text}</span>;
}

export const formatDate = (iso: string | null | undefined) =>
  // The reader's locale (the browser's).
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Not Provided';
