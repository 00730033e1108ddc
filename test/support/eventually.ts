// Mails and staff notices leave through the outbox after the change commits (delivered within about a
// second locally), so tests wait for them instead of reading them at once.

/**
 * Polls `probe` until it returns a value (not undefined) and returns that value; fails with what the
 * last probe threw, or `timeout`, once `timeoutMs` have passed. A probe that only reads what a stand-in
 * has already received may answer at once (no promise).
 */
export async function eventually<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const due = Date.now() + timeoutMs;
  for (;;) {
    let last: unknown;
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() >= due) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
