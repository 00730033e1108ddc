// Rules of member management that the route table cannot express.
import { ACTIONS, type PermissionEntry } from '#shared/permissions';
import type { Caller } from '#http/authorise';
import { forbidden } from '#lib/errors';

/**
 * A member who is not the owner may only hand out, or take away, flags they hold themselves: they cannot
 * grant what they lack, and cannot touch a flag outside their own reach either. The owner may change any.
 */
export function assertMayChange(caller: Caller, before: readonly PermissionEntry[], after: readonly PermissionEntry[]): void {
  if (caller.isOwner) return;
  for (const entry of after) {
    const previous = before.find((b) => b.module === entry.module);
    const own = caller.roles.find((r) => r.module === entry.module);
    for (const action of ACTIONS) {
      const was = previous?.[action] === true;
      if (entry[action] === was || own?.[action] === true) continue;
      throw forbidden(
        entry[action]
          ? `You cannot grant permissions you do not have yourself (${entry.module} ${action}).`
          : `You cannot remove permissions you do not have yourself (${entry.module} ${action}).`,
      );
    }
  }
}

/** 'Members read, write; FORMS read' — for audit summaries and notices. */
export function describeRoles(roles: readonly PermissionEntry[]): string {
  const parts = roles
    .map((r) => ({ module: r.module, actions: ACTIONS.filter((a) => r[a]) }))
    .filter((r) => r.actions.length)
    .map((r) => `${r.module} ${r.actions.join(', ')}`);
  return parts.length ? parts.join('; ') : 'no access';
}

export const sameRoles = (a: readonly PermissionEntry[], b: readonly PermissionEntry[]) => describeRoles(a) === describeRoles(b);

export const displayName = (p: { firstName?: string; lastName?: string; email: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email;
