// The route table. The CDK stack makes one Lambda and one API route per row; the local stack
// dispatches HTTP requests to the same handlers from the same rows; the authorisation middleware
// enforces each row's access and permission. An operation is written once: its method, path, access,
// permission and schemas are its entry in shared/api-contract.ts (what clients and the API document
// read); this file adds, under the same 'METHOD /path' key, only what the server knows (handler,
// `uses`, body kind, limits). Its type takes every operation of the contract and nothing else, so a
// missing or extra key does not compile.
import { API_CONTRACT, type Access, type Operation, type OperationEntry } from '#shared/api-contract';
import type { Action, Module } from '#shared/permissions';
import { MAX_UPLOAD_REQUEST_BYTES } from '#shared/uploads';
import type { ChallengePage } from '#shared/challenge/challenge';
import type { RateLimit } from './data/rate-limits';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type { Access } from '#shared/api-contract';

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
   * private-delete: delete patient documents under private/, never store one (a patient erased).
   * erase: list and delete an organisation's files, public and private (deleting the organisation).
   */
  uploads?: 'public' | 'public-delete' | 'private-write' | 'private-read' | 'private-delete' | 'erase';
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

/** A row: the operation's contract entry (method, path, access, permission) and its ServerRoute. */
export interface Route extends ServerRoute {
  method: HttpMethod;
  /** Path below /api, with API Gateway style parameters: /appointments/{id}. */
  path: string;
  access: Access;
  /** Module flag a non-owner needs. Owners pass every check. */
  permission?: { module: Module; action: Action };
}

