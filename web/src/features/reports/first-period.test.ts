import { describe, expect, it } from 'vitest';
import { firstPeriod } from './first-period';
import { periodDates } from './lib';

describe("the reports' first period, asked for beside the page's code", () => {
  it("is the page's own 'around' period", () => {
    for (const today of ['2030-01-01', '2030-01-06', '2030-01-07', '2026-03-29', '2026-10-25', '2028-02-29']) {
      expect(firstPeriod(today)).toEqual(periodDates('around', today));
    }
  });
});
