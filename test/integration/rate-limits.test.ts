// The sliding window of the failed sign-in limits (functions/data/rate-limits.ts) against DynamoDB
// Local, with the clock given: a burst straddling a fixed window's boundary is capped at the limit
// (the fixed window lets twice the limit through there), racing hits never pass it, and hits leave the
// window bucket by bucket (a minute each) as it slides, never before 15 minutes. (Over HTTP: test/integration/account.test.ts, 'sign-in guessing is limited'.)
import { beforeAll, describe, expect, inject, it } from 'vitest';

type RateLimits = typeof import('../../functions/data/rate-limits');
let limits: RateLimits;

beforeAll(async () => {
  Object.assign(process.env, inject('stackEnv'));
  limits = await import('../../functions/data/rate-limits');
});

const WINDOW = { limit: 10, windowSeconds: 15 * 60 };
const WINDOW_MS = WINDOW.windowSeconds * 1000;
/** A fixed window's boundary (a multiple of 15 minutes), an hour ago: nothing else writes these keys. */
const boundary = Math.floor((Date.now() - 3_600_000) / WINDOW_MS) * WINDOW_MS;
let subjects = 0;
const subject = () => `test-${process.pid}-${Date.now()}-${subjects++}`;

/** Counts `n` hits one after another at `at`; the number that were let through. */
async function burst(count: (s: string, at: number) => Promise<number | undefined>, s: string, at: number, n: number): Promise<number> {
  let passed = 0;
  for (let i = 0; i < n; i++) if ((await count(s, at + i)) === undefined) passed++;
  return passed;
}

describe('the sliding window', () => {
  it('caps a burst straddling a window boundary at the limit (a fixed window lets twice through)', async () => {
    const s = subject();
    const sliding = (sub: string, at: number) => limits.countInSlidingWindow('test-sliding', sub, WINDOW, at);
    expect(await burst(sliding, s, boundary - 2_000, 10)).toBe(10);
    // Two seconds later, on the other side of the boundary: refused, with the wait until the first hit leaves.
    expect(await burst(sliding, s, boundary + 1_000, 10)).toBe(0);
    // The burst's minute leaves the window 15 minutes after that minute ended.
    const wait = await limits.countInSlidingWindow('test-sliding', s, WINDOW, boundary + 1_000);
    expect(wait).toBe(WINDOW.windowSeconds - 1);
    expect(await limits.waitIfLimitedSliding('test-sliding', s, WINDOW, boundary + 1_000)).toBe(wait);

    // The fixed window, for contrast: the same burst passes twice the limit.
    const f = subject();
    const fixed = (sub: string, at: number) => limits.countRequest('test-fixed', sub, WINDOW, at);
    expect((await burst(fixed, f, boundary - 2_000, 10)) + (await burst(fixed, f, boundary + 1_000, 10))).toBe(20);
  });

  it('frees places as the minutes of the hits leave the window, not before 15 minutes', async () => {
    const s = subject();
    const at = boundary + 60_000;
    // One hit a minute for ten minutes.
    for (let i = 0; i < 10; i++) expect(await limits.countInSlidingWindow('test-sliding', s, WINDOW, at + i * 60_000)).toBeUndefined();
    const full = at + 9 * 60_000 + 30_000;
    expect(await limits.waitIfLimitedSliding('test-sliding', s, WINDOW, full)).toBe(16 * 60 - 9 * 60 - 30);
    // 15 minutes after the first hit its minute is still (partly) in the window: still full.
    expect(await limits.countInSlidingWindow('test-sliding', s, WINDOW, at + WINDOW_MS + 1_000)).toBe(59);
    // Once that minute is out: one place, taken; the next waits for the second hit's minute.
    const firstGone = at + WINDOW_MS + 60_000;
    expect(await limits.waitIfLimitedSliding('test-sliding', s, WINDOW, firstGone)).toBeUndefined();
    expect(await limits.countInSlidingWindow('test-sliding', s, WINDOW, firstGone)).toBeUndefined();
    expect(await limits.countInSlidingWindow('test-sliding', s, WINDOW, firstGone + 1_000)).toBe(59);
    // Checking does not count.
    const other = subject();
    for (let i = 0; i < 20; i++) expect(await limits.waitIfLimitedSliding('test-sliding', other, WINDOW, firstGone)).toBeUndefined();
  });

  it('never lets racing hits past the limit', async () => {
    const s = subject();
    const at = boundary + 120_000;
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => limits.countInSlidingWindow('test-sliding', s, WINDOW, at + i)));
    // One bucket, written with a conditional ADD: exactly the limit passes, the rest are told to wait.
    expect(results.filter((r) => r === undefined)).toHaveLength(10);
    expect(results.filter((r) => r !== undefined).every((r) => r > 0)).toBe(true);
    expect(await limits.waitIfLimitedSliding('test-sliding', s, WINDOW, at + 100)).toBeGreaterThan(0);
  });
});
