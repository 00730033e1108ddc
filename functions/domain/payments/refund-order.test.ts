// Stripe's refund events read in any order (refund-order.ts): a charge.refunded's running total as of its
// time, less the refunds in it whose failure is recorded; what one does to a record; the outbox key.
import { describe, expect, it } from 'vitest';
import { refundKey, refundStep, standing, stripeTime, totalAsOf } from './refund-order';

const s = (n: number) => stripeTime(1_780_000_000 + n);
// Paid 200: refund A 100 at s(1), refund B 50 at s(2), B failed at s(5), refund C 30 at s(7).
const bFailed = { createdAt: s(2), failedAt: s(5), amount: 50 };

describe('totalAsOf', () => {
  it('takes a failed refund out of a total from between it and its failure, and only those', () => {
    expect(totalAsOf(100, s(1), [bFailed])).toBe(100); // before B was made
    expect(totalAsOf(150, s(2), [bFailed])).toBe(100); // B's own charge.refunded
    expect(totalAsOf(170, s(4), [bFailed])).toBe(120); // with C... had C come before the failure
    expect(totalAsOf(130, s(7), [bFailed])).toBe(130); // after the failure: Stripe left B out
  });

  it('takes a charge.refunded of the failure\'s own second as before it', () => {
    expect(totalAsOf(150, s(5), [bFailed])).toBe(100);
  });
});

describe('refundStep', () => {
  it('records a higher total with nothing failed (the ordinary order)', () => {
    expect(refundStep(0, {}, { amountRefunded: 100, at: s(1) })).toEqual({ take: 100 });
    expect(refundStep(100, { refundAt: s(1) }, { amountRefunded: 150, at: s(2) })).toEqual({ take: 150 });
    expect(refundStep(150, { refundAt: s(2) }, { amountRefunded: 100, at: s(1) })).toBe('recorded'); // an older total
    expect(refundStep(150, { refundAt: s(2) }, { amountRefunded: 150, at: s(2) })).toBe('recorded'); // a repeat
  });

  it('never counts a failed refund again from a charge.refunded older than its failure, delivered late', () => {
    // B recorded (150 at s(2)), its failure corrected to 100: B's own event, come again under another delivery.
    expect(refundStep(100, { refundAt: s(2), refundsFailed: [bFailed] }, { amountRefunded: 150, at: s(2) })).toBe('recorded');
  });

  it('still takes a refund an older event carries beyond the failed one', () => {
    // C made before B failed (total 180 at s(4)), its event late: C's 30 recorded, not B's 50.
    expect(refundStep(100, { refundAt: s(2), refundsFailed: [bFailed] }, { amountRefunded: 180, at: s(4) })).toEqual({ take: 130 });
  });

  it('hands back a newer lower total (a failure not recorded yet), and only then', () => {
    expect(refundStep(150, { refundAt: s(2) }, { amountRefunded: 130, at: s(7) })).toBe('later');
    expect(refundStep(150, { refundAt: s(2) }, { amountRefunded: 130, at: s(2) })).toBe('recorded');
    // Records from before the times were kept: as before, an older or equal total adds nothing.
    expect(refundStep(150, {}, { amountRefunded: 130, at: s(7) })).toBe('recorded');
    // Not newer than a failure recorded: its total is read less that failure, never handed back for it.
    expect(refundStep(100, { refundAt: s(2), refundsFailed: [bFailed] }, { amountRefunded: 150, at: s(5) })).toBe('recorded');
  });
});

describe('standing', () => {
  const b = { createdAt: s(2), failedAt: s(5) };
  it("places the record's total against the refund and its failure, the same seconds counting it", () => {
    expect(standing({}, b)).toBe('unknown');
    expect(standing({ refundAt: s(1) }, b)).toBe('before');
    expect(standing({ refundAt: s(2) }, b)).toBe('counted');
    expect(standing({ refundAt: s(5) }, b)).toBe('counted');
    expect(standing({ refundAt: s(6) }, b)).toBe('after');
  });
});

describe('refundKey', () => {
  it('is the total alone until a failure is recorded, then tells the totals apart', () => {
    expect(refundKey(150, {})).toBe('150');
    expect(refundKey(150, { refundsFailed: [bFailed] })).toBe('150-f1');
  });
});
