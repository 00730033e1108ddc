// The scheduled sweeps' own promise (the sweeps themselves are tested against the table in
// test/integration/reminders.test.ts and holds.test.ts): one failing leaves the other to run, and
// neither takes new work in the function's last 15 seconds.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sweeps = vi.hoisted(() => ({
  reminders: vi.fn<(options: { timeLeft: () => boolean }) => Promise<{ sent: number; dropped: number }>>(),
  holds: vi.fn<(options: { timeLeft: () => boolean }) => Promise<{ released: number; confirmed: number; skipped: number }>>(),
}));
vi.mock('#domain/reminders/sweep', () => ({ sweepReminders: sweeps.reminders }));
vi.mock('#domain/bookings/hold-sweep', () => ({ sweepLapsedHolds: sweeps.holds }));

const { runSweeps } = await import('./sweeps');

beforeEach(() => {
  sweeps.reminders.mockReset().mockResolvedValue({ sent: 2, dropped: 0 });
  sweeps.holds.mockReset().mockResolvedValue({ released: 1, confirmed: 0, skipped: 0 });
});

describe('the scheduled sweeps', () => {
  it('run the reminders, then the holds, and answer what each did', async () => {
    expect(await runSweeps()).toEqual({ reminders: { sent: 2, dropped: 0 }, holds: { released: 1, confirmed: 0, skipped: 0 } });
    expect(sweeps.reminders.mock.invocationCallOrder[0]).toBeLessThan(sweeps.holds.mock.invocationCallOrder[0]);
  });

  it('still release the lapsed holds when the reminder sweep fails, and still send reminders when the hold sweep fails', async () => {
    sweeps.reminders.mockRejectedValueOnce(new Error('DynamoDB timed out'));
    expect(await runSweeps()).toEqual({ holds: { released: 1, confirmed: 0, skipped: 0 } });
    sweeps.holds.mockRejectedValueOnce(new Error('Stripe is down'));
    expect(await runSweeps()).toEqual({ reminders: { sent: 2, dropped: 0 } });
  });

  it('take no new work once 15 seconds or less of the invocation are left', async () => {
    let remaining = 60_000;
    await runSweeps({ remainingMs: () => remaining });
    const timeLeft = sweeps.reminders.mock.calls[0][0].timeLeft;
    expect(timeLeft()).toBe(true);
    remaining = 15_001;
    expect(timeLeft()).toBe(true);
    remaining = 15_000;
    expect(timeLeft()).toBe(false);
    expect(sweeps.holds.mock.calls[0][0].timeLeft()).toBe(false);
  });
});
