// Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): a successful
// sign-in leaves an HttpOnly cookie, signed and bound to the member, in that browser. A sign-in
// that shows a valid one for the account is exempt from the account's failed-sign-in limits (so a
// stranger's wrong passwords cannot lock the owner out of their own browser) and counts its failures
// against that cookie instead; per-address limits stay. A sign-in without one is from an unseen
// device: the member is told by mail.
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from '#lib/config';
import { randomId, sameSecret } from '#lib/passwords';
import { getSecrets } from '#lib/secrets';

/** Sent only to the sign-in routes. */
const COOKIE_PATH = '/api/users/login';
const MAX_AGE_SECONDS = 365 * 24 * 3600;
const PREFIX = 'cs_device_';

/** One cookie per member, so people sharing a browser each keep theirs. */
const cookieName = (userId: string) => `${PREFIX}${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`;

async function signature(userId: string, nonce: string): Promise<string> {
  const key = Buffer.from(hkdfSync('sha256', (await getSecrets()).tokenSigningKey, 'clinic-suite', 'device-cookie-v1', 32));
  return createHmac('sha256', key).update(`${userId}.${nonce}`).digest('base64url');
}

function cookies(event: APIGatewayProxyEventV2): Map<string, string> {
  const found = new Map<string, string>();
  const raw = event.cookies ?? (event.headers?.cookie ?? event.headers?.Cookie ?? '').split(/;\s*/);
  for (const pair of raw) {
    const at = pair.indexOf('=');
    if (at > 0) found.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return found;
}

/** The nonce of a valid device cookie of this member in the request, or undefined. */
export async function trustedDevice(event: APIGatewayProxyEventV2, userId: string | undefined): Promise<string | undefined> {
  if (!userId) return undefined;
  const value = cookies(event).get(cookieName(userId));
  const [owner, nonce, mac] = value?.split('.') ?? [];
  if (owner !== userId || !nonce || !mac) return undefined;
  return sameSecret(mac, await signature(userId, nonce)) ? nonce : undefined;
}

/** A Set-Cookie value with a fresh device cookie for this member. */
export async function deviceCookie(userId: string): Promise<string> {
  const nonce = randomId(12);
  const secure = config.appUrl.startsWith('https:') ? '; Secure' : '';
  return `${cookieName(userId)}=${userId}.${nonce}.${await signature(userId, nonce)}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}

/** "Chrome on Windows": enough for a member to recognise a device in their list of sessions. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : undefined;
  const system = /iPhone|iPad/.test(ua) ? 'iOS' : /Android/.test(ua) ? 'Android' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /CrOS/.test(ua) ? 'ChromeOS' : /Linux/.test(ua) ? 'Linux' : undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (ua ? ua.slice(0, 60) : 'Unknown device');
}
