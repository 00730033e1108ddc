// The proof-of-work challenge of the public writes, solved as a page would (test/support/api.ts
// attaches one to those writes by itself): fetch GET /public/challenge, find the counter, encode.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ChallengePage } from '#shared/challenge/challenge';

/** The page whose challenge a request needs, from the route rows' `challenge` (undefined: none). */
export function challengePageOf(method: string, path: string): ChallengePage | undefined {
  if (method !== 'POST') return undefined;
  const bare = path.split('?')[0];
  if (bare === '/bookings/create-booking') return 'booking';
  if (bare === '/public/appointments/book-custom') return 'appointment';
  if (/^\/form-builder\/form\/[^/]+\/submissions$/.test(bare)) return 'form';
  if (bare === '/users/register-email') return 'sign-up';
  if (bare === '/waitlist/join') return 'booking';
  if (bare === '/bookings/create-patient-series') return 'booking';
  return undefined;
}

/** A random address of the benchmarking range, so the challenge route's per-address limit does not add up. */
const anyAddress = () => `198.19.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** A fresh challenge of a page, as issued (no solution). `apiUrl`: the stack's /api. */
export async function fetchChallenge(apiUrl: string, page: ChallengePage, apiKey = ''): Promise<Challenge> {
  const query = new URLSearchParams({ page, ...(apiKey ? { apiKey } : {}) });
  const res = await fetch(`${apiUrl}/public/challenge?${query}`, { headers: { 'x-forwarded-for': anyAddress() } });
  const body = (await res.json()) as { message: string; data: Challenge };
  if (res.status !== 200) throw new Error(`GET /public/challenge: ${res.status} ${body.message}`);
  return body.data;
}

/** The x-challenge header value for a challenge, solved. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url');
}

export async function solvedChallenge(apiUrl: string, page: ChallengePage, apiKey = ''): Promise<string> {
  return solve(await fetchChallenge(apiUrl, page, apiKey));
}

/** The x-challenge header a request needs ({} for routes that ask for none), solved. */
export async function challengeHeaders(apiUrl: string, method: string, path: string, options: { body?: unknown; form?: FormData }): Promise<Record<string, string>> {
  const page = challengePageOf(method, path);
  if (!page) return {};
  const body = (options.body ?? {}) as Record<string, unknown>;
  // The key the request names: a string, or a number a test sends as it is; anything else names none.
  const key = body.apiKey ?? options.form?.get('organizationApiKey');
  const apiKey = page === 'sign-up' || (typeof key !== 'string' && typeof key !== 'number') ? '' : String(key);
  return { 'x-challenge': await solvedChallenge(apiUrl, page, apiKey) };
}
