import { describe, expect, it } from 'vitest';
import { addDays, isoWeekOf, nextSetupStep, reportQuerySchema, weekStartOf, weeksBetween } from './schemas';

describe('report weeks (ISO, Monday to Sunday)', () => {
  it('starts a week on its Monday, across month and year ends', () => {
    expect(weekStartOf('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // its Sunday
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30'); // the next Monday
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('numbers weeks as ISO 8601 does', () => {
    expect(isoWeekOf('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-03')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2027-01-04')).toEqual({ year: 2027, week: 1 });
    expect(isoWeekOf('2025-12-29')).toEqual({ year: 2026, week: 1 });
  });

  it('lists the weeks a period touches', () => {
    expect(weeksBetween('2026-11-29', '2026-11-30')).toEqual(['2026-11-23', '2026-11-30']);
    expect(weeksBetween('2026-11-23', '2026-11-23')).toEqual(['2026-11-23']);
  });

  it('accepts a period of at most 53 weeks', () => {
    expect(reportQuerySchema.safeParse({ from: '2026-01-05', to: '2027-01-04' }).success).toBe(true);
    expect(reportQuerySchema.safeParse({ from: '2026-01-05', to: '2027-01-11' }).success).toBe(false);
  });
});

describe('set-up wizard', () => {
  it('resumes at the first step neither done nor skipped', () => {
    const steps = { organization: 'done', service: 'skipped', hours: 'todo', package: 'todo', form: 'done', invite: 'todo' } as const;
    expect(nextSetupStep({ steps })).toBe('hours');
    expect(nextSetupStep({ steps: { ...steps, hours: 'done', package: 'done', invite: 'skipped' } })).toBeUndefined();
  });
});
