// Permission rules shared by the console (guards, menus) and the API (one authorisation middleware).
import type * as z from 'zod/mini';
import { MODULES, type Action, type Module } from './modules';
import type { permissionEntryRecord } from './common/records';

export { ACTIONS, MODULES, type Action, type Module } from './modules';

/** One module's rights (the type of permissionEntryRecord, shared/<domain>/records.ts: imported as a type only). */
export type PermissionEntry = z.output<typeof permissionEntryRecord>;

export interface Roles {
  roles: PermissionEntry[];
  isOwner: boolean;
}

/** The route guard of the spec also names Bookings and Forms; they are these modules. */
const MODULE_ALIASES: Record<string, Module> = { Bookings: 'BOOKING_PACKAGES', Forms: 'FORMS' };

export function normaliseModule(name: string): Module | undefined {
  if ((MODULES as readonly string[]).includes(name)) return name as Module;
  return MODULE_ALIASES[name];
}

/** True for the owner; otherwise the flag of the matching module entry. A missing entry means no access. */
/** `module`: a Module, or a route guard's alias of one (MODULE_ALIASES). */
export function can(roles: Roles | undefined | null, module: string, action: Action): boolean {
  if (!roles) return false;
  if (roles.isOwner) return true;
  const wanted = normaliseModule(module);
  const entry = roles.roles.find((r) => r.module === wanted);
  return entry ? entry[action] === true : false;
}

/** Every module with every flag off: the starting point for a new member. */
export function noPermissions(): PermissionEntry[] {
  return MODULES.map((module) => ({ module, read: false, write: false, delete: false }));
}

/** The owner's entries: every flag on. */
export function allPermissions(): PermissionEntry[] {
  return MODULES.map((module) => ({ module, read: true, write: true, delete: true }));
}

/**
 * Patients (issue 36) ride on the Appointment module's flags, as the spec's customers and leads do
 * (the spec's module list stays as it is): read opens the list, a patient's record and their export;
 * write adds notes; delete merges two records and erases a patient (both remove personal data for good).
 */
export const PATIENT_ACCESS = {
  read: { module: 'Appointment', action: 'read' },
  note: { module: 'Appointment', action: 'write' },
  merge: { module: 'Appointment', action: 'delete' },
  erase: { module: 'Appointment', action: 'delete' },
} as const satisfies Record<string, { module: Module; action: Action }>;
