// Failed sign-ins (a wrong password, or a wrong second-factor code) are limited per account: few
// from one address (a guesser, or someone who forgot), many more from everywhere together (guessing
// spread over addresses). A browser with the member's device cookie (./devices.ts) is limited by
// that cookie instead, so nobody else's failures lock the member out of it. The route's limit per
// address applies to every request on top. Known and unknown emails are limited alike. The windows
// slide (data/rate-limits.ts): the limit holds in any 15 minutes, not per fixed quarter hour, so a
// burst across a quarter's boundary cannot try twice the limit.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { tooManyRequests } from '#lib/errors';
import { clientKey, tooManyMessage } from '#http/http';
import { countInSlidingWindow, waitIfLimitedSliding, type RateLimit } from '../../data/rate-limits';

export const FAILED_LOGINS_PER_EMAIL_AND_ADDRESS: RateLimit = { limit: 10, windowSeconds: 15 * 60 };
export const FAILED_LOGINS_PER_EMAIL: RateLimit = { limit: 100, windowSeconds: 15 * 60 };
export const FAILED_LOGINS_PER_DEVICE: RateLimit = { limit: 10, windowSeconds: 15 * 60 };

type Limit = [scope: string, subject: string, limit: RateLimit];

export function signInLimits(email: string, event: APIGatewayProxyEventV2, deviceNonce: string | undefined): Limit[] {
  const account = email.toLowerCase();
  if (deviceNonce) return [['login-failed-device', `${account}#${deviceNonce}`, FAILED_LOGINS_PER_DEVICE]];
  return [
    ['login-failed', `${account}#${clientKey(event)}`, FAILED_LOGINS_PER_EMAIL_AND_ADDRESS],
    ['login-failed-any', account, FAILED_LOGINS_PER_EMAIL],
  ];
}

/** Throws 429 when any of the limits is reached already (nothing is counted). */
export async function refuseIfLimited(limits: Limit[]): Promise<void> {
  const waits = await Promise.all(limits.map(([scope, subject, limit]) => waitIfLimitedSliding(scope, subject, limit)));
  const wait = waits.find((w) => w !== undefined);
  if (wait !== undefined) throw tooManyRequests(tooManyMessage(wait), wait);
}

/** Counts one failure against every limit. Tries racing past the check are bounded by the route's limit per address. */
export async function countFailure(limits: Limit[]): Promise<void> {
  await Promise.all(limits.map(([scope, subject, limit]) => countInSlidingWindow(scope, subject, limit)));
}
