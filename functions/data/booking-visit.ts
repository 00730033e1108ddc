// What happens to a booking after its visit (issue 36): its attendance, the fee charged for a no-show
// or a late cancellation, and the balance paid at the clinic, all stored on the booking's own item
// (data/bookings.ts) as `attendance`, `fee` and `clinicPayment`. Every write here is one conditional
// Update that says what it moves from (the fee's try and state, no clinic payment yet, the booking as
// it was read), so two clicks at once, a retry and Stripe's repeated events each change it once.
import type { BookingStatus } from '#shared/bookings/schemas';
import type { FeeStatus } from '#shared/bookings/visit';
import { guardedBookingUpdate, type BookingRecord } from './bookings';
import type { TransactItem } from './core';
import { failuresCondition } from './refund-failures';

export interface VisitCondition {
  status?: readonly BookingStatus[];
  /** The booking is still as it was read (its last change's time). */
  updatedAt?: string;
  /** No fee yet (null), or the fee of this try (a number). */
  feeAttempt?: number | null;
  /** The fee (of `feeAttempt`) is in one of these states. */
  feeStatus?: readonly FeeStatus[];
  /** The fee's refunds recorded are still these. */
  feeRefundedWas?: number;
  /** This many refund failures are recorded on the fee (with feeRefundedWas, its refunds as read). */
  feeFailuresWas?: number;
  /** No balance recorded as paid at the clinic yet. */
  noClinicPayment?: true;
}

/** The Update moving a booking's after-the-visit fields, guarded by `when`; fails (condition) otherwise. */
export function visitUpdateItem(b: Pick<BookingRecord, 'orgId' | 'id'>, when: VisitCondition, changes: Partial<Omit<BookingRecord, 'id' | 'orgId'>>): TransactItem {
  const update = guardedBookingUpdate(b, changes, when.status);
  const { names, values, conditions } = update;
  if (when.updatedAt) {
    values[':was'] = when.updatedAt;
    conditions.push('updatedAt = :was');
  }
  if (when.feeAttempt === null) {
    values[':nullType'] = 'NULL';
    conditions.push('(attribute_not_exists(fee) OR attribute_type(fee, :nullType))');
  } else if (when.feeAttempt !== undefined) {
    values[':attempt'] = when.feeAttempt;
    conditions.push('fee.attempt = :attempt');
  }
  if (when.feeStatus) {
    names['#feeStatus'] = 'status';
    when.feeStatus.forEach((s, i) => (values[`:fs${i}`] = s));
    conditions.push(`fee.#feeStatus IN (${when.feeStatus.map((_, i) => `:fs${i}`).join(', ')})`);
  }
  if (when.feeRefundedWas !== undefined) {
    values[':feeRefunded'] = when.feeRefundedWas;
    conditions.push('fee.refundedMinor = :feeRefunded');
  }
  if (when.feeFailuresWas !== undefined) {
    const failures = failuresCondition(when.feeFailuresWas, 'fee.refundsFailed');
    Object.assign(values, failures.values);
    conditions.push(failures.condition);
  }
  if (when.noClinicPayment) {
    values[':nullType'] = 'NULL';
    conditions.push('(attribute_not_exists(clinicPayment) OR attribute_type(clinicPayment, :nullType))');
  }
  return update.item();
}
