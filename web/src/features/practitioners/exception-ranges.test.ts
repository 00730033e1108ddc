import { describe, expect, it } from 'vitest';
import { expandRanges, groupExceptions, practitionerFormSchema, rangeIndexOf, RANGE_MESSAGES } from './exception-ranges';

const off = (date: string, note = 'Holiday') => ({ date, hours: [], note });
const week = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, []]));
const issues = (exceptions: unknown[]) => {
  const r = practitionerFormSchema.safeParse({ name: 'Dr Ana', weeklyHours: week, exceptions });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('exception ranges', () => {
  it('expands a range into one exception per date (across a month end), as the API keeps them', () => {
    expect(expandRanges([{ ...off('2030-06-29'), endDate: '2030-07-02' }, { ...off('2030-12-24', ''), endDate: '' }]).map((e) => e.date)).toEqual([
      '2030-06-29', '2030-06-30', '2030-07-01', '2030-07-02', '2030-12-24',
    ]);
  });

  it('groups consecutive dates with the same hours and note back into one range, in date order', () => {
    const hours = [{ start: '09:00', end: '13:00' }];
    const stored = [off('2030-07-03'), off('2030-07-01'), off('2030-07-02'), off('2030-07-04', 'Conference'), { date: '2030-07-05', hours, note: 'Conference' }, off('2030-07-09')];
    expect(groupExceptions(stored)).toEqual([
      { ...off('2030-07-01'), endDate: '2030-07-03' },
      { ...off('2030-07-04', 'Conference'), endDate: '' },
      { date: '2030-07-05', hours, note: 'Conference', endDate: '' },
      { ...off('2030-07-09'), endDate: '' },
    ]);
    // And back: the same exceptions.
    expect(expandRanges(groupExceptions(stored))).toHaveLength(stored.length);
  });

  it("finds the range of the API's nth exception (where a server message belongs)", () => {
    const ranges = [{ date: '2030-07-01', endDate: '2030-07-03' }, { date: '2030-08-01', endDate: '' }];
    expect([0, 2, 3, 4].map((n) => rangeIndexOf(ranges, n))).toEqual([0, 0, 1, undefined]);
  });

  it('refuses a last date before the first, overlapping ranges and more than 400 days', () => {
    expect(issues([{ ...off('2030-07-05'), endDate: '2030-07-01' }])).toEqual([`exceptions.0.endDate: ${RANGE_MESSAGES.endDate}`]);
    expect(issues([{ ...off('2030-07-01'), endDate: '2030-07-10' }, { ...off('2030-07-10'), endDate: '' }])).toEqual([`exceptions.1.date: ${RANGE_MESSAGES.overlap}`]);
    expect(issues([{ ...off('2030-01-01'), endDate: '2030-12-31' }, { ...off('2031-01-01'), endDate: '2031-03-01' }])).toEqual([`exceptions: ${RANGE_MESSAGES.tooMany}`]);
    expect(issues([{ ...off(''), endDate: '' }])).toEqual(['exceptions.0.date: Exception dates must be dates such as 2030-12-24']);
  });
});
