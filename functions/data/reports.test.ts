import { describe, expect, it } from 'vitest';
import { appointmentReportDeltas, moneyDelta, reportDayOf, reportItems } from './reports';

describe('report figures', () => {
  it('counts an instant on its local day in the organisation zone', () => {
    // 2026-11-29 11:30 UTC is already Monday 00:30 in Auckland (UTC+13), still Sunday in New York.
    expect(reportDayOf('2026-11-29T11:30:00Z', 'Pacific/Auckland')).toBe('2026-11-30');
    expect(reportDayOf('2026-11-29T11:30:00Z', 'America/New_York')).toBe('2026-11-29');
  });

  it('writes one Update per day, leaving out figures that net to zero', () => {
    process.env.TABLE_NAME ??= 'test-table';
    const items = reportItems('o1', [
      { day: '2026-11-30', figure: 'bookings:confirmed', by: 1 },
      { day: '2026-11-30', figure: 'paid:usd', by: 4950 },
      { day: '2026-11-29', figure: 'appointments:confirmed', by: -1 },
      { day: '2026-11-29', figure: 'appointments:confirmed', by: 1 },
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]!.Update).toMatchObject({
      Key: { pk: 'ORG#o1#REPORT', sk: 'DAY#2026-11-30' },
      UpdateExpression: 'SET #day = :day ADD #f0 :v0, #f1 :v1',
      ExpressionAttributeNames: { '#day': 'day', '#f0': 'bookings:confirmed', '#f1': 'paid:usd' },
      ExpressionAttributeValues: { ':day': '2026-11-30', ':v0': 1, ':v1': 4950 },
    });
  });

  it('moves an appointment between days and statuses, but never uncounts one from before reports', () => {
    const before = { bookingDate: '2026-11-29', status: 'confirmed' as const };
    expect(appointmentReportDeltas(undefined, before)).toEqual([{ day: '2026-11-29', figure: 'appointments:confirmed', by: 1 }]);
    expect(appointmentReportDeltas({ ...before, inReports: true }, { bookingDate: '2026-11-30', status: 'no-show' })).toEqual([
      { day: '2026-11-29', figure: 'appointments:confirmed', by: -1 },
      { day: '2026-11-30', figure: 'appointments:no-show', by: 1 },
    ]);
    expect(appointmentReportDeltas(before, { ...before, status: 'completed' })).toEqual([]);
    expect(moneyDelta('refunded', '2026-11-30', 'USD', 0)).toEqual([]);
  });
});
