import { describe, expect, it } from 'vitest';
import { clinicFirstDay, rangeOf, stepOf } from './lib';

describe('the calendar range asked for before FullCalendar renders', () => {
  it('is the day, the week from Sunday, or the month as six whole weeks', () => {
    expect(rangeOf('day', '2030-01-15')).toEqual({ start: '2030-01-15', end: '2030-01-16' });
    expect(rangeOf('team', '2030-01-15')).toEqual({ start: '2030-01-15', end: '2030-01-16' });
    expect(rangeOf('week', '2030-01-15')).toEqual({ start: '2030-01-13', end: '2030-01-20' });
    // The list is the coming seven days: on a Saturday, that Saturday and the week after it (issue 34).
    expect(rangeOf('list', '2030-01-19')).toEqual({ start: '2030-01-19', end: '2030-01-26' });
    expect(rangeOf('month', '2030-01-20')).toEqual({ start: '2029-12-30', end: '2030-02-10' });
    // A month starting on a Sunday starts the grid.
    expect(rangeOf('month', '2030-09-10')).toEqual({ start: '2030-09-01', end: '2030-10-13' });
  });

  it("starts the week on the clinic's first day: Monday in Berlin, Sunday in New York, Saturday in Cairo", () => {
    // The region is the calendar reply's (the server's, from the clinic's zone: functions/lib/zone-region.ts).
    expect(clinicFirstDay('DE')).toBe(1);
    expect(clinicFirstDay('US')).toBe(0);
    expect(clinicFirstDay('AR')).toBe(1);
    expect(clinicFirstDay('EG')).toBe(6);
    expect(clinicFirstDay(null, 'en-GB')).toBe(1);
    expect(clinicFirstDay(null, 'en-US')).toBe(0);
    expect(rangeOf('week', '2030-01-13', 1)).toEqual({ start: '2030-01-07', end: '2030-01-14' });
    expect(rangeOf('month', '2030-09-10', 1)).toEqual({ start: '2030-08-26', end: '2030-10-07' });
  });

  it('steps a day, a week or a month', () => {
    expect(stepOf('day', '2030-01-31', 1)).toBe('2030-02-01');
    expect(stepOf('week', '2030-01-03', -1)).toBe('2029-12-27');
    expect(stepOf('month', '2030-01-31', 1)).toBe('2030-02-01');
    expect(stepOf('month', '2030-01-15', -1)).toBe('2029-12-01');
  });
});
