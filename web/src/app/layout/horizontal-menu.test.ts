import { describe, expect, it } from 'vitest';
import { fitCount } from './horizontal-menu';

describe('fitCount (what stays in the header menu, the rest folds into More)', () => {
  it('keeps everything when it all fits', () => {
    expect(fitCount([100, 100, 100], 60, 308, 4)).toBe(3);
  });
  it('leaves room for More when something does not fit', () => {
    // 100 + 4 + 100 + 4 + More 60 = 268 <= 300, a third section would not fit beside More.
    expect(fitCount([100, 100, 100], 60, 300, 4)).toBe(2);
    expect(fitCount([100, 100, 100], 60, 150, 4)).toBe(0);
  });
});
