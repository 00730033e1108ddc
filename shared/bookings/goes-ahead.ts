// Whether a booking still goes ahead, and so whether anything of its payment policy (issue 36) is still
// due at the visit. Without a schema library (a type import only), so the public pages stay small.
import type { PaymentPolicy } from './payment-policy';

/**
 * Held (its payment awaited) or confirmed, its payment not refunded in full and the patient not marked
 * as not coming. Only then is anything due at the visit, and do the fees and the cancellation window
 * agreed still speak to the patient; a cancelled, expired or refunded booking owes nothing at the clinic
 * (as the booking view's `balanceDueMinor`).
 */
export const goesAhead = (b: { status: string; paymentStatus?: string | null; attendance?: string | null }): boolean =>
  (b.status === 'held' || b.status === 'confirmed') && b.paymentStatus !== 'refunded' && b.attendance !== 'no_show' && b.attendance !== 'late_cancellation';

/** What the booking's policy leaves to pay at the visit while it goes ahead; 0 once cancelled, expired or refunded. */
export const dueAtVisitOf = (b: Parameters<typeof goesAhead>[0] & { paymentPolicy?: Pick<PaymentPolicy, 'dueAtVisitMinor'> | null }): number =>
  b.paymentPolicy && goesAhead(b) ? b.paymentPolicy.dueAtVisitMinor : 0;
