// Whether a booking still goes ahead, and so whether anything of its payment policy (issue 36) is still
// due at the visit. Without a schema library (a type import only), so the public pages stay small.
import type { PaymentPolicy } from './payment-policy';

/**
 * Held (its payment awaited) or confirmed, and the patient not marked as not coming. Only then is
 * anything due at the visit, and do the fees and the cancellation window agreed still speak to the
 * patient; a cancelled or expired booking (a refund that ends one cancels it) owes nothing at the
 * clinic. A refund that keeps the booking (staff's, of a deposit) leaves it going ahead: what is due
 * then reads as the booking view's `balanceDueMinor`, the policy's balance.
 */
export const goesAhead = (b: { status: string; attendance?: string | null }): boolean =>
  (b.status === 'held' || b.status === 'confirmed') && b.attendance !== 'no_show' && b.attendance !== 'late_cancellation';

/** What the booking's policy leaves to pay at the visit while it goes ahead; 0 once cancelled or expired. */
export const dueAtVisitOf = (b: Parameters<typeof goesAhead>[0] & { paymentPolicy?: Pick<PaymentPolicy, 'dueAtVisitMinor'> | null }): number =>
  b.paymentPolicy && goesAhead(b) ? b.paymentPolicy.dueAtVisitMinor : 0;
