// Organisation, members, notifications and audit-log schemas (spec sections 3, 5, 6, 7). Used by the
// console's forms and by the handlers, so both give the same messages.
import * as z from 'zod/mini';
import { BRAND_COLOR } from '../brand';
import { CURRENCIES } from '../currency';
import { MODULES } from '../modules';
import { CALLING_CODE } from '../sms-countries';
import { organizationSchema } from '../account/schemas';
import { email, lengthBetween, pageOf, pageQueryShape, password, pure, requiredString } from '../common/schemas';
import { authDataRecord } from '../account/records';
import { permissionEntryRecord } from '../common/records';
import { inviteDetailsRecord, notificationViewRecord, auditLogViewRecord, setupProgressRecord } from './records';
import { LOCALES } from '../i18n/locales';

// ---------------------------------------------------------------------------------------------
// Organisation profile

/** True when `value` is a time zone Intl knows by an IANA-style name (Area/City, UTC, ...). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * A valid time zone with its proper letter case ('europe/london' -> 'Europe/London', 'utc' -> 'UTC').
 * Otherwise kept as typed: Intl's own canonical names can be the legacy ones ('Asia/Kolkata' resolves
 * to 'Asia/Calcutta' in Node 20's ICU), which people would not recognise as what they chose.
 */
export function canonicalTimeZone(value: string): string {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  const lower = value.toLowerCase();
  if (resolved.toLowerCase() === lower) return resolved;
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').find((z) => z.toLowerCase() === lower) : undefined;
  return listed ?? value;
}

export const TIME_ZONE_MESSAGE = 'Time zone must be a valid IANA time zone, e.g. America/New_York';

export const timeZone = z.pipe(
  requiredString('Time zone is required', z.refine(isTimeZone, TIME_ZONE_MESSAGE)),
  z.transform(canonicalTimeZone),
);

/** What the clinic charges in: one of Stripe's presentment currencies, any letter case ('JPY', 'jpy'). */
export const currency = z.pipe(
  z.string('Currency must be a three-letter code such as USD').check(z.trim(), z.toLowerCase()),
  z.enum(CURRENCIES, 'Currency must be one Stripe charges in, such as USD, EUR, GBP or JPY'),
);

/**
 * POST /users/add-organization: the sign-up step's fields and the creator's browser time zone (the
 * organisation's zone until the owner changes it in the profile); without one the server's default.
 * `currency`: what it charges in; without one, the currency of the creator's country (else USD).
 */
export const newOrganizationSchema = z.extend(organizationSchema, { timeZone: z.optional(timeZone), currency: z.optional(currency) });
export type NewOrganization = z.infer<typeof newOrganizationSchema>;

export { DEFAULT_POLICY, policyOf, type PatientPolicy } from '../policy';

const wholeHours = (label: string, max: number) =>
  z.number(`${label} must be a number of hours`).check(z.refine((n) => Number.isInteger(n) && n >= 0 && n <= max, `${label} must be a whole number of hours from 0 to ${max}`));

const policyFields = {
  reminderHours: wholeHours('Reminder time', 336),
  reminderSms: z.boolean('Reminder by SMS must be true or false'),
  cancellationCutoffHours: wholeHours('Cancellation cutoff', 336),
  cancellationRefund: z.enum(['full', 'none'], "Cancellation refund must be 'full' or 'none'"),
  /** The countries text messages may go to, by calling code (issue 28: no SMS pumping to far-away numbers). */
  smsCountryCodes: z
    .array(z.string('Country codes must be text').check(z.trim(), z.regex(CALLING_CODE, 'Each country code is a plus sign and 1 to 3 digits, e.g. +44')), 'SMS countries must be a list of country codes')
    .check(z.maxLength(20, 'At most 20 SMS countries'))
    .check(z.overwrite((codes) => [...new Set(codes)])),
};

/** The clinic's postal address: free text (several lines), optional ('' = none); patients see it on the manage page. */
export const address = z.string('Address must be text').check(z.trim(), z.maxLength(300, 'Maximum 300 symbols'));

