import { describe, expect, it } from 'vitest';
import { dueAtVisitOf, goesAhead } from './goes-ahead';
import { paymentStateOf, type PaymentStateInput } from './visit';

// €120.50 with a 30 % deposit: €36.15 online, €84.35 at the visit.
const deposit = { mode: 'deposit', dueNowMinor: 3615, dueAtVisitMinor: 8435, noShowFeeMinor: null, lateCancelFeeMinor: null, cancellationWindowHours: 24 } as const;

describe('what is due at the visit', () => {
  it('only while the booking goes ahead: held or confirmed, the patient not marked absent', () => {
    expect(dueAtVisitOf({ status: 'confirmed', paymentPolicy: deposit })).toBe(8435);
    expect(dueAtVisitOf({ status: 'held', paymentPolicy: deposit })).toBe(8435);
    // Cancelled (by the patient, staff or a full refund) or expired: nothing at the clinic.
    expect(dueAtVisitOf({ status: 'cancelled', paymentPolicy: deposit })).toBe(0);
    expect(dueAtVisitOf({ status: 'expired', paymentPolicy: deposit })).toBe(0);
    expect(dueAtVisitOf({ status: 'confirmed', attendance: 'no_show', paymentPolicy: deposit })).toBe(0);
    expect(dueAtVisitOf({ status: 'confirmed', attendance: 'late_cancellation', paymentPolicy: deposit })).toBe(0);
    expect(dueAtVisitOf({ status: 'confirmed' })).toBe(0);
    expect(goesAhead({ status: 'confirmed', attendance: 'attended' })).toBe(true);
  });

  it("reads 'unpaid', not 'to pay at the clinic', for a cancelled or expired booking paid at the clinic or with a card never saved", () => {
    const base: PaymentStateInput = { status: 'confirmed', paymentStatus: 'unpaid', priceCents: 12050, amountPaidCents: null, refundedCents: null };
    for (const mode of ['at_clinic', 'card_on_file']) {
      expect(paymentStateOf({ ...base, paymentPolicy: { mode } })).toBe('due_at_clinic');
      expect(paymentStateOf({ ...base, status: 'cancelled', paymentPolicy: { mode } })).toBe('unpaid');
      expect(paymentStateOf({ ...base, status: 'expired', paymentPolicy: { mode } })).toBe('unpaid');
    }
    expect(paymentStateOf({ ...base, status: 'cancelled', paymentPolicy: { mode: 'card_on_file' }, savedCard: { brand: 'visa', last4: '4242' } })).toBe('card_held');
    expect(paymentStateOf({ ...base, status: 'cancelled', paymentStatus: 'refunded', paymentPolicy: { mode: 'deposit' } })).toBe('refunded');
  });
});
