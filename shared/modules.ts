// The console's modules and what a permission allows in each. Constants with no imports, so the schemas
// (shared/<domain>/records.ts) and the permission rules (./permissions.ts) can both lean on them.
export const MODULES = ['Appointment', 'Members', 'Notifications', 'FORMS', 'BOOKING_PACKAGES'] as const;
export type Module = (typeof MODULES)[number];

export const ACTIONS = ['read', 'write', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