/** The names of the patient policy's fields (the organisation page's "Reminders and patient changes" card saves these). */
export const POLICY_FIELDS = Object.keys(policyFields) as (keyof typeof policyFields)[];

/** The colour of the clinic's mails (shared/brand.ts), stored in lower case. */
export const brandColor = z.pipe(
  z.string('Brand colour must be text').check(z.trim(), z.regex(BRAND_COLOR, 'Brand colour must be a hex colour, e.g. #1b6b4a')),
  z.transform((v) => v.toLowerCase()),
);

/** The clinic's default language for its patients (issue 26): the public pages' and patient mails' when the patient's is not known. */
export const defaultLanguage = z.enum(LOCALES, `Default language must be one of ${LOCALES.join(', ')}`);

/** PATCH /organization/profile: the organisation fields (spec section 5 messages), the time zone, the address, the default language, the patient policy, the brand colour and the currency, each optional. */
export const organizationProfileUpdateSchema = z.partial(z.extend(organizationSchema, { timeZone, address, defaultLanguage, currency, ...policyFields, brandColor }));
export type OrganizationProfileUpdate = z.infer<typeof organizationProfileUpdateSchema>;

/** The logo of the clinic's mails: PNG or JPEG (many mail clients block SVG and show WebP poorly), small. */
export const LOGO_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
export const MAX_LOGO_BYTES = 1024 * 1024;
export const MAX_LOGO_LABEL = '1 MB';

// ---------------------------------------------------------------------------------------------
// Members and permissions

export const permissionEntrySchema = z.object({
  module: z.enum(MODULES, `Module must be one of ${MODULES.join(', ')}`),
  read: z._default(z.boolean('read must be true or false'), false),
  write: z._default(z.boolean('write must be true or false'), false),
  delete: z._default(z.boolean('delete must be true or false'), false),
});

/** Module entries (spec section 3 "Permission entry"); a module may appear once, a missing one means no access. */
export const permissionsSchema = z.array(permissionEntrySchema, 'Permissions are required').check(
  z.maxLength(MODULES.length, 'Each module may appear once'),
  z.refine((entries) => new Set(entries.map((e) => e.module)).size === entries.length, 'Each module may appear once'),
);

export const memberName = (message: string) => requiredString(message, ...lengthBetween(3, 50));

export const memberAddSchema = z.object({
  email,
  firstName: memberName('First name is required'),
  lastName: memberName('Last name is required'),
  permissions: permissionsSchema,
});
export type MemberAdd = z.infer<typeof memberAddSchema>;

export const memberUpdateSchema = z.object({
  userId: requiredString('Member is required', z.maxLength(64, 'Member is required')),
  permissions: permissionsSchema,
});

export const memberResendInviteSchema = z.object({
  userId: requiredString('Member is required', z.maxLength(64, 'Member is required')),
});

export const inviteTokenSchema = z.object({
  token: requiredString('The invitation link is incomplete. Please open the link from the email again.', z.maxLength(200, 'The invitation link is not valid.')),
});

/** What POST /users/invite-details shows the person holding the link. */
export type InviteDetails = z.infer<typeof inviteDetailsRecord>;

export const acceptInviteSchema = z.object({
  token: requiredString('The invitation link is incomplete. Please open the link from the email again.', z.maxLength(200, 'The invitation link is not valid.')),
  password,
});

// ---------------------------------------------------------------------------------------------
// Lists: page size and cursor

export const DEFAULT_PAGE_SIZE = 25;
const { limit, cursor } = pageQueryShape;

export const membersQuerySchema = z.object({
  limit,
  cursor,
  /** Part of a name or email, any case. */
  search: z.optional(z.string().check(z.trim(), z.maxLength(50, 'Maximum 50 symbols'))),
});

/**
 * GET /notifications. The answer's `data` is the ARRAY of notifications (the spec's header reads
 * data.data as an array), newest first; paging and the count travel in headers:
 *   X-Next-Cursor   pass back as ?cursor= for the next page (absent on the last page)
 *   X-Unread-Count  the member's unread notifications, all pages together
 * A client that cannot read headers pages with ?before=<id of the last one shown> instead.
 */
