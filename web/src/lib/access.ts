// What a page, menu entry or tile needs (spec section 6), checked with shared/permissions' can().
import { can, type Action, type Module, type Roles } from '#shared/permissions';

export interface Access {
  /** Module whose flag a non-owner needs ('Bookings' and 'Forms' are accepted as in the spec's guard). */
  module?: Module | 'Bookings' | 'Forms';
  /** Defaults to read. */
  action?: Action;
  /** 'only': the owner alone (logs). 'exclude': everyone but the owner (My Appointments). */
  owner?: 'only' | 'exclude';
  /** A second flag the page needs, for pages whose guard and data belong to different modules. */
  also?: Omit<Access, 'also'>;
  /** At least one of these (pages that show each module's part, such as reports). */
  anyOf?: Omit<Access, 'anyOf'>[];
}

export function hasAccess(roles: Roles | undefined | null, access: Access | undefined): boolean {
  if (!access) return true;
  if (!roles) return false;
  if (access.owner === 'only' && !roles.isOwner) return false;
  if (access.owner === 'exclude' && roles.isOwner) return false;
  if (access.module && !can(roles, access.module, access.action ?? 'read')) return false;
  if (access.anyOf && !access.anyOf.some((a) => hasAccess(roles, a))) return false;
  return hasAccess(roles, access.also);
}

/**
 * /lead-generation/* (form packages): the spec ties these pages to the Appointment module (read);
 * the packages themselves are FORMS data, so reading or saving them also needs that flag.
 */
export const leadGeneration = (action: Action): Access => ({ module: 'Appointment', also: { module: 'Forms', action } });

/** Reports show each module's part to those who may read it: any one of them opens the page. */
export const reportsAccess: Access = { anyOf: [{ module: 'Appointment' }, { module: 'Bookings' }, { module: 'Forms' }] };
/** /calendar: appointments or bookings (read); the page shows the kinds the member may read. */
export const calendarAccess: Access = { anyOf: [{ module: 'Appointment' }, { module: 'Bookings' }] };
