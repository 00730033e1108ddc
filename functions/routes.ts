// The one route table. The CDK stack makes one Lambda and one API route per row; the local stack
// dispatches HTTP requests to the same handlers from the same rows; the authorisation middleware
// enforces each row's access and permission. Adding an endpoint is one row and one file.
import type { Action, Module } from '#shared/permissions';
import { MAX_UPLOAD_REQUEST_BYTES } from '#shared/uploads';
import type { ChallengePage } from '#shared/challenge';
import type { RateLimit } from './data/rate-limits';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public: anyone (public routes find the tenant through an apiKey, never a token).
 * registration: the short-lived registration token of the sign-up steps, and nothing else.
 * user: a signed-in member of an organisation (access token), further limited by `permission`.
 * owner: the organisation's owner only.
 */
export type Access = 'public' | 'registration' | 'user' | 'owner';

/**
 * What a row's handler touches besides the request. The CDK stack grants its function exactly this
 * and nothing else (infra/constructs/api-function.ts). Both ways are checked: the local stack refuses
 * table writes from `table: 'read'` rows (so the integration tests catch a short declaration), and
 * test/infra/uses.test.ts compares the rest with what each handler's bundle can reach. Required on
 * every row: a new row cannot silently get broad rights.
 */
export interface Uses {
  /**
   * The table. read: items, queries and indexes (never Scan). write: also puts, updates, deletes and
   * transactions, which includes mail and notices written to the outbox, audit entries, and the
   * counters of `rateLimit` rows and the keys of `idempotent` rows (both need 'write').
   */
  table: 'read' | 'write';
  /**
   * The uploads bucket (nothing when absent).
   * public: store and replace files under org/ (pictures, package images; served at /assets).
   * public-delete: delete files under org/, never store one (the mails' logo removed).
   * private-write: store patient documents under private/ (and remove them if the request fails).
   * private-read: hand staff signed links to patient documents under private/.
   * erase: list and delete an organisation's files, public and private (deleting the organisation).
   */
  uploads?: 'public' | 'public-delete' | 'private-write' | 'private-read' | 'erase';
  /** Sends mail itself through SES (one-time codes). Mail through the outbox needs only the table. */
  mail?: true;
  /** Calls Stripe or checks its signatures: reads the payments secret (the Stripe keys). */
  payments?: true;
  /** Sends text messages (SNS). */
  sms?: true;
  /** Issues proof-of-work challenges: reads the challenge key (rows with `challenge` read it too). */
  challenges?: true;
  /**
   * A public row that signs people in: reads the token signing key. Rows with registration, user or
   * owner access verify tokens, so they always read it.
   */
  tokens?: true;
}

export interface Route {
  method: HttpMethod;
  /** Path below /api, with API Gateway style parameters: /appointments/{id}. */
  path: string;
  /** Handler module below functions/, without extension; it exports `handler`. */
  handler: string;
  access: Access;
  /** What the handler touches; the function may do that and nothing more. */
  uses: Uses;
  /** Module flag a non-owner needs. Owners pass every check. */
  permission?: { module: Module; action: Action };
  /** How the body arrives: JSON (default), multipart/form-data, or raw text (signed webhooks). */
  body?: 'json' | 'multipart' | 'raw';
  /** Largest accepted body in bytes; defaults to 100 KB for JSON, 10 MB for multipart. */
  maxBodyBytes?: number;
  /** Requests allowed per client address and window (public writes: guessing, spam, slot hoarding). */
  rateLimit?: RateLimit;
  /**
   * A signed webhook: its signature proves the sender, so it is also taken at the API's own URL, not
   * only through CloudFront (a provider's endpoint set up against that URL keeps working).
   */
  signedWebhook?: true;
  /**
   * A public write that takes an Idempotency-Key: a retry with the same key gets the first answer and
   * writes nothing new (functions/data/idempotency.ts; every write of the handler goes through
   * data/core.ts transact, which guards it by the key's claim).
   */
  idempotent?: true;
  /**
   * A public write that takes a solved proof-of-work challenge of this page (the x-challenge header,
   * checked in functions/http/http.ts before the handler; issue 28). Reads the challenge key.
   */
  challenge?: ChallengePage;
}

