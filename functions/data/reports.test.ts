import { describe, expect, it } from 'vitest';
import { appointmentReportDeltas, moneyDelta, practitionerBookingDeltas, reportDayOf, reportItems } from './reports';

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
    expect(items[0].Update).toMatchObject({
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

  it('keeps a practitioner\'s minutes with their requested or confirmed appointments, and never uncounts one from before', () => {
    const counted = { bookingDate: '2026-11-30', status: 'confirmed' as const, practitionerId: 'pr_a', durationMinutes: 45, inReports: true, inPractitionerReports: true };
    expect(appointmentReportDeltas(undefined, counted)).toContainEqual({ day: '2026-11-30', figure: 'prac:pr_a:minutes', by: 45 });
    // Moved to another day and practitioner: the minutes follow.
    expect(appointmentReportDeltas(counted, { ...counted, bookingDate: '2026-12-01', practitionerId: 'pr_b' }).filter((d) => d.figure.startsWith('prac:'))).toEqual([
      { day: '2026-11-30', figure: 'prac:pr_a:minutes', by: -45 },
      { day: '2026-12-01', figure: 'prac:pr_b:minutes', by: 45 },
    ]);
    // Cancelled or completed: no longer booked time.
    expect(appointmentReportDeltas(counted, { ...counted, status: 'cancelled' }).filter((d) => d.figure.startsWith('prac:'))).toEqual([{ day: '2026-11-30', figure: 'prac:pr_a:minutes', by: -45 }]);
    // Counted in reports before practitioner figures existed: its minutes were never added, so none are taken.
    expect(appointmentReportDeltas({ ...counted, inPractitionerReports: undefined }, { ...counted, status: 'cancelled' }).filter((d) => d.figure.startsWith('prac:'))).toEqual([]);
  });

  it('counts a booking and its money in its practitioner\'s figures', () => {
    expect(practitionerBookingDeltas({ reportDay: '2026-11-30', reportPractitionerId: 'pr_a', durationMinutes: 50 }, -1)).toEqual([
      { day: '2026-11-30', figure: 'prac:pr_a:bookings', by: -1 },
      { day: '2026-11-30', figure: 'prac:pr_a:minutes', by: -50 },
    ]);
    expect(practitionerBookingDeltas({ reportDay: '2026-11-30', durationMinutes: 50 }, -1)).toEqual([]);
    expect(moneyDelta('paid', '2026-11-30', 'EUR', 6000, 'pr_a')).toEqual([
      { day: '2026-11-30', figure: 'paid:eur', by: 6000 },
      { day: '2026-11-30', figure: 'prac:pr_a:paid:eur', by: 6000 },
    ]);
  });
});
