// Authentication and authorisation from the route table row: the one place access is decided.
// The organisation comes only from the verified token; the member's permissions, their session and
// the organisation's security settings are read fresh on each request (one BatchGet,
// data/sessions.ts), so a changed or removed membership, an ended session or an idle one takes
// effect at once.
import { can, type PermissionEntry } from '#shared/permissions';
import { readSessionContext, sessionState, touchSession } from '../data/sessions';
import type { Route } from '../routes';
import { forbidden, unauthorized } from '#lib/errors';
import { noteTenant } from '#lib/request-scope';
import { verifyToken } from '#lib/tokens';

export interface Caller {
  userId: string;
  orgId: string;
  isOwner: boolean;
  roles: PermissionEntry[];
  /** The session of the request's access token (always set on 'user' and 'owner' routes). */
  sessionId?: string;
}

export interface Registrant {
  userId: string;
}

/** Ended on purpose: signed out elsewhere, ended from the sessions list, a password change, removal. */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
/** Its 12 hours are over (the session's, or its token's). The console shows these on /auth as they are. */
export const SESSION_EXPIRED = 'You were signed out because your session expired. Please sign in again.';
export const TWO_FACTOR_REQUIRED = 'Your organisation requires two-step sign-in. Please set it up in your profile to continue.';
const idleMessage = (minutes: number) => `You were signed out after ${minutes} minutes without activity. Please sign in again.`;

/**
 * What a member without two-factor may still do where the organisation requires it: see who they
 * are, set two-factor up, and look after their sessions.
 */
const OPEN_WITHOUT_TWO_FACTOR = new Set([
  'account/get-profile',
  'account/get-roles-permissions',
  'account/get-session',
  'account/list-sessions',
  'account/end-session',
  'account/end-all-sessions',
  'account/logout',
  'account/setup-two-factor',
  'account/enable-two-factor',
]);

/** Requests the console makes on its own (polling) say so, and do not count as activity. */
export const BACKGROUND_HEADER = 'x-background-request';

function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key ? headers[key] : undefined;
}

function bearer(headers: Record<string, string | undefined>): string | undefined {
  const match = header(headers, 'authorization')?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}

export async function authorise(
  route: Route,
  headers: Record<string, string | undefined>,
): Promise<{ caller?: Caller; registrant?: Registrant }> {
  if (route.access === 'public') return {};
  const token = bearer(headers);
  if (!token) throw unauthorized();

  if (route.access === 'registration') {
    const claims = await verifyToken(token, 'registration');
    if (!claims) throw unauthorized('Your sign-up session has expired. Please start again.');
    return { registrant: { userId: claims.userId } };
  }

  const claims = await verifyToken(token, 'access');
  // No sign-in was ever made without a session: a token that does not verify has (almost always) expired.
  if (!claims) throw unauthorized(SESSION_EXPIRED);
  if (!claims.orgId || !claims.sessionId) throw unauthorized(SESSION_ENDED);
  const { membership, session, settings } = await readSessionContext(claims.orgId, claims.userId, claims.sessionId);
  const state = sessionState(session, membership, settings);
  if (state === 'idle') throw unauthorized(idleMessage(settings.idleTimeoutMinutes));
  if (state === 'expired') throw unauthorized(SESSION_EXPIRED);
  if (state !== 'open') throw unauthorized(SESSION_ENDED);
  noteTenant(claims.orgId);
  const caller: Caller = {
    userId: claims.userId,
    orgId: claims.orgId,
    isOwner: membership!.isOwner,
    roles: membership!.roles,
    sessionId: claims.sessionId,
  };
  // Activity is recorded by rows that may write (read-only functions have no write grant); the console
  // reports a member's activity through GET /users/session, which does.
  if (route.uses.table === 'write' && header(headers, BACKGROUND_HEADER) !== 'true') await touchSession(session!);
  if (settings.requireTwoFactor && !session!.twoFactor && !OPEN_WITHOUT_TWO_FACTOR.has(route.handler)) throw forbidden(TWO_FACTOR_REQUIRED);
  if (route.access === 'owner' && !caller.isOwner) throw forbidden();
  if (route.permission && !can(caller, route.permission.module, route.permission.action)) throw forbidden();
  return { caller };
}
