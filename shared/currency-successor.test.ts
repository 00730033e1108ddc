// An ended currency's amounts in its successor at the official fixed rate (issue 38).
import { describe, expect, it } from 'vitest';
import { ENDED_CURRENCIES, toSuccessorMinor } from './currency';

describe('toSuccessorMinor', () => {
  it('converts lev to euro at 1.95583, rounded to the nearest cent, halves up', () => {
    expect(ENDED_CURRENCIES.bgn).toMatchObject({ successor: 'eur', rate: '1.95583' });
    expect(toSuccessorMinor(5000, 'bgn')).toBe(2556); // 25.5646 €
    expect(toSuccessorMinor(100, 'bgn')).toBe(51); // 0.5113 €
    expect(toSuccessorMinor(1, 'bgn')).toBe(1); // 0.0051 € rounds up to a cent
    expect(toSuccessorMinor(195583, 'bgn')).toBe(100000);
    expect(toSuccessorMinor(97791, 'bgn')).toBe(50000); // 499.9974 €
    expect(toSuccessorMinor(99_999_999, 'bgn')).toBe(51129188); // no floating-point error at Stripe's largest amount
    expect(toSuccessorMinor(0, 'bgn')).toBe(0);
  });

  it('converts Netherlands Antillean guilders to Caribbean guilders one for one, and leaves a living currency alone', () => {
    expect(ENDED_CURRENCIES.ang).toMatchObject({ successor: 'xcg', rate: '1' });
    expect(toSuccessorMinor(1234, 'ang')).toBe(1234);
    expect(toSuccessorMinor(1234, 'eur')).toBe(1234);
  });
});
