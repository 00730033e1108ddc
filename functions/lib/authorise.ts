// Authentication and authorisation from the route table row: the one place access is decided.
// The organisation comes only from the verified token; the member's permissions are read fresh on
// each request, so a changed or removed membership takes effect at once.
import { can, type PermissionEntry } from '#shared/permissions';
import { getMembership } from '../data/members';
import type { Route } from '../routes';
import { forbidden, unauthorized } from './errors';
import { noteTenant } from './request-scope';
import { verifyToken } from './tokens';

export interface Caller {
  userId: string;
  orgId: string;
  isOwner: boolean;
  roles: PermissionEntry[];
}

export interface Registrant {
  userId: string;
}

function bearer(headers: Record<string, string | undefined>): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === 'authorization');
  const value = key ? headers[key] : undefined;
  const match = value?.match(/^Bearer\s+(.+)$/i);
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
  if (!claims?.orgId) throw unauthorized('Your session has ended. Please sign in again.');
  noteTenant(claims.orgId);
  const membership = await getMembership(claims.orgId, claims.userId);
  if (!membership) throw unauthorized('Your session has ended. Please sign in again.');
  const caller: Caller = {
    userId: claims.userId,
    orgId: claims.orgId,
    isOwner: membership.isOwner,
    roles: membership.roles,
  };
  if (route.access === 'owner' && !caller.isOwner) throw forbidden();
  if (route.permission && !can(caller, route.permission.module, route.permission.action)) throw forbidden();
  return { caller };
}