export const notificationsQuerySchema = z.object({
  limit,
  cursor,
  /** The id of the last notification shown: the page continues with older ones (no header needed). */
  before: z.optional(z.string().check(z.maxLength(40, 'The notification id is not valid.'))),
  unread: z.optional(z.stringbool({ error: 'unread must be true or false' })),
});

export const NEXT_CURSOR_HEADER = 'x-next-cursor';
export const UNREAD_COUNT_HEADER = 'x-unread-count';

export type NotificationView = z.infer<typeof notificationViewRecord>;

// ---------------------------------------------------------------------------------------------
// Audit logs

/** Modules an audit entry can name (the log's module filter); the server's entries are typed by this list. */
export const AUDIT_MODULES = ['Organization', 'Members', 'Account', 'Appointment', 'Notifications', 'FORMS', 'BOOKING_PACKAGES', 'Services', 'Customers', 'SMS'] as const;
export type AuditModule = (typeof AUDIT_MODULES)[number];

/** What the log shows of each module (its column and filter), in the console's words (spec: FORMS (Forms), BOOKING_PACKAGES (Bookings)). */
export const AUDIT_MODULE_LABELS: Record<AuditModule, string> = {
  Organization: 'Organisation',
  Members: 'Members',
  Account: 'Account',
  Appointment: 'Appointments',
  Notifications: 'Notifications',
  FORMS: 'Forms',
  BOOKING_PACKAGES: 'Bookings',
  Services: 'Services',
  Customers: 'Customers and patients',
  SMS: 'SMS',
};

/**
 * Who made an entry when it was no member: the actor ids the server writes for them (the patient's
 * manage link, Stripe's events, the public pages' surge alarm) and what the log's Who column says.
 * Any other id is a member's; one no longer in the organisation shows as a former member.
 */
export const AUDIT_ACTOR_LABELS = {
  patient: 'Patient (manage link)',
  stripe: 'Stripe (payment event)',
  public: 'Visitors (public pages)',
} as const;
export type AuditActor = keyof typeof AUDIT_ACTOR_LABELS;

const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const isoDate = (message: string) =>
  z.optional(z.string().check(z.trim(), z.regex(DATE_OR_TIME, message), z.refine((v) => !Number.isNaN(Date.parse(v)), message)));

export const logsQuerySchema = z
  .object({
    limit,
    cursor,
    /** Modules other features record under; any simple name is accepted, unknown ones find nothing. */
    module: z.optional(z.string().check(z.regex(/^[A-Za-z_]{1,40}$/, 'Module is not valid'))),
    /** Entries made by this member (user id). */
    userId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Member is not valid'))),
    /** ISO date (whole day, UTC) or date-time; both ends inclusive. */
    from: isoDate('From must be an ISO date, e.g. 2025-01-31'),
    to: isoDate('To must be an ISO date, e.g. 2025-01-31'),
  })
  .check(
    z.refine((q) => !q.from || !q.to || logRange(q.from, q.to).from <= logRange(q.from, q.to).to, {
      message: 'From must not be after To',
      path: ['from'],
    }),
  );

/** The sort-key bounds of a date filter: a bare date covers its whole UTC day. */
export function logRange(from?: string, to?: string): { from: string; to: string } {
  const start = from ? (from.length === 10 ? `${from}T00:00:00.000Z` : new Date(from).toISOString()) : '0000';
  const end = to ? (to.length === 10 ? `${to}T23:59:59.999Z` : new Date(to).toISOString()) : '9999';
  return { from: start, to: end };
}

