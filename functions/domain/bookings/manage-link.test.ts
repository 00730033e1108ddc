import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentManageLink, manageLink } from './manage-link';

const booking = { orgId: 'org_1', id: 'bk_1', startUtc: '2026-03-09T13:00:00.000Z' }; // 9:00 AM EDT
const zone = 'America/New_York';
const second = (text: string) => text.split('\n')[1];

beforeAll(() => {
  process.env.TABLE_NAME ??= 'unit-table';
});

describe('manage links', () => {
  it('state the policy in hours in confirmations, as before', () => {
    expect(second(manageLink(booking, { name: 'Sunny Clinic', cancellationCutoffHours: 24 }).text)).toBe(
      'You can reschedule or cancel until 24 hours before the start; a cancellation is refunded in full. After that, please contact Sunny Clinic.',
    );
  });

  it('state the moment changes close in reminders, across a clock change, or that it has passed', () => {
    const org = { name: 'Sunny Clinic', cancellationCutoffHours: 48, cancellationRefund: 'none' as const };
    // 48 hours before 9:00 AM EDT on March 9 is 8:00 AM EST on March 7 (the clocks go forward on March 8).
    const open = manageLink(booking, org, { now: new Date('2026-03-06T12:00:00Z'), timeZone: zone });
    expect(open.text).toMatch(/^To reschedule or cancel: \S+\/manage#\S+\n/);
    expect(second(open.text)).toBe('You can reschedule or cancel until Saturday, March 7, 2026 at 8:00 AM EST; a cancellation is not refunded. After that, please contact Sunny Clinic.');
    const closed = manageLink(booking, org, { now: new Date('2026-03-09T12:00:00Z'), timeZone: zone });
    expect(closed.text).toMatch(/^Your booking: \S+\/manage#\S+\n/);
    expect(second(closed.text)).toBe('Changes online closed on Saturday, March 7, 2026 at 8:00 AM EST. To reschedule or cancel, please contact Sunny Clinic.');
    // Exactly at the cut-off it is closed (the manage page refuses from then on too).
    expect(manageLink(booking, org, { now: new Date('2026-03-07T13:00:00Z'), timeZone: zone }).text).toContain('Changes online closed');
  });

  it('keep "until the start" when the clinic allows changes until then', () => {
    const text = manageLink(booking, { name: 'Sunny Clinic', cancellationCutoffHours: 0 }, { now: new Date('2026-03-09T12:30:00Z'), timeZone: zone }).text;
    expect(second(text)).toBe('You can reschedule or cancel until the start; a cancellation is refunded in full. After that, please contact Sunny Clinic.');
  });

  it("do the same for an appointment's cancel link", () => {
    const org = { name: 'Sunny Clinic', cancellationCutoffHours: 24 };
    expect(second(appointmentManageLink(booking, booking.startUtc, org).text)).toBe('You can cancel until 24 hours before the start. To change the time, please contact Sunny Clinic.');
    expect(second(appointmentManageLink(booking, booking.startUtc, org, { now: new Date('2026-03-01T00:00:00Z'), timeZone: zone }).text)).toBe(
      'You can cancel until Sunday, March 8, 2026 at 9:00 AM EDT. To change the time, please contact Sunny Clinic.',
    );
    const late = appointmentManageLink(booking, booking.startUtc, org, { now: new Date('2026-03-09T12:00:00Z'), timeZone: zone }).text;
    expect(late).toMatch(/^Your appointment: \S+\n/);
    expect(second(late)).toBe('Cancelling online closed on Sunday, March 8, 2026 at 9:00 AM EDT. To cancel or change the time, please contact Sunny Clinic.');
  });
});
