import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds one Intl formatter per set of options, however many dates a list formats', () => {
    const dates = Array.from({ length: 20 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i, 9, 30)));
    const medium = dates.map((d) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(d));
    const long = dates.map((d) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(d));
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    expect(dates.map((d) => formatDate(d))).toEqual(medium);
    expect(dates.map((d) => formatDate(d.toISOString(), { dateStyle: 'long' }))).toEqual(long);
    expect(built).toHaveBeenCalledTimes(2);
    expect(dates.map((d) => formatDate(d.getTime()))).toEqual(medium);
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('reads Not Provided for a missing or invalid date', () => {
    expect(formatDate(undefined)).toBe('Not Provided');
    expect(formatDate('')).toBe('Not Provided');
    expect(formatDate('not a date')).toBe('Not Provided');
  });
});