/** What only the server knows of an operation. */
export interface ServerRoute {
  /** Handler module below functions/, without extension; it exports `handler`. */
  handler: string;
  /** What the handler touches; the function may do that and nothing more. */
  uses: Uses;
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

const perMinutes = (limit: number, minutes: number): RateLimit => ({ limit, windowSeconds: minutes * 60 });

/** Every operation of the contract, and nothing else: a missing or an extra key is a tsc error. */
export type ServerRoutes = { [K in Operation]: ServerRoute };

// Keyed by the contract's operations, in the order the local stack matches them (static paths first).
const SERVER_ROUTES: ServerRoutes = {
  // Account and sign-up (spec section 4 and 7 "Account and auth")
  'POST /users/register-email': { handler: 'account/register-email', uses: { table: 'write', mail: true, tokens: true }, rateLimit: perMinutes(20, 60), challenge: 'sign-up' },
  'POST /users/verify-email-otp': { handler: 'account/verify-email-otp', uses: { table: 'write', tokens: true }, rateLimit: perMinutes(30, 15) },
  'POST /users/login': { handler: 'account/login', uses: { table: 'write', mail: true, tokens: true }, rateLimit: perMinutes(30, 15) },
  'POST /users/password/forgot': { handler: 'account/forgot-password', uses: { table: 'write', mail: true }, rateLimit: perMinutes(20, 60) },
  'POST /users/password/reset': { handler: 'account/reset-password', uses: { table: 'write' }, rateLimit: perMinutes(30, 15) },
  'POST /users/add-basic-details': { handler: 'account/add-basic-details', uses: { table: 'write' } },
  'POST /users/add-organization': { handler: 'account/add-organization', uses: { table: 'write' } },
  'GET /users/profile': { handler: 'account/get-profile', uses: { table: 'read' } },
  'PATCH /users/profile': { handler: 'account/update-profile', uses: { table: 'write' } },
  'PATCH /users/password/change': { handler: 'account/change-password', uses: { table: 'write' } },
  'PATCH /users/profile-picture': { handler: 'account/upload-profile-picture', uses: { table: 'write', uploads: 'public' }, body: 'multipart', maxBodyBytes: MAX_UPLOAD_REQUEST_BYTES },
  'GET /users/profile-picture': { handler: 'account/get-profile-picture', uses: { table: 'read' } },
  'DELETE /users': { handler: 'account/delete-account', uses: { table: 'write', uploads: 'erase' } },
  'GET /users/roles-permissions': { handler: 'account/get-roles-permissions', uses: { table: 'read' } },
  // Two-factor sign-in (TOTP), sessions, and the organisation's sign-in security settings. Wrong codes
  // are limited per member (account/lib/two-factor.ts), not per address: a clinic's staff share one.
  'POST /users/login/two-factor': { handler: 'account/login-two-factor', uses: { table: 'write', tokens: true }, rateLimit: perMinutes(30, 15) },
  'POST /users/two-factor/setup': { handler: 'account/setup-two-factor', uses: { table: 'write' } },
  'POST /users/two-factor/enable': { handler: 'account/enable-two-factor', uses: { table: 'write' } },
  'POST /users/two-factor/disable': { handler: 'account/disable-two-factor', uses: { table: 'write' } },
  'POST /users/two-factor/recovery-codes': { handler: 'account/regenerate-recovery-codes', uses: { table: 'write' } },
  // Writes: the console calls it to report the member's activity (data/sessions.ts touchSession).
  'GET /users/session': { handler: 'account/get-session', uses: { table: 'write' } },
  'GET /users/sessions': { handler: 'account/list-sessions', uses: { table: 'read' } },
  'DELETE /users/sessions/{id}': { handler: 'account/end-session', uses: { table: 'write' } },
  'POST /users/sessions/end-all': { handler: 'account/end-all-sessions', uses: { table: 'write' } },
  'POST /users/logout': { handler: 'account/logout', uses: { table: 'write' } },
  'GET /organization/security': { handler: 'account/get-security-settings', uses: { table: 'read' } },
  'PUT /organization/security': { handler: 'account/update-security-settings', uses: { table: 'write' } },

  // Dashboard
  'GET /dashboard': { handler: 'dashboard/get-summary', uses: { table: 'read' } },

  // Organisation, members, notifications, audit logs
  'GET /organization/profile': { handler: 'organization/get-profile', uses: { table: 'read' } },
  'PATCH /organization/profile': { handler: 'organization/update-profile', uses: { table: 'write' } },
  'GET /organization/currency-move': { handler: 'organization/get-currency-move', uses: { table: 'read' } },
  'POST /organization/currency-move': { handler: 'organization/move-currency', uses: { table: 'write' } },
  'POST /organization/logo': { handler: 'organization/upload-logo', uses: { table: 'write', uploads: 'public' }, body: 'multipart', maxBodyBytes: MAX_UPLOAD_REQUEST_BYTES },
  'DELETE /organization/logo': { handler: 'organization/remove-logo', uses: { table: 'write', uploads: 'public-delete' } },
  'GET /organization/integration': { handler: 'organization/get-integration', uses: { table: 'read' } },
  'POST /organization/generate-integration': { handler: 'organization/generate-integration', uses: { table: 'write' } },
  // Webhooks: signed outbound events to the owner's endpoints (functions/data/webhooks.ts); sent by the outbox worker.
  'GET /organization/webhooks': { handler: 'webhooks/list-webhooks', uses: { table: 'read' } },
  'POST /organization/webhooks': { handler: 'webhooks/create-webhook', uses: { table: 'write' } },
  'PUT /organization/webhooks/{id}': { handler: 'webhooks/update-webhook', uses: { table: 'write' } },
  'DELETE /organization/webhooks/{id}': { handler: 'webhooks/delete-webhook', uses: { table: 'write' } },
  'GET /organization/webhooks/{id}/deliveries': { handler: 'webhooks/list-deliveries', uses: { table: 'read' } },
  'POST /organization/webhooks/{id}/deliveries/{deliveryId}/resend': { handler: 'webhooks/resend-delivery', uses: { table: 'write' } },
  'GET /organization/members': { handler: 'members/list-members', uses: { table: 'read' } },
  'GET /users': { handler: 'members/list-users', uses: { table: 'read' } },
  'GET /organization/members/{id}': { handler: 'members/get-member', uses: { table: 'read' } },
  'POST /organization/members/add': { handler: 'members/add-member', uses: { table: 'write' } },
  'POST /organization/members/update': { handler: 'members/update-member', uses: { table: 'write' } },
  'POST /organization/members/resend-invite': { handler: 'members/resend-invite', uses: { table: 'write' } },
  'DELETE /organization/members/{id}': { handler: 'members/remove-member', uses: { table: 'write' } },
  'POST /users/invite-details': { handler: 'members/invite-details', uses: { table: 'read' } },
  'POST /users/accept-invite': { handler: 'members/accept-invite', uses: { table: 'write', tokens: true }, rateLimit: perMinutes(30, 15) },
  // A member's own inbox: reading, marking and deleting their notifications all need Notifications read.
  'GET /notifications': { handler: 'notifications/list-notifications', uses: { table: 'read' } },
  'GET /notifications/unread-count': { handler: 'notifications/unread-count', uses: { table: 'read' } },
  'GET /notifications/mark-as-read/{id}': { handler: 'notifications/mark-as-read', uses: { table: 'write' } },
  'DELETE /notifications/{id}': { handler: 'notifications/delete-notification', uses: { table: 'write' } },
  'GET /logs': { handler: 'logs/list-logs', uses: { table: 'read' } },
  // (end of organisation rows)

  // Set-up wizard and reports (issue 18: /crafted/pages/wizards/setup and /crafted/widgets/reports).
  // The wizard's steps save through the rows above; these keep its progress per organisation.
  'GET /organization/setup': { handler: 'organization/get-setup', uses: { table: 'read' } },
  'PUT /organization/setup': { handler: 'organization/update-setup', uses: { table: 'write' } },
  // Figures per week from counters kept on write; each part needs read on its module (checked inside).
  'GET /reports': { handler: 'reports/get-report', uses: { table: 'read' } },
  // Per practitioner and week: bookings, revenue, booked and working minutes (issue 25).
  'GET /reports/practitioners': { handler: 'reports/get-practitioner-report', uses: { table: 'read' } },
  'GET /reports/collections': { handler: 'reports/get-collections-report', uses: { table: 'read' } },
  // (end of set-up and report rows)

  // Appointments, public appointment requests, services, customers, SMS
  // Appointments (spec 7 "Appointments"). Static paths win over /appointments/{id}.
  'GET /appointments': { handler: 'appointments/list-appointments', uses: { table: 'read' } },
  'POST /appointments/book-custom': { handler: 'appointments/book-appointment', uses: { table: 'write', uploads: 'private-write' }, body: 'multipart', maxBodyBytes: 4.25 * 1024 * 1024 },
  'GET /appointments/assigned/to/me': { handler: 'appointments/list-my-appointments', uses: { table: 'read' } },
  'GET /appointments/export/appointments/to/csv': { handler: 'appointments/export-appointments', uses: { table: 'read' } },
  'GET /appointments/appointment-logs': { handler: 'appointments/list-appointment-logs', uses: { table: 'read' } },
  'POST /appointments/assign': { handler: 'appointments/assign-appointment', uses: { table: 'write' } },
  'GET /appointments/assignees': { handler: 'appointments/list-assignees', uses: { table: 'read' } },
  'GET /appointments/{id}': { handler: 'appointments/get-appointment', uses: { table: 'read' } },
  'GET /appointments/{id}/attachments/{field}': { handler: 'appointments/get-attachment', uses: { table: 'write', uploads: 'private-read' } },
  'PATCH /appointments/{id}/update-assignee': { handler: 'appointments/update-assignee', uses: { table: 'write' } },
  'GET /appointments/{id}/remove-assignee': { handler: 'appointments/remove-assignee', uses: { table: 'write' } },
  'PATCH /appointments/{id}/change-status': { handler: 'appointments/change-status', uses: { table: 'write' } },
  // The public appointment request page (room-integration/{apiKey}): tenant from the apiKey only.
  // Bookings: 4.25 MB bodies (BOOKING_MAX_BODY_BYTES): base64 in a Lambda event must stay under 6 MB.
  'GET /public/appointments/{apiKey}': { handler: 'appointments/get-public-booking-page', uses: { table: 'read' } },
  'POST /public/appointments/book-custom': { handler: 'appointments/request-appointment', uses: { table: 'write', uploads: 'private-write' }, body: 'multipart', maxBodyBytes: 4.25 * 1024 * 1024, rateLimit: perMinutes(10, 60), idempotent: true, challenge: 'appointment' },
  // Service categories, services, customers, SMS: no module of their own in the spec, so Appointment's flags
  'GET /service-categories': { handler: 'services/list-categories', uses: { table: 'read' } },
  'POST /service-categories': { handler: 'services/create-category', uses: { table: 'write' } },
  'GET /service-categories/{id}': { handler: 'services/get-category', uses: { table: 'read' } },
  'PUT /service-categories/{id}': { handler: 'services/update-category', uses: { table: 'write' } },
  'DELETE /service-categories/{id}': { handler: 'services/delete-category', uses: { table: 'write' } },
  'GET /services': { handler: 'services/list-services', uses: { table: 'read' } },
  'POST /services': { handler: 'services/create-service', uses: { table: 'write' } },
  'GET /services/{id}': { handler: 'services/get-service', uses: { table: 'read' } },
  'PUT /services/{id}': { handler: 'services/update-service', uses: { table: 'write' } },
  'DELETE /services/{id}': { handler: 'services/delete-service', uses: { table: 'write' } },
  'GET /customers': { handler: 'customers/list-customers', uses: { table: 'read' } },
  'POST /customers': { handler: 'customers/create-customer', uses: { table: 'write' } },
  'GET /customers/{id}': { handler: 'customers/get-customer', uses: { table: 'read' } },
  'PUT /customers/{id}': { handler: 'customers/update-customer', uses: { table: 'write' } },
  'DELETE /customers/{id}': { handler: 'customers/delete-customer', uses: { table: 'write' } },
  // Patients (issue 36): the customers as one record each; Appointment's flags (shared/permissions.ts PATIENT_ACCESS).
  'GET /patients': { handler: 'patients/list-patients', uses: { table: 'read' } },
  'GET /patients/{id}': { handler: 'patients/get-patient', uses: { table: 'read' } },
  'GET /patients/{id}/items': { handler: 'patients/list-patient-items', uses: { table: 'read' } },
  'POST /patients/{id}/notes': { handler: 'patients/add-patient-note', uses: { table: 'write' }, idempotent: true },
  'POST /patients/{id}/merge': { handler: 'patients/merge-patients', uses: { table: 'write' } },
  // Signed links to the patient's files; each export is written in the audit log.
  'GET /patients/{id}/export': { handler: 'patients/export-patient', uses: { table: 'write', uploads: 'private-read' } },
  'POST /patients/{id}/erase': { handler: 'patients/erase-patient', uses: { table: 'write', uploads: 'private-delete', payments: true } },
  'GET /sms': { handler: 'sms/list-sms', uses: { table: 'read' } },
  'POST /sms': { handler: 'sms/send-sms', uses: { table: 'write', sms: true } },
  // (end of appointment rows)

  // Payments: Stripe's signed webhook (the same handler also consumes Stripe's EventBridge events)
  'POST /payments/stripe/webhook': { handler: 'payments/stripe-events', uses: { table: 'write', payments: true }, body: 'raw', maxBodyBytes: 512 * 1024, signedWebhook: true },

  // Forms, form packages, submissions, leads, payments
  // Form builder (spec 7 "Forms and form builder"); field order is array order, so reordering is a PUT.
  'POST /form-builder/form': { handler: 'forms/create-form', uses: { table: 'write' } },
  'GET /form-builder/form': { handler: 'forms/list-forms', uses: { table: 'read' } },
  'GET /form-builder/form/{id}': { handler: 'forms/get-form', uses: { table: 'read' } },
  'PUT /form-builder/form/{id}': { handler: 'forms/update-form', uses: { table: 'write' } },
  'DELETE /form-builder/form/{id}': { handler: 'forms/delete-form', uses: { table: 'write' } },
  'GET /form-builder/form/{id}/submissions': { handler: 'forms/list-form-submissions', uses: { table: 'read' } },
  'PUT /form/{formId}/package': { handler: 'forms/link-packages', uses: { table: 'write' } },
  // Older entry points on the same data
  'POST /forms/create': { handler: 'forms/create-form-legacy', uses: { table: 'write' } },
  'GET /forms/list': { handler: 'forms/list-forms', uses: { table: 'read' } },
  'POST /forms/get-leads': { handler: 'leads/get-form-leads', uses: { table: 'read' } },
  'POST /forms/get-lead-details': { handler: 'leads/get-lead-details', uses: { table: 'read' } },
  // Form packages (pricing tiers); prices in dollars on the wire, cents in the table
  'GET /packages': { handler: 'form-packages/list-packages', uses: { table: 'read' } },
  'GET /leads/packages': { handler: 'form-packages/list-packages', uses: { table: 'read' } },
  'POST /packages': { handler: 'form-packages/create-package', uses: { table: 'write' } },
  'GET /packages/{id}': { handler: 'form-packages/get-package', uses: { table: 'read' } },
  'PUT /packages/{id}': { handler: 'form-packages/update-package', uses: { table: 'write' } },
  'DELETE /packages/{id}': { handler: 'form-packages/delete-package', uses: { table: 'write' } },
  'POST /leads/update-package-image': { handler: 'form-packages/upload-package-image', uses: { table: 'write', uploads: 'public' }, body: 'multipart', maxBodyBytes: MAX_UPLOAD_REQUEST_BYTES },
  // Public form page (tenant from the apiKey): detail, file upload, submit, card payment link
  'GET /leads/forms/{formId}': { handler: 'forms/get-public-form', uses: { table: 'read' } },
  'POST /leads/forms/{formId}/files': { handler: 'forms/upload-form-file', uses: { table: 'write', uploads: 'private-write' }, body: 'multipart', maxBodyBytes: MAX_UPLOAD_REQUEST_BYTES, rateLimit: perMinutes(30, 10), idempotent: true },
  'POST /form-builder/form/{id}/submissions': { handler: 'forms/submit-form', uses: { table: 'write' }, rateLimit: perMinutes(20, 10), idempotent: true, challenge: 'form' },
  'POST /leads/payments/session': { handler: 'leads/create-payment-session', uses: { table: 'write', payments: true }, rateLimit: perMinutes(20, 10), idempotent: true },
  // Leads and payment state (staff)
  'GET /leads': { handler: 'leads/list-leads', uses: { table: 'read' } },
  'GET /leads/{id}': { handler: 'leads/get-lead', uses: { table: 'read' } },
  'GET /leads/{id}/files/{fieldId}': { handler: 'leads/get-lead-file', uses: { table: 'write', uploads: 'private-read' } },
  'GET /payment/submission/{id}': { handler: 'leads/get-payment', uses: { table: 'read' } },
  'GET /leads/payment-submissions/form/{id}': { handler: 'leads/list-form-payments', uses: { table: 'read' } },
  // (end of form rows)

  // Booking packages, availability, public booking, bookings
  // Booking packages (prices in dollars on the wire, cents in the table; delete is soft)
  'GET /bookings/packages': { handler: 'booking-packages/list-packages', uses: { table: 'read' } },
  'GET /bookings/get-packages': { handler: 'booking-packages/list-packages', uses: { table: 'read' } },
  'POST /bookings/packages': { handler: 'booking-packages/create-package', uses: { table: 'write' } },
  'GET /bookings/packages/{id}': { handler: 'booking-packages/get-package', uses: { table: 'read' } },
  'PUT /bookings/packages/{id}': { handler: 'booking-packages/update-package', uses: { table: 'write' } },
  'DELETE /bookings/packages/{id}': { handler: 'booking-packages/delete-package', uses: { table: 'write' } },
  // When the clinic takes bookings (weekly hours, slot length, capacity, closed dates) in its time zone
  'GET /bookings/availability': { handler: 'availability/get-availability', uses: { table: 'read' } },
  'PUT /bookings/availability': { handler: 'availability/update-availability', uses: { table: 'write' } },
  'GET /bookings/free-times': { handler: 'availability/list-free-times', uses: { table: 'read' } },
  // Practitioners (issue 25, docs/practitioners.md): clinicians with their own hours, offering packages
  'GET /practitioners': { handler: 'practitioners/list-practitioners', uses: { table: 'read' } },
  'POST /practitioners': { handler: 'practitioners/create-practitioner', uses: { table: 'write' } },
  'GET /practitioners/{id}': { handler: 'practitioners/get-practitioner', uses: { table: 'read' } },
  'PUT /practitioners/{id}': { handler: 'practitioners/update-practitioner', uses: { table: 'write' } },
  'DELETE /practitioners/{id}': { handler: 'practitioners/delete-practitioner', uses: { table: 'write' } },
  // Public booking page (tenant from the apiKey): packages, free times, hold + Stripe Checkout
  // The proof-of-work challenge the public writes above and below ask for (issue 28): harder when the page is busy.
  'GET /public/challenge': { handler: 'challenges/get-challenge', uses: { table: 'write', challenges: true }, rateLimit: perMinutes(60, 10) },
  'POST /bookings/available-packages': { handler: 'booking-packages/list-available-packages', uses: { table: 'read' } },
  'POST /bookings/available-slots': { handler: 'availability/list-available-slots', uses: { table: 'read' } },
  'POST /bookings/available-days': { handler: 'availability/list-available-days', uses: { table: 'read' } },
  'POST /bookings/create-booking': { handler: 'bookings/create-booking', uses: { table: 'write', payments: true }, rateLimit: perMinutes(6, 30), idempotent: true, challenge: 'booking' },
  // A patient's series (issue 37.1): its visits checked (conflicts with alternatives), then held together and paid as the package says.
  'POST /bookings/preview-patient-series': { handler: 'bookings/preview-patient-series', uses: { table: 'write' }, rateLimit: perMinutes(30, 10) },
  'POST /bookings/create-patient-series': { handler: 'bookings/create-patient-series', uses: { table: 'write', payments: true }, rateLimit: perMinutes(6, 30), idempotent: true, challenge: 'booking' },
  // The patient gives their unpaid hold back (Checkout cancelled, another time chosen): its session expired at Stripe.
  'POST /bookings/release-hold': { handler: 'bookings/release-hold', uses: { table: 'write', payments: true }, rateLimit: perMinutes(20, 10) },
  // Bookings (staff); confirmed only by Stripe's payment event (domain/bookings/payment-consumer.ts)
  'GET /bookings/bookings/list/all': { handler: 'bookings/list-bookings', uses: { table: 'read' } },
  'GET /bookings': { handler: 'bookings/list-bookings', uses: { table: 'read' } },
  'GET /bookings/booking/{id}': { handler: 'bookings/get-booking', uses: { table: 'read' } },
  'POST /bookings/booking/{id}/cancel': { handler: 'bookings/cancel-booking', uses: { table: 'write', payments: true } },
  // A series of visits (issue 37, domain/series/): preview, book all or none, read, cancel some.
  'POST /bookings/series/preview': { handler: 'bookings/preview-series', uses: { table: 'read' } },
  'POST /bookings/series': { handler: 'bookings/create-series', uses: { table: 'write', payments: true }, idempotent: true },
  'GET /bookings/series/{id}': { handler: 'bookings/get-series', uses: { table: 'read' } },
  'POST /bookings/series/{id}/cancel': { handler: 'bookings/cancel-series', uses: { table: 'write' } },
  // Moving visits: the preview reads; the move may release a lapsed hold in its way (its Checkout Session expired at Stripe).
  'POST /bookings/series/{id}/move/preview': { handler: 'bookings/preview-move-series', uses: { table: 'read' } },
  'POST /bookings/series/{id}/move': { handler: 'bookings/move-series', uses: { table: 'write', payments: true }, idempotent: true },
  // After the visit (issue 36): attendance, the fee off-session on the saved card, the balance paid at the clinic, refunds.
  'POST /bookings/booking/{id}/attendance': { handler: 'bookings/set-attendance', uses: { table: 'write' } },
  'POST /bookings/booking/{id}/fee': { handler: 'bookings/charge-fee', uses: { table: 'write', payments: true } },
  'POST /bookings/booking/{id}/clinic-payment': { handler: 'bookings/record-clinic-payment', uses: { table: 'write' } },
  'POST /bookings/booking/{id}/refund': { handler: 'bookings/refund-visit-payment', uses: { table: 'write', payments: true } },
  // (end of booking rows)

  // Calendar: appointments and bookings by time, and moving them (issue 13). The read needs Appointment
  // or BOOKING_PACKAGES read and shows what the member may read (checked in the handler); each move
  // needs write on its own module.
  'GET /calendar': { handler: 'calendar/list-calendar', uses: { table: 'read' } },
  // A move may release a lapsed hold in its way, which expires that hold's Checkout Session at Stripe.
  'POST /bookings/booking/{id}/move': { handler: 'bookings/move-booking', uses: { table: 'write', payments: true } },
  'PATCH /appointments/{id}/reschedule': { handler: 'appointments/reschedule-appointment', uses: { table: 'write' } },
  // Calendar feeds (issue 25): private, revocable ICS subscription URLs per practitioner or for the
  // clinic. The feed itself is public: its unguessable token (stored hashed) is the credential.
  'GET /calendar/feeds': { handler: 'calendar/list-feeds', uses: { table: 'read' } },
  'POST /calendar/feeds': { handler: 'calendar/create-feed', uses: { table: 'write' } },
  'DELETE /calendar/feeds/{id}': { handler: 'calendar/revoke-feed', uses: { table: 'write' } },
  // Polled by calendar apps (Google's fetchers share addresses among many users: a generous limit).
  'GET /calendar/feed/{token}': { handler: 'calendar/get-feed', uses: { table: 'write' }, rateLimit: perMinutes(120, 10) },
  // (end of calendar rows)

  // Patient self-service (issue 13): the manage link's page. The token (in the body, never a URL) finds
  // the one booking it opens; every call is rate limited per address although a token cannot be guessed.
  'POST /public/manage/booking': { handler: 'manage/get-booking', uses: { table: 'write' }, rateLimit: perMinutes(60, 10) },
  'POST /public/manage/slots': { handler: 'manage/list-slots', uses: { table: 'write' }, rateLimit: perMinutes(120, 10) },
  'POST /public/manage/days': { handler: 'manage/list-days', uses: { table: 'write' }, rateLimit: perMinutes(120, 10) },
  'POST /public/manage/cancel': { handler: 'manage/cancel-booking', uses: { table: 'write' }, rateLimit: perMinutes(20, 10) },
  'POST /public/manage/cancel-following': { handler: 'manage/cancel-following', uses: { table: 'write' }, rateLimit: perMinutes(20, 10) },
  'POST /public/manage/reschedule': { handler: 'manage/reschedule-booking', uses: { table: 'write', payments: true }, rateLimit: perMinutes(20, 10) },
  // The booking page's confirmation after paying: the Checkout session's booking, with a new manage link
  // (a token is written) once confirmed; the session is read back from Stripe.
  'POST /bookings/confirmation': { handler: 'bookings/get-confirmation', uses: { table: 'write', payments: true }, rateLimit: perMinutes(60, 10) },
  // (end of self-service rows)

  // The waitlist (issue 37): the booking page's join (its challenge), the links in its mails, and staff's list.
  'POST /waitlist/join': { handler: 'waitlist/join-waitlist', uses: { table: 'write' }, rateLimit: perMinutes(6, 30), idempotent: true, challenge: 'booking' },
  'POST /waitlist/leave': { handler: 'waitlist/leave-waitlist', uses: { table: 'write', payments: true }, rateLimit: perMinutes(20, 10) },
  'POST /waitlist/offer': { handler: 'waitlist/get-offer', uses: { table: 'write' }, rateLimit: perMinutes(60, 10) },
  'POST /waitlist/offer/take': { handler: 'waitlist/take-offer', uses: { table: 'write', payments: true }, rateLimit: perMinutes(20, 10) },
  'GET /waitlist': { handler: 'waitlist/list-waitlist', uses: { table: 'read' } },
  'GET /waitlist/offers': { handler: 'waitlist/list-offers', uses: { table: 'read' } },
  'GET /waitlist/summary': { handler: 'waitlist/get-summary', uses: { table: 'read' } },
  'PUT /waitlist/settings': { handler: 'waitlist/update-settings', uses: { table: 'write' } },
  'POST /waitlist/entries/{id}/offer': { handler: 'waitlist/offer-time', uses: { table: 'write', payments: true } },
  // Intake before the visit (issue 36): a booking's answers for staff, and the by-mail link's page (the
  // token in the body, never a URL; rate limited per address although a token cannot be guessed).
  'GET /bookings/booking/{id}/intake': { handler: 'intake/get-booking-intake', uses: { table: 'read' } },
  'POST /public/intake/form': { handler: 'intake/get-intake-form', uses: { table: 'write' }, rateLimit: perMinutes(60, 10) },
  'POST /public/intake/files': { handler: 'intake/upload-intake-file', uses: { table: 'write', uploads: 'private-write' }, body: 'multipart', maxBodyBytes: MAX_UPLOAD_REQUEST_BYTES, rateLimit: perMinutes(30, 10), idempotent: true },
  'POST /public/intake/submit': { handler: 'intake/submit-intake', uses: { table: 'write' }, rateLimit: perMinutes(20, 10) },
  // (end of intake rows)
};

export const ROUTES: readonly Route[] = (Object.keys(SERVER_ROUTES) as Operation[]).map((key) => {
  const [method, path] = key.split(' ') as [HttpMethod, string];
  const { access, permission }: OperationEntry = API_CONTRACT[key];
  return { method, path, access, ...(permission ? { permission } : {}), ...SERVER_ROUTES[key] };
});

/** Handlers that are no HTTP route: they consume events (both stacks run them). */
export const WORKERS = {
  /** The outbox worker: the table's stream and a sweep every minute (functions/outbox/deliver.ts). */
  outbox: 'outbox/deliver',
  /** Domain events and their subscribers: the table's stream and a sweep every minute (functions/outbox/run-subscribers.ts). */
  subscribers: 'outbox/run-subscribers',
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
