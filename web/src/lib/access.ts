// What a page, menu entry or tile needs (spec section 6), checked with shared/permissions' can().
import { can, type Action, type Module, type Roles } from '#shared/permissions';

export interface Access {
  /** Module whose flag a non-owner needs ('Bookings' and 'Forms' are accepted as in the spec's guard). */
  module?: Module | 'Bookings' | 'Forms';
  /** Defaults to read. */
  action?: Action;
  /** 'only': the owner alone (logs). 'exclude': everyone but the owner (My Appointments). */
  owner?: 'only' | 'exclude';
}

export function hasAccess(roles: Roles | undefined | null, access: Access | undefined): boolean {
  if (!access) return true;
  if (!roles) return false;
  if (access.owner === 'only' && !roles.isOwner) return false;
  if (access.owner === 'exclude' && roles.isOwner) return false;
  return access.module ? can(roles, access.module, access.action ?? 'read') : true;
}