const read = (module: Module) => ({ module, action: 'read' as const });
const write = (module: Module) => ({ module, action: 'write' as const });
const remove = (module: Module) => ({ module, action: 'delete' as const });
const perMinutes = (limit: number, minutes: number): RateLimit => ({ limit, windowSeconds: minutes * 60 });

export const ROUTES: readonly Route[] = [
  // Account and sign-up (spec section 4 and 7 "Account and auth")
  { method: 'POST', path: '/users/register-email', handler: 'account/register-email', access: 'public', uses: { table: 'write', mail: true, tokens: true }, rateLimit: perMinutes(20, 60), challenge: 'sign-up' },
  { method: 'POST', path: '/users/verify-email-otp', handler: 'account/verify-email-otp', access: 'public', uses: { table: 'write', tokens: true }, rateLimit: perMinutes(30, 15) },
  { method: 'POST', path: '/users/login', handler: 'account/login', access: 'public', uses: { table: 'write', mail: true, tokens: true }, rateLimit: perMinutes(30, 15) },
  { method: 'POST', path: '/users/password/forgot', handler: 'account/forgot-password', access: 'public', uses: { table: 'write', mail: true }, rateLimit: perMinutes(20, 60) },
  { method: 'POST', path: '/users/password/reset', handler: 'account/reset-password', access: 'public', uses: { table: 'write' }, rateLimit: perMinutes(30, 15) },
  { method: 'POST', path: '/users/add-basic-details', handler: 'account/add-basic-details', access: 'registration', uses: { table: 'write' } },
  { method: 'POST', path: '/users/add-organization', handler: 'account/add-organization', access: 'registration', uses: { table: 'write' } },
  { method: 'GET', path: '/users/profile', handler: 'account/get-profile', access: 'user', uses: { table: 'read' } },
  { method: 'PATCH', path: '/users/profile', handler: 'account/update-profile', access: 'user', uses: { table: 'write' } },
  { method: 'PATCH', path: '/users/password/change', handler: 'account/change-password', access: 'user', uses: { table: 'write' } },
  { method: 'PATCH', path: '/users/profile-picture', handler: 'account/upload-profile-picture', access: 'user', uses: { table: 'write', uploads: 'public' }, body: 'multipart', maxBodyBytes: MAX_UPLOAD_REQUEST_BYTES },
  { method: 'GET', path: '/users/profile-picture', handler: 'account/get-profile-picture', access: 'user', uses: { table: 'read' } },
  { method: 'DELETE', path: '/users', handler: 'account/delete-account', access: 'user', uses: { table: 'write', uploads: 'erase' } },
  { method: 'GET', path: '/users/roles-permissions', handler: 'account/get-roles-permissions', access: 'user', uses: { table: 'read' } },
  // Two-factor sign-in (TOTP), sessions, and the organisation's sign-in security settings. Wrong codes
  // are limited per member (account/lib/two-factor.ts), not per address: a clinic's staff share one.
  { method: 'POST', path: '/users/login/two-factor', handler: 'account/login-two-factor', access: 'public', uses: { table: 'write', tokens: true }, rateLimit: perMinutes(30, 15) },
  { method: 'POST', path: '/users/two-factor/setup', handler: 'account/setup-two-factor', access: 'user', uses: { table: 'write' } },
  { method: 'POST', path: '/users/two-factor/enable', handler: 'account/enable-two-factor', access: 'user', uses: { table: 'write' } },
  { method: 'POST', path: '/users/two-factor/disable', handler: 'account/disable-two-factor', access: 'user', uses: { table: 'write' } },
  { method: 'POST', path: '/users/two-factor/recovery-codes', handler: 'account/regenerate-recovery-codes', access: 'user', uses: { table: 'write' } },
  // Writes: the console calls it to report the member's activity (data/sessions.ts touchSession).
  { method: 'GET', path: '/users/session', handler: 'account/get-session', access: 'user', uses: { table: 'write' } },
  { method: 'GET', path: '/users/sessions', handler: 'account/list-sessions', access: 'user', uses: { table: 'read' } },
  { method: 'DELETE', path: '/users/sessions/{id}', handler: 'account/end-session', access: 'user', uses: { table: 'write' } },
  { method: 'POST', path: '/users/sessions/end-all', handler: 'account/end-all-sessions', access: 'user', uses: { table: 'write' } },
  { method: 'POST', path: '/users/logout', handler: 'account/logout', access: 'user', uses: { table: 'write' } },
  { method: 'GET', path: '/organization/security', handler: 'account/get-security-settings', access: 'owner', uses: { table: 'read' } },
  { method: 'PUT', path: '/organization/security', handler: 'account/update-security-settings', access: 'owner', uses: { table: 'write' } },

  // Dashboard
  { method: 'GET', path: '/dashboard', handler: 'dashboard/get-summary', access: 'user', uses: { table: 'read' } },

  // Organisation, members, notifications, audit logs
  { method: 'GET', path: '/organization/profile', handler: 'organization/get-profile', access: 'user', uses: { table: 'read' } },
  { method: 'PATCH', path: '/organization/profile', handler: 'organization/update-profile', access: 'owner', uses: { table: 'write' } },
  { method: 'POST', path: '/organization/logo', handler: 'organization/upload-logo', access: 'owner', uses: { table: 'write', uploads: 'public' }, body: 'multipart', maxBodyBytes: MAX_UPLOAD_REQUEST_BYTES },
  { method: 'DELETE', path: '/organization/logo', handler: 'organization/remove-logo', access: 'owner', uses: { table: 'write', uploads: 'public-delete' } },
  { method: 'GET', path: '/organization/integration', handler: 'organization/get-integration', access: 'owner', uses: { table: 'read' } },
  { method: 'POST', path: '/organization/generate-integration', handler: 'organization/generate-integration', access: 'owner', uses: { table: 'write' } },
  // Webhooks: signed outbound events to the owner's endpoints (functions/data/webhooks.ts); sent by the outbox worker.
  { method: 'GET', path: '/organization/webhooks', handler: 'webhooks/list-webhooks', access: 'owner', uses: { table: 'read' } },
  { method: 'POST', path: '/organization/webhooks', handler: 'webhooks/create-webhook', access: 'owner', uses: { table: 'write' } },
  { method: 'PUT', path: '/organization/webhooks/{id}', handler: 'webhooks/update-webhook', access: 'owner', uses: { table: 'write' } },
  { method: 'DELETE', path: '/organization/webhooks/{id}', handler: 'webhooks/delete-webhook', access: 'owner', uses: { table: 'write' } },
  { method: 'GET', path: '/organization/webhooks/{id}/deliveries', handler: 'webhooks/list-deliveries', access: 'owner', uses: { table: 'read' } },
  { method: 'POST', path: '/organization/webhooks/{id}/deliveries/{deliveryId}/resend', handler: 'webhooks/resend-delivery', access: 'owner', uses: { table: 'write' } },
  { method: 'GET', path: '/organization/members', handler: 'members/list-members', access: 'user', uses: { table: 'read' }, permission: read('Members') },
  { method: 'GET', path: '/users', handler: 'members/list-users', access: 'user', uses: { table: 'read' }, permission: read('Members') },
  { method: 'GET', path: '/organization/members/{id}', handler: 'members/get-member', access: 'user', uses: { table: 'read' }, permission: read('Members') },
  { method: 'POST', path: '/organization/members/add', handler: 'members/add-member', access: 'user', uses: { table: 'write' }, permission: write('Members') },
  { method: 'POST', path: '/organization/members/update', handler: 'members/update-member', access: 'user', uses: { table: 'write' }, permission: write('Members') },
  { method: 'POST', path: '/organization/members/resend-invite', handler: 'members/resend-invite', access: 'user', uses: { table: 'write' }, permission: write('Members') },
  { method: 'DELETE', path: '/organization/members/{id}', handler: 'members/remove-member', access: 'user', uses: { table: 'write' }, permission: remove('Members') },
  { method: 'POST', path: '/users/invite-details', handler: 'members/invite-details', access: 'public', uses: { table: 'read' } },
  { method: 'POST', path: '/users/accept-invite', handler: 'members/accept-invite', access: 'public', uses: { table: 'write', tokens: true }, rateLimit: perMinutes(30, 15) },
  // A member's own inbox: reading, marking and deleting their notifications all need Notifications read.
  { method: 'GET', path: '/notifications', handler: 'notifications/list-notifications', access: 'user', uses: { table: 'read' }, permission: read('Notifications') },
  { method: 'GET', path: '/notifications/unread-count', handler: 'notifications/unread-count', access: 'user', uses: { table: 'read' }, permission: read('Notifications') },
  { method: 'GET', path: '/notifications/mark-as-read/{id}', handler: 'notifications/mark-as-read', access: 'user', uses: { table: 'write' }, permission: read('Notifications') },
  { method: 'DELETE', path: '/notifications/{id}', handler: 'notifications/delete-notification', access: 'user', uses: { table: 'write' }, permission: read('Notifications') },
  { method: 'GET', path: '/logs', handler: 'logs/list-logs', access: 'owner', uses: { table: 'read' } },
  // (end of organisation rows)

  // Set-up wizard and reports (issue 18: /crafted/pages/wizards/setup and /crafted/widgets/reports).
  // The wizard's steps save through the rows above; these keep its progress per organisation.
  { method: 'GET', path: '/organization/setup', handler: 'organization/get-setup', access: 'owner', uses: { table: 'read' } },
  { method: 'PUT', path: '/organization/setup', handler: 'organization/update-setup', access: 'owner', uses: { table: 'write' } },
  // Figures per week from counters kept on write; each part needs read on its module (checked inside).
  { method: 'GET', path: '/reports', handler: 'reports/get-report', access: 'user', uses: { table: 'read' } },
  // Per practitioner and week: bookings, revenue, booked and working minutes (issue 25).
  { method: 'GET', path: '/reports/practitioners', handler: 'reports/get-practitioner-report', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  // (end of set-up and report rows)

  // Appointments, public appointment requests, services, customers, SMS
  // Appointments (spec 7 "Appointments"). Static paths win over /appointments/{id}.
  { method: 'GET', path: '/appointments', handler: 'appointments/list-appointments', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'POST', path: '/appointments/book-custom', handler: 'appointments/book-appointment', access: 'user', uses: { table: 'write', uploads: 'private-write' }, permission: write('Appointment'), body: 'multipart', maxBodyBytes: 4.25 * 1024 * 1024 },
  { method: 'GET', path: '/appointments/assigned/to/me', handler: 'appointments/list-my-appointments', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'GET', path: '/appointments/export/appointments/to/csv', handler: 'appointments/export-appointments', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'GET', path: '/appointments/appointment-logs', handler: 'appointments/list-appointment-logs', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'POST', path: '/appointments/assign', handler: 'appointments/assign-appointment', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  { method: 'GET', path: '/appointments/assignees', handler: 'appointments/list-assignees', access: 'user', uses: { table: 'read' }, permission: write('Appointment') },
  { method: 'GET', path: '/appointments/{id}', handler: 'appointments/get-appointment', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'GET', path: '/appointments/{id}/attachments/{field}', handler: 'appointments/get-attachment', access: 'user', uses: { table: 'write', uploads: 'private-read' }, permission: read('Appointment') },
  { method: 'PATCH', path: '/appointments/{id}/update-assignee', handler: 'appointments/update-assignee', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  { method: 'GET', path: '/appointments/{id}/remove-assignee', handler: 'appointments/remove-assignee', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  { method: 'PATCH', path: '/appointments/{id}/change-status', handler: 'appointments/change-status', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  // The public appointment request page (room-integration/{apiKey}): tenant from the apiKey only.
  // Bookings: 4.25 MB bodies (BOOKING_MAX_BODY_BYTES): base64 in a Lambda event must stay under 6 MB.
  { method: 'GET', path: '/public/appointments/{apiKey}', handler: 'appointments/get-public-booking-page', access: 'public', uses: { table: 'read' } },
  { method: 'POST', path: '/public/appointments/book-custom', handler: 'appointments/request-appointment', access: 'public', uses: { table: 'write', uploads: 'private-write' }, body: 'multipart', maxBodyBytes: 4.25 * 1024 * 1024, rateLimit: perMinutes(10, 60), idempotent: true, challenge: 'appointment' },
  // Service categories, services, customers, SMS: no module of their own in the spec, so Appointment's flags
  { method: 'GET', path: '/service-categories', handler: 'services/list-categories', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'POST', path: '/service-categories', handler: 'services/create-category', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  { method: 'GET', path: '/service-categories/{id}', handler: 'services/get-category', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'PUT', path: '/service-categories/{id}', handler: 'services/update-category', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  { method: 'DELETE', path: '/service-categories/{id}', handler: 'services/delete-category', access: 'user', uses: { table: 'write' }, permission: remove('Appointment') },
  { method: 'GET', path: '/services', handler: 'services/list-services', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'POST', path: '/services', handler: 'services/create-service', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  { method: 'GET', path: '/services/{id}', handler: 'services/get-service', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'PUT', path: '/services/{id}', handler: 'services/update-service', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  { method: 'DELETE', path: '/services/{id}', handler: 'services/delete-service', access: 'user', uses: { table: 'write' }, permission: remove('Appointment') },
  { method: 'GET', path: '/customers', handler: 'customers/list-customers', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'POST', path: '/customers', handler: 'customers/create-customer', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  { method: 'GET', path: '/customers/{id}', handler: 'customers/get-customer', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'PUT', path: '/customers/{id}', handler: 'customers/update-customer', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  { method: 'DELETE', path: '/customers/{id}', handler: 'customers/delete-customer', access: 'user', uses: { table: 'write' }, permission: remove('Appointment') },
  { method: 'GET', path: '/sms', handler: 'sms/list-sms', access: 'user', uses: { table: 'read' }, permission: read('Appointment') },
  { method: 'POST', path: '/sms', handler: 'sms/send-sms', access: 'user', uses: { table: 'write', sms: true }, permission: write('Appointment') },
  // (end of appointment rows)

  // Payments: Stripe's signed webhook (the same handler also consumes Stripe's EventBridge events)
  { method: 'POST', path: '/payments/stripe/webhook', handler: 'payments/stripe-events', access: 'public', uses: { table: 'write', payments: true }, body: 'raw', maxBodyBytes: 512 * 1024, signedWebhook: true },

  // Forms, form packages, submissions, leads, payments
  // Form builder (spec 7 "Forms and form builder"); field order is array order, so reordering is a PUT.
  { method: 'POST', path: '/form-builder/form', handler: 'forms/create-form', access: 'user', uses: { table: 'write' }, permission: write('FORMS') },
  { method: 'GET', path: '/form-builder/form', handler: 'forms/list-forms', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'GET', path: '/form-builder/form/{id}', handler: 'forms/get-form', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'PUT', path: '/form-builder/form/{id}', handler: 'forms/update-form', access: 'user', uses: { table: 'write' }, permission: write('FORMS') },
  { method: 'DELETE', path: '/form-builder/form/{id}', handler: 'forms/delete-form', access: 'user', uses: { table: 'write' }, permission: remove('FORMS') },
  { method: 'GET', path: '/form-builder/form/{id}/submissions', handler: 'forms/list-form-submissions', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'PUT', path: '/form/{formId}/package', handler: 'forms/link-packages', access: 'user', uses: { table: 'write' }, permission: write('FORMS') },
  // Older entry points on the same data
  { method: 'POST', path: '/forms/create', handler: 'forms/create-form-legacy', access: 'user', uses: { table: 'write' }, permission: write('FORMS') },
  { method: 'GET', path: '/forms/list', handler: 'forms/list-forms', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'POST', path: '/forms/get-leads', handler: 'leads/get-form-leads', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'POST', path: '/forms/get-lead-details', handler: 'leads/get-lead-details', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  // Form packages (pricing tiers); prices in dollars on the wire, cents in the table
  { method: 'GET', path: '/packages', handler: 'form-packages/list-packages', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'GET', path: '/leads/packages', handler: 'form-packages/list-packages', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'POST', path: '/packages', handler: 'form-packages/create-package', access: 'user', uses: { table: 'write' }, permission: write('FORMS') },
  { method: 'GET', path: '/packages/{id}', handler: 'form-packages/get-package', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'PUT', path: '/packages/{id}', handler: 'form-packages/update-package', access: 'user', uses: { table: 'write' }, permission: write('FORMS') },
  { method: 'DELETE', path: '/packages/{id}', handler: 'form-packages/delete-package', access: 'user', uses: { table: 'write' }, permission: remove('FORMS') },
  { method: 'POST', path: '/leads/update-package-image', handler: 'form-packages/upload-package-image', access: 'user', uses: { table: 'write', uploads: 'public' }, permission: write('FORMS'), body: 'multipart', maxBodyBytes: MAX_UPLOAD_REQUEST_BYTES },
  // Public form page (tenant from the apiKey): detail, file upload, submit, card payment link
  { method: 'GET', path: '/leads/forms/{formId}', handler: 'forms/get-public-form', access: 'public', uses: { table: 'read' } },
  { method: 'POST', path: '/leads/forms/{formId}/files', handler: 'forms/upload-form-file', access: 'public', uses: { table: 'write', uploads: 'private-write' }, body: 'multipart', maxBodyBytes: MAX_UPLOAD_REQUEST_BYTES, rateLimit: perMinutes(30, 10), idempotent: true },
  { method: 'POST', path: '/form-builder/form/{id}/submissions', handler: 'forms/submit-form', access: 'public', uses: { table: 'write' }, rateLimit: perMinutes(20, 10), idempotent: true, challenge: 'form' },
  { method: 'POST', path: '/leads/payments/session', handler: 'leads/create-payment-session', access: 'public', uses: { table: 'write', payments: true }, rateLimit: perMinutes(20, 10), idempotent: true },
  // Leads and payment state (staff)
  { method: 'GET', path: '/leads', handler: 'leads/list-leads', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'GET', path: '/leads/{id}', handler: 'leads/get-lead', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'GET', path: '/leads/{id}/files/{fieldId}', handler: 'leads/get-lead-file', access: 'user', uses: { table: 'write', uploads: 'private-read' }, permission: read('FORMS') },
  { method: 'GET', path: '/payment/submission/{id}', handler: 'leads/get-payment', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  { method: 'GET', path: '/leads/payment-submissions/form/{id}', handler: 'leads/list-form-payments', access: 'user', uses: { table: 'read' }, permission: read('FORMS') },
  // (end of form rows)

  // Booking packages, availability, public booking, bookings
  // Booking packages (prices in dollars on the wire, cents in the table; delete is soft)
  { method: 'GET', path: '/bookings/packages', handler: 'booking-packages/list-packages', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'GET', path: '/bookings/get-packages', handler: 'booking-packages/list-packages', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'POST', path: '/bookings/packages', handler: 'booking-packages/create-package', access: 'user', uses: { table: 'write' }, permission: write('BOOKING_PACKAGES') },
  { method: 'GET', path: '/bookings/packages/{id}', handler: 'booking-packages/get-package', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'PUT', path: '/bookings/packages/{id}', handler: 'booking-packages/update-package', access: 'user', uses: { table: 'write' }, permission: write('BOOKING_PACKAGES') },
  { method: 'DELETE', path: '/bookings/packages/{id}', handler: 'booking-packages/delete-package', access: 'user', uses: { table: 'write' }, permission: remove('BOOKING_PACKAGES') },
  // When the clinic takes bookings (weekly hours, slot length, capacity, closed dates) in its time zone
  { method: 'GET', path: '/bookings/availability', handler: 'availability/get-availability', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'PUT', path: '/bookings/availability', handler: 'availability/update-availability', access: 'user', uses: { table: 'write' }, permission: write('BOOKING_PACKAGES') },
  { method: 'GET', path: '/bookings/free-times', handler: 'availability/list-free-times', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  // Practitioners (issue 25, docs/practitioners.md): clinicians with their own hours, offering packages
  { method: 'GET', path: '/practitioners', handler: 'practitioners/list-practitioners', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'POST', path: '/practitioners', handler: 'practitioners/create-practitioner', access: 'user', uses: { table: 'write' }, permission: write('BOOKING_PACKAGES') },
  { method: 'GET', path: '/practitioners/{id}', handler: 'practitioners/get-practitioner', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'PUT', path: '/practitioners/{id}', handler: 'practitioners/update-practitioner', access: 'user', uses: { table: 'write' }, permission: write('BOOKING_PACKAGES') },
  { method: 'DELETE', path: '/practitioners/{id}', handler: 'practitioners/delete-practitioner', access: 'user', uses: { table: 'write' }, permission: remove('BOOKING_PACKAGES') },
  // Public booking page (tenant from the apiKey): packages, free times, hold + Stripe Checkout
  // The proof-of-work challenge the public writes above and below ask for (issue 28): harder when the page is busy.
  { method: 'GET', path: '/public/challenge', handler: 'challenges/get-challenge', access: 'public', uses: { table: 'write', challenges: true }, rateLimit: perMinutes(60, 10) },
  { method: 'POST', path: '/bookings/available-packages', handler: 'booking-packages/list-available-packages', access: 'public', uses: { table: 'read' } },
  { method: 'POST', path: '/bookings/available-slots', handler: 'availability/list-available-slots', access: 'public', uses: { table: 'read' } },
  { method: 'POST', path: '/bookings/available-days', handler: 'availability/list-available-days', access: 'public', uses: { table: 'read' } },
  { method: 'POST', path: '/bookings/create-booking', handler: 'bookings/create-booking', access: 'public', uses: { table: 'write', payments: true }, rateLimit: perMinutes(6, 30), idempotent: true, challenge: 'booking' },
  // The patient gives their unpaid hold back (Checkout cancelled, another time chosen): its session expired at Stripe.
  { method: 'POST', path: '/bookings/release-hold', handler: 'bookings/release-hold', access: 'public', uses: { table: 'write', payments: true }, rateLimit: perMinutes(20, 10) },
  // Bookings (staff); confirmed only by Stripe's payment event (domain/bookings/payment-consumer.ts)
  { method: 'GET', path: '/bookings/bookings/list/all', handler: 'bookings/list-bookings', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'GET', path: '/bookings', handler: 'bookings/list-bookings', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'GET', path: '/bookings/booking/{id}', handler: 'bookings/get-booking', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'POST', path: '/bookings/booking/{id}/cancel', handler: 'bookings/cancel-booking', access: 'user', uses: { table: 'write', payments: true }, permission: write('BOOKING_PACKAGES') },
  // (end of booking rows)

  // Calendar: appointments and bookings by time, and moving them (issue 13). The read needs Appointment
  // or BOOKING_PACKAGES read and shows what the member may read (checked in the handler); each move
  // needs write on its own module.
  { method: 'GET', path: '/calendar', handler: 'calendar/list-calendar', access: 'user', uses: { table: 'read' } },
  // A move may release a lapsed hold in its way, which expires that hold's Checkout Session at Stripe.
  { method: 'POST', path: '/bookings/booking/{id}/move', handler: 'bookings/move-booking', access: 'user', uses: { table: 'write', payments: true }, permission: write('BOOKING_PACKAGES') },
  { method: 'PATCH', path: '/appointments/{id}/reschedule', handler: 'appointments/reschedule-appointment', access: 'user', uses: { table: 'write' }, permission: write('Appointment') },
  // Calendar feeds (issue 25): private, revocable ICS subscription URLs per practitioner or for the
  // clinic. The feed itself is public: its unguessable token (stored hashed) is the credential.
  { method: 'GET', path: '/calendar/feeds', handler: 'calendar/list-feeds', access: 'user', uses: { table: 'read' }, permission: read('BOOKING_PACKAGES') },
  { method: 'POST', path: '/calendar/feeds', handler: 'calendar/create-feed', access: 'user', uses: { table: 'write' }, permission: write('BOOKING_PACKAGES') },
  { method: 'DELETE', path: '/calendar/feeds/{id}', handler: 'calendar/revoke-feed', access: 'user', uses: { table: 'write' }, permission: write('BOOKING_PACKAGES') },
  // Polled by calendar apps (Google's fetchers share addresses among many users: a generous limit).
  { method: 'GET', path: '/calendar/feed/{token}', handler: 'calendar/get-feed', access: 'public', uses: { table: 'write' }, rateLimit: perMinutes(120, 10) },
  // (end of calendar rows)

  // Patient self-service (issue 13): the manage link's page. The token (in the body, never a URL) finds
  // the one booking it opens; every call is rate limited per address although a token cannot be guessed.
  { method: 'POST', path: '/public/manage/booking', handler: 'manage/get-booking', access: 'public', uses: { table: 'write' }, rateLimit: perMinutes(60, 10) },
  { method: 'POST', path: '/public/manage/slots', handler: 'manage/list-slots', access: 'public', uses: { table: 'write' }, rateLimit: perMinutes(120, 10) },
  { method: 'POST', path: '/public/manage/days', handler: 'manage/list-days', access: 'public', uses: { table: 'write' }, rateLimit: perMinutes(120, 10) },
  { method: 'POST', path: '/public/manage/cancel', handler: 'manage/cancel-booking', access: 'public', uses: { table: 'write' }, rateLimit: perMinutes(20, 10) },
  { method: 'POST', path: '/public/manage/reschedule', handler: 'manage/reschedule-booking', access: 'public', uses: { table: 'write', payments: true }, rateLimit: perMinutes(20, 10) },
  // The booking page's confirmation after paying: the Checkout session's booking, with a new manage link
  // (a token is written) once confirmed; the session is read back from Stripe.
  { method: 'POST', path: '/bookings/confirmation', handler: 'bookings/get-confirmation', access: 'public', uses: { table: 'write', payments: true }, rateLimit: perMinutes(60, 10) },
  // (end of self-service rows)
];

/** Handlers that are no HTTP route: they consume events (both stacks run them). */
export const WORKERS = {
  /** The outbox worker: the table's stream and a sweep every minute (functions/outbox/deliver.ts). */
  outbox: 'outbox/deliver',
  /** The reminders due and the lapsed holds, every minute (functions/outbox/sweeps.ts). */
  sweeps: 'outbox/sweeps',
  /** SES bounce and complaint events from SNS: the suppression list (functions/outbox/mail-events.ts). */
  mailEvents: 'outbox/mail-events',
} as const;

/** `METHOD /path` as API Gateway names a route (without the /api prefix). */
export const routeKey = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

const byKey = new Map(ROUTES.map((r) => [routeKey(r), r]));

/** The row for an API Gateway routeKey such as `POST /api/users/login`. */
export function findRoute(key: string): Route | undefined {
  const [method, path = ''] = key.split(' ');
  return byKey.get(`${method} ${path.replace(/^\/api(?=\/)/, '')}`);
}
