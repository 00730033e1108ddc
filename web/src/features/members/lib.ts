import { can, type Action, type Module } from '#shared/permissions';
import type { RolesState } from '../../lib/roles';

/** Which flags the signed-in member may hand out: the owner any, others only their own. */
export const grantable = (roles: Pick<RolesState, 'roles' | 'isOwner'>) => (module: Module, action: Action) => can(roles, module, action);
