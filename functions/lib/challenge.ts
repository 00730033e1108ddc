// Proof-of-work challenges for the public writes (issue 28), with altcha-lib: no third party, no
// tracking, nothing for a person to do. The server picks a secret counter below the level's maximum
// and signs the challenge (HMAC); the browser finds that counter by deriving a key per try (PBKDF2,
// shared/challenge/challenge.ts: native code in a browser and in Node alike), which costs a phone a fraction of
// a second and a script sending thousands of writes about as much CPU per write. The key
// signature lets a solution be checked with two HMACs, without redoing any work.
import { createHash, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHALLENGE_ALGORITHM, CHALLENGE_COST, CHALLENGE_PAGES, type ChallengePage } from '#shared/challenge/challenge';

/**
 * The largest secret counter of each difficulty level (tries of CHALLENGE_COST PBKDF2 iterations: about
 * 0.25 ms each on a laptop, about 1 ms on a mid-range phone), so level 0 (the normal one) averages well
 * under a second on a phone; levels 1 and 2 are for a page under attack (functions/data/page-activity.ts
 * decides). `npm run bench` prints both solvers' times per level.
 */
export const CHALLENGE_LEVELS = [400, 1_600, 8_000] as const;
/** A challenge must be solved and used within this time (the page fetches a new one after that). */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

export interface ChallengeScope {
  page: ChallengePage;
  /** The page's organisation key as the page sent it ('' for sign-up); the write must name the same. */
  apiKey: string;
  level: number;
}

export type CheckResult =
  | { ok: true; scope: ChallengeScope; id: string; expiresAt: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'invalid' };

/** The key signature has a key of its own, derived from the one secret. */
const keySignatureKey = (hmacKey: string) => `${hmacKey}\u0000derived-key`;

export function issueChallenge(scope: ChallengeScope, hmacKey: string, nowMs = Date.now()): Promise<Challenge> {
  const level = Math.min(Math.max(0, scope.level), CHALLENGE_LEVELS.length - 1);
  return createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: CHALLENGE_COST,
    counter: randomInt(0, CHALLENGE_LEVELS[level]),
    deriveKey,
    hmacSignatureSecret: hmacKey,
    hmacKeySignatureSecret: keySignatureKey(hmacKey),
    expiresAt: Math.floor(nowMs / 1000) + CHALLENGE_TTL_SECONDS,
    data: { page: scope.page, apiKey: scope.apiKey, level },
  });
}

/** The header value the browser sends: base64url of JSON { challenge, solution }. */
export function encodeSolution(challenge: Challenge, solution: Solution): string {
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url');
}

/**
 * Checks a solution header: signed by us, not expired, the work done. Whether it was used before is
 * the caller's question (data/page-activity.ts spendSolution, by the returned id).
 */
export async function checkSolution(header: string | undefined, hmacKey: string): Promise<CheckResult> {
  if (!header) return { ok: false, reason: 'missing' };
  // The caller's JSON: every field used is checked below before it is trusted.
  let payload: { challenge?: Challenge; solution?: Solution } | null;
  try {
    payload = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as typeof payload;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { challenge, solution } = payload ?? {};
  if (!challenge?.parameters || typeof challenge.signature !== 'string' || !solution) return { ok: false, reason: 'malformed' };
  // Only what we issue: our algorithm and key signature (no client-chosen cost or key derivation).
  if (challenge.parameters.algorithm !== CHALLENGE_ALGORITHM || challenge.parameters.cost !== CHALLENGE_COST || !challenge.parameters.keySignature) return { ok: false, reason: 'invalid' };
  let result;
  try {
    result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: hmacKey, hmacKeySignatureSecret: keySignatureKey(hmacKey) });
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (result.expired) return { ok: false, reason: 'expired' };
  if (!result.verified) return { ok: false, reason: 'invalid' };
  const data = challenge.parameters.data ?? {};
  const page = data.page as ChallengePage;
  if (!CHALLENGE_PAGES.includes(page)) return { ok: false, reason: 'invalid' };
  return {
    ok: true,
    scope: { page, apiKey: String(data.apiKey ?? ''), level: Number(data.level ?? 0) },
    // The signature is unique per challenge (random nonce and salt): its hash names the solution.
    id: createHash('sha256').update(challenge.signature).digest('base64url'),
    expiresAt: challenge.parameters.expiresAt ?? 0,
  };
}
