import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as webDeriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as shaDeriveKey } from 'altcha-lib/algorithms/sha';
import { CHALLENGE_ALGORITHM, CHALLENGE_COST } from '#shared/challenge/challenge';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_LEVELS, CHALLENGE_TTL_SECONDS, checkSolution, encodeSolution, issueChallenge, type ChallengeScope } from './challenge';

const KEY = 'test-challenge-key';
const scope: ChallengeScope = { page: 'booking', apiKey: 'pk_abcdefghijkl', level: 0 };

async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return encodeSolution(challenge, solution!);
}

describe('proof-of-work challenges', () => {
  it('accepts a solved challenge and names its page, organisation key and level', async () => {
    const result = await checkSolution(await solved(await issueChallenge(scope, KEY)), KEY);
    expect(result).toMatchObject({ ok: true, scope });
    expect(result.ok && result.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives each challenge its own id (a solution is spent by it)', async () => {
    const [a, b] = await Promise.all([issueChallenge(scope, KEY), issueChallenge(scope, KEY)]);
    const [ra, rb] = await Promise.all([checkSolution(await solved(a), KEY), checkSolution(await solved(b), KEY)]);
    expect(ra.ok && rb.ok && ra.id !== rb.id).toBe(true);
  });

  it('refuses a missing, malformed, unsolved, tampered or foreign-key solution', async () => {
    const challenge = await issueChallenge(scope, KEY);
    expect(await checkSolution(undefined, KEY)).toEqual({ ok: false, reason: 'missing' });
    expect(await checkSolution('not base64 json', KEY)).toEqual({ ok: false, reason: 'malformed' });
    const wrong = encodeSolution(challenge, { counter: CHALLENGE_LEVELS[0] + 1, derivedKey: '00'.repeat(32), time: 1 });
    expect(await checkSolution(wrong, KEY)).toEqual({ ok: false, reason: 'invalid' });
    // The page named in the signed data cannot be changed by the client.
    const good = await solveChallenge({ challenge, deriveKey });
    const tampered = { ...challenge, parameters: { ...challenge.parameters, data: { ...challenge.parameters.data, page: 'sign-up' } } };
    expect(await checkSolution(encodeSolution(tampered, good!), KEY)).toEqual({ ok: false, reason: 'invalid' });
    expect(await checkSolution(encodeSolution(challenge, good!), 'another-key')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an expired challenge', async () => {
    const old = await issueChallenge(scope, KEY, Date.now() - (CHALLENGE_TTL_SECONDS + 5) * 1000);
    expect(await checkSolution(await solved(old), KEY)).toEqual({ ok: false, reason: 'expired' });
  });

  it('keeps the secret counter within the level: higher levels need more work', async () => {
    for (const [level, max] of CHALLENGE_LEVELS.entries()) {
      const counters = await Promise.all(
        Array.from({ length: 4 }, async () => (await solveChallenge({ challenge: await issueChallenge({ ...scope, level }, KEY), deriveKey }))!.counter),
      );
      for (const counter of counters) expect(counter).toBeLessThanOrEqual(max);
    }
    // Out-of-range levels are clamped to the hardest one, never unbounded.
    const clamped = await issueChallenge({ ...scope, level: 9 }, KEY);
    expect(clamped.parameters.data?.level).toBe(CHALLENGE_LEVELS.length - 1);
  }, 60_000);

  it('solves the normal level with Web Crypto (as a browser does) in well under a second', async () => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const challenge = await issueChallenge(scope, KEY);
      const started = performance.now();
      const solution = await solveChallenge({ challenge, deriveKey: webDeriveKey });
      times.push(performance.now() - started);
      expect((await checkSolution(encodeSolution(challenge, solution!), KEY)).ok).toBe(true);
    }
    // Generous for a shared test machine; a phone's figures are in the README.
    expect(Math.max(...times)).toBeLessThan(1000);
  }, 30_000);

  it('costs a script in Node about what it costs a page: at each level, Node is at most 3 times faster than Web Crypto', async () => {
    for (const [level, max] of CHALLENGE_LEVELS.entries()) {
      // One challenge of the level's mean work, solved by both; interleaved, medians of 3.
      const challenge = await createChallenge({ algorithm: CHALLENGE_ALGORITHM, cost: CHALLENGE_COST, counter: Math.floor(max / 2), deriveKey });
      const times = { node: [] as number[], web: [] as number[] };
      for (let round = 0; round < 3; round++) {
        for (const [solver, derive] of [['node', deriveKey], ['web', webDeriveKey]] as const) {
          const started = performance.now();
          expect((await solveChallenge({ challenge, deriveKey: derive }))!.counter).toBe(Math.floor(max / 2));
          times[solver].push(performance.now() - started);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
      expect(median(times.web) / median(times.node), `level ${level}: ${JSON.stringify(times)}`).toBeLessThan(3);
    }
  }, 120_000);

  it('refuses a challenge of another derivation (the old single SHA-256 per try)', async () => {
    const sha = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 3, deriveKey: shaDeriveKey, hmacSignatureSecret: KEY });
    const solution = await solveChallenge({ challenge: sha, deriveKey: shaDeriveKey });
    expect(await checkSolution(encodeSolution(sha, solution!), KEY)).toEqual({ ok: false, reason: 'invalid' });
  });
});
