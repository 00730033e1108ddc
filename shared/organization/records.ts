// The organization records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { pure } from '../common/schemas';

/** `InviteDetails` (shared/organization/schemas.ts): what POST /users/invite-details shows the person holding the link. */
export const inviteDetailsRecord = /* @__PURE__ */ pure(() => z.object({
  email: z.string(),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  organizationName: z.string(),
  inviterName: z.string(),
  expiresAt: z.string(),
}));

/** `NotificationView` (shared/organization/schemas.ts; functions/notifications/list-notifications.ts). */
export const notificationViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.optional(z.string()),
  read: z.boolean(),
  createdAt: z.string(),
}));

/** `AuditLogView` (shared/organization/schemas.ts; functions/logs/list-logs.ts). */
export const auditLogViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  at: z.string(),
  module: z.string(),
  action: z.enum(['delete', 'create', 'update']),
  recordType: z.string(),
  recordId: z.string(),
  summary: z.string(),
  actorId: z.string(),
  /** The member who did it; null when they have since left the organisation. */
  actor: z.nullable(z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.optional(z.string()),
    lastName: z.optional(z.string()),
  })),
}));

/** `SetupProgress` (shared/reports/schemas.ts; functions/data/setup-progress.ts). */
export const setupProgressRecord = /* @__PURE__ */ pure(() => z.object({
  /** Each step's state ('todo' until it is saved or skipped). */
  steps: z.object({
    organization: z.enum(['done', 'skipped', 'todo']),
    service: z.enum(['done', 'skipped', 'todo']),
    hours: z.enum(['done', 'skipped', 'todo']),
    package: z.enum(['done', 'skipped', 'todo']),
    form: z.enum(['done', 'skipped', 'todo']),
    invite: z.enum(['done', 'skipped', 'todo']),
  }),
  /** When every step was done or skipped (the dashboard stops offering the wizard). */
  completedAt: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
}));
