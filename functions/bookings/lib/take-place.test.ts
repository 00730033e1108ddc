// create-booking's place-taking step, its pure parts: the wait told to a patient whose claim is full,
// and the labels of a key's tries (their booking ids and release tokens). The writes themselves (the
// candidates in turn, the claims, the patient's own hold given back, a lapsed hold ended, a race for the
// last place) run against the local stack: test/integration/bookings.test.ts ('gives the place of a
// 20-way race for the last place to exactly one visitor', 'shares a slot of capacity 3 ...'),
// holds.test.ts ('one unpaid hold per email and per phone; the same patient trying again gets their
// own hold back', "a patient's hold that ran out ... is ended on the spot"), practitioners.test.ts and
// idempotency.test.ts.
import { describe, expect, it } from 'vitest';
import { HOLD_LIMIT_MESSAGES, MAX_TRIES, minutesUntil, tryLabel } from './take-place';

describe('minutesUntil', () => {
  const now = new Date('2030-01-01T00:00:00.000Z');
  it('rounds up to whole minutes and never says less than one', () => {
    expect(minutesUntil('2030-01-01T00:07:00.000Z', now)).toBe(7);
    expect(minutesUntil('2030-01-01T00:06:01.000Z', now)).toBe(7);
    expect(minutesUntil('2030-01-01T00:00:10.000Z', now)).toBe(1);
    expect(minutesUntil('2029-12-31T23:59:00.000Z', now)).toBe(1);
    expect(HOLD_LIMIT_MESSAGES.patient(minutesUntil('2030-01-01T00:00:30.000Z', now))).toContain('try again in 1 minute when');
  });
});

describe('tryLabel', () => {
  it("names a key's first try plainly and the next ones by number, each distinct", () => {
    const labels = Array.from({ length: MAX_TRIES }, (_, tries) => tryLabel(tries));
    expect(labels).toEqual(['booking', 'booking-1', 'booking-2', 'booking-3', 'booking-4']);
  });
});