export type AuditLogView = z.infer<typeof auditLogViewRecord>;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** One member as the operations below answer it. */
export const memberView = /* @__PURE__ */ pure(() => z.object({
  /** The member's user id (used in /organization/members/{id}). */
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  isOwner: z.boolean(),
  /** invited: added by staff, has not accepted the invitation yet. */
  status: z.enum(['active', 'invited']),
  /** Every module, in MODULES order (the owner's are all true). */
  roles: z.array(permissionEntryRecord),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/** The organisation's profile, as the operations below answer it (no apiKey: that is the owner's integration view). */
export const organizationProfileView = /* @__PURE__ */ pure(() => z.object({
  /** The patients' default language (English when never chosen). */
  defaultLanguage: z.enum(LOCALES),
  /** Calling codes the clinic's SMS may go to (its own phone's country when it chose none). */
  smsCountryCodes: z.array(z.string()),
  /** The patient policy, with defaults for what was never set. */
  reminderHours: z.number(),
  reminderSms: z.boolean(),
  cancellationCutoffHours: z.number(),
  cancellationRefund: z.enum(['full', 'none']),
  /** Postal address ('' when none was given). */
  address: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  legalName: z.string(),
  websiteUrl: z.string(),
  phoneNumber: z.string(),
  ownerId: z.string(),
  timeZone: z.string(),
  apiKeyRotatedAt: z.optional(z.string()),
  /** The logo of its mails: an upload key (served at /assets/<key>), null when none. */
  logoKey: z.nullable(z.string()),
  /** The colour of its mails' header and buttons ('#rrggbb'; the default when it chose none). */
  brandColor: z.string(),
  /** What it charges in (lowercase ISO 4217; USD for clinics from before currencies). */
  currency: z.enum(CURRENCIES),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/** What GET /organization/profile answers. */
export type OrganizationProfile = z.infer<typeof organizationProfileView>;

/** `data` of POST /users/add-organization. */
export const addOrganizationReply = authDataRecord;

/** `data` of GET /dashboard. */
export const getSummaryReply = /* @__PURE__ */ pure(() => z.object({
  members: z.optional(z.number()),
  appointments: z.optional(z.number()),
  services: z.optional(z.number()),
  forms: z.optional(z.number()),
  bookings: z.optional(z.number()),
  myAppointments: z.optional(z.number()),
}));

/** `data` of GET /organization/profile. */
export const organizationGetProfileReply = organizationProfileView;

/** `data` of PATCH /organization/profile. */
export const organizationUpdateProfileReply = organizationProfileView;

/** `data` of POST and DELETE /organization/logo: the profile with its logo saved or removed. */
export const organizationLogoReply = organizationProfileView;

/** `data` of GET /organization/integration. */
export const getIntegrationReply = /* @__PURE__ */ pure(() => z.object({ apiKey: z.string(), rotatedAt: z.nullable(z.string()) }));

/** `data` of POST /organization/generate-integration. */
export const generateIntegrationReply = /* @__PURE__ */ pure(() => z.object({ apiKey: z.string(), rotatedAt: z.string() }));

/** `data` of GET /organization/members. */
export const memberListReply = /* @__PURE__ */ pure(() => pageOf(memberView));

/** `data` of GET /users. */
export const listUsersReply = /* @__PURE__ */ pure(() => pageOf(memberView));

/** `data` of GET /organization/members/{id}. */
export const getMemberReply = memberView;

/** `data` of POST /organization/members/add. */
export const addMemberReply = memberView;

/** `data` of POST /organization/members/update. */
export const updateMemberReply = memberView;

/** `data` of POST /users/invite-details. */
export const inviteDetailsReply = inviteDetailsRecord;

/** `data` of POST /users/accept-invite. */
export const acceptInviteReply = authDataRecord;

/** `data` of GET /notifications. */
export const listNotificationsReply = /* @__PURE__ */ pure(() => z.array(notificationViewRecord));

/** `data` of GET /notifications/unread-count. */
export const unreadCountReply = /* @__PURE__ */ pure(() => z.object({ unread: z.number() }));

/** `data` of GET /notifications/mark-as-read/{id}. */
export const markAsReadReply = /* @__PURE__ */ pure(() => z.object({ id: z.string(), read: z.boolean(), unread: z.number() }));

/** `data` of DELETE /notifications/{id}. */
export const deleteNotificationReply = /* @__PURE__ */ pure(() => z.object({ id: z.string(), unread: z.number() }));

/** `data` of GET /logs. */
export const listLogsReply = /* @__PURE__ */ pure(() => pageOf(auditLogViewRecord));

/** `data` of GET /organization/setup. */
export const getSetupReply = setupProgressRecord;
