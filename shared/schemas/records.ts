// The records the API's answers are made of (members, appointments, bookings, ...): zod/mini schemas of
// what each operation's `data` holds, shared by the handlers' `reply` (functions/http/http.ts), the API
// document and the console. Each is a plain JSON shape (dates are ISO strings) mirroring the type its
// comment names: tsc checks every handler's data against its reply, so the two cannot drift apart.
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/locales';
import { pure } from './common';
import { CURRENCIES } from '../currency';
import { MODULES } from '../modules';
import { APPOINTMENT_STATUSES } from '../appointments/form';
import { FIELD_ATTRIBUTES, FIELD_TYPES } from '../forms/fields';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events';

/** `UserDetails` (shared/api.ts). */
export const userDetailsRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.optional(z.string()),
  middleName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  username: z.optional(z.string()),
  phoneNumber: z.optional(z.string()),
  gender: z.optional(z.string()),
  city: z.optional(z.string()),
  country: z.optional(z.string()),
  isEmailVerified: z.boolean(),
  profilePictureUrl: z.optional(z.string()),
  organizationId: z.optional(z.string()),
}));

/** `AuthData` (shared/api.ts). */
export const authDataRecord = /* @__PURE__ */ pure(() => z.object({
  token: z.optional(z.string()),
  userDetails: z.optional(userDetailsRecord),
  /** The password was right and the account uses two-factor sign-in: send a code with `challengeToken`. */
  twoFactorRequired: z.optional(z.boolean()),
  /** Accepted only by POST /users/login/two-factor, for 5 minutes. */
  challengeToken: z.optional(z.string()),
  /** The flags the sign-up flow of spec section 4 reads (`AuthFlags`). */
  loginVerified: z.boolean(),
  isEmailVerified: z.boolean(),
  hasAddedBasicDetails: z.boolean(),
  hasAddedOrg: z.boolean(),
  isAlreadyRegistered: z.boolean(),
}));

/** `PermissionEntry` (shared/permissions.ts). */
export const permissionEntryRecord = /* @__PURE__ */ pure(() => z.object({
  module: z.enum(MODULES),
  read: z.boolean(),
  write: z.boolean(),
  delete: z.boolean(),
}));

/** `SecuritySettings` (functions/data/sessions.ts). */
export const securitySettingsRecord = /* @__PURE__ */ pure(() => z.object({
  /** Minutes without activity after which a session ends. */
  idleTimeoutMinutes: z.number(),
  /** Every member must use two-factor sign-in. */
  requireTwoFactor: z.boolean(),
}));

/** The event types an endpoint can ask for (shared/webhook-events.ts). */
const webhookEventType = /* @__PURE__ */ pure(() => z.enum(WEBHOOK_EVENT_TYPES));

/** A webhook endpoint (type `WebhookEndpoint` of shared/schemas/webhooks.ts is inferred from it). */
export const webhookEndpointRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  url: z.string(),
  description: z.optional(z.string()),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  secretHint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/** A new webhook endpoint with its secret (`WebhookEndpointCreated`). */
export const webhookEndpointCreatedRecord = /* @__PURE__ */ pure(() => z.object({ endpoint: webhookEndpointRecord, secret: z.string() }));

/** `WebhookDeliveryStatus`. */
export const webhookDeliveryStatusRecord = /* @__PURE__ */ pure(() => z.enum(['pending', 'succeeded', 'failed']));

/** One delivery of an event to an endpoint (`WebhookDelivery`). */
export const webhookDeliveryRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: webhookEventType,
  status: webhookDeliveryStatusRecord,
  attempts: z.number(),
  createdAt: z.string(),
  lastAttemptAt: z.optional(z.string()),
  responseStatus: z.optional(z.number()),
  error: z.optional(z.string()),
  nextAttemptAt: z.optional(z.string()),
}));

/** `InviteDetails` (shared/schemas/organization.ts): what POST /users/invite-details shows the person holding the link. */
export const inviteDetailsRecord = /* @__PURE__ */ pure(() => z.object({
  email: z.string(),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  organizationName: z.string(),
  inviterName: z.string(),
  expiresAt: z.string(),
}));

/** `NotificationView` (shared/schemas/organization.ts; functions/notifications/list-notifications.ts). */
export const notificationViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.optional(z.string()),
  read: z.boolean(),
  createdAt: z.string(),
}));

/** `AuditLogView` (shared/schemas/organization.ts; functions/logs/list-logs.ts). */
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

/** `SetupProgress` (shared/schemas/reports.ts; functions/data/setup-progress.ts). */
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

/** `Money` (shared/schemas/reports.ts): amounts in minor units (cents) of one currency. */
export const moneyRecord = /* @__PURE__ */ pure(() => z.object({ paid: z.number(), refunded: z.number() }));

/** `WeekFigures` (shared/schemas/reports.ts): one week's figures, each part present only when the member may read its module. */
export const weekFiguresRecord = /* @__PURE__ */ pure(() => z.object({
  /** The Monday the week starts on (local date in the organisation's zone). */
  week: z.string(),
  /** Appointments taking place that week, by their current status (Appointment read). */
  appointments: z.optional(z.object({
    requested: z.number(),
    confirmed: z.number(),
    completed: z.number(),
    cancelled: z.number(),
    'no-show': z.number(),
  })),
  /** Paid bookings for a time in that week, and those of them cancelled since (Bookings read). */
  bookings: z.optional(z.object({ confirmed: z.number(), cancelled: z.number() })),
  /** Card payments received and refunded that week, per currency (lower case, e.g. usd), bookings and forms together (Bookings and Forms read). */
  revenue: z.optional(z.record(z.string(), moneyRecord)),
  /** Form submissions received that week, and how many of them have been paid (Forms read). */
  leads: z.optional(z.object({ received: z.number(), paid: z.number() })),
}));

/** The period both reports cover (a function: fields built where used, so bundles may drop them). */
const reportPeriodShape = () => ({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /**
   * When the counting began for this organisation: its creation, for organisations created since
   * reports exist. Absent for older ones: what happened before reports existed is not counted.
   */
  reportingSince: z.nullable(z.string()),
});

/** `Report` (shared/schemas/reports.ts; functions/reports/get-report.ts). */
export const reportRecord = /* @__PURE__ */ pure(() => z.object({
  ...reportPeriodShape(),
  weeks: z.array(weekFiguresRecord),
}));

/** `PractitionerWeekFigures` (shared/schemas/reports.ts): one practitioner's figures of one week (GET /reports/practitioners). */
export const practitionerWeekFiguresRecord = /* @__PURE__ */ pure(() => z.object({
  practitionerId: z.string(),
  name: z.string(),
  /** Paid bookings with them for a time that week (those cancelled since left out). */
  bookings: z.number(),
  /** Card payments for their bookings received and refunded that week, per currency (never added across currencies). */
  revenue: z.record(z.string(), moneyRecord),
  /** Minutes of their bookings and of their requested or confirmed appointments that week. */
  bookedMinutes: z.number(),
  /** Minutes they work that week: weekly hours or the date's exception, the clinic's closed dates left out. */
  workingMinutes: z.number(),
  /** bookedMinutes / workingMinutes (0.5 = 50%); null when they work no minutes that week. */
  utilisation: z.nullable(z.number()),
}));

/** `PractitionerReport` (shared/schemas/reports.ts; functions/reports/get-practitioner-report.ts). */
export const practitionerReportRecord = /* @__PURE__ */ pure(() => z.object({
  ...reportPeriodShape(),
  /** Each week of the period (Monday first), with a row per practitioner: the active ones, and others with figures that week. */
  weeks: z.array(z.object({ week: z.string(), practitioners: z.array(practitionerWeekFiguresRecord) })),
}));

/** `Assignee` (shared/appointments/types.ts). */
export const assigneeRecord = /* @__PURE__ */ pure(() => z.object({ userId: z.string(), name: z.string() }));

/**
 * `AppointmentView` (shared/appointments/types.ts): an appointment as the API shows it. Its stored
 * fields (`AppointmentFields`) are these less `fullName`, `statusLabel` and a null `assignee`.
 */
export const appointmentViewRecord = /* @__PURE__ */ pure(() => z.object({
  /** The patient's language (their page's when they asked; absent: the clinic's default, else English). */
  locale: z.optional(z.enum(LOCALES)),
  fullName: z.string(),
  statusLabel: z.string(),
  assignee: z.nullable(assigneeRecord),
  email: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  phone: z.string(),
  dob: z.optional(z.string()),
  /** Local date and time at the clinic (the organisation's time zone). */
  bookingDate: z.string(),
  bookingTime: z.string(),
  preferredLocation: z.optional(z.string()),
  reasonOfAppointment: z.optional(z.string()),
  primaryInsurance: z.optional(z.string()),
  insuranceMemberId: z.optional(z.string()),
  additionalNotes: z.optional(z.string()),
  appointmentType: z.optional(z.string()),
  /** S3 keys of the uploaded files (private: opened through a signed link). */
  attachments: z.object({ insuranceCardImage: z.optional(z.string()), debtorReferralDocument: z.optional(z.string()) }),
  customerId: z.optional(z.string()),
  /** public: the request page; staff: the console's Book Appointment. */
  source: z.enum(['public', 'staff']),
  /** Who sees the patient, when staff booked it with a practitioner: it takes that person's time. */
  practitionerId: z.optional(z.string()),
  practitionerName: z.optional(z.string()),
  /** Its length (an appointment with a practitioner); its start instant in UTC goes with it. */
  durationMinutes: z.optional(z.number()),
  startUtc: z.optional(z.string()),
  createdBy: z.optional(z.string()),
  /** Starts at 1; every change adds 1 and is conditional on the version it was based on. */
  version: z.number(),
}));

/** `AppointmentLogEntry` (shared/appointments/types.ts; written by functions/appointments/lib/change.ts). */
export const appointmentLogEntryRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  appointmentId: z.string(),
  at: z.string(),
  /** The member who made the change; absent for a visitor's public request. */
  actorId: z.optional(z.string()),
  actorName: z.string(),
  action: z.enum(['created', 'assigned', 'reassigned', 'unassigned', 'status-changed', 'rescheduled']),
  summary: z.string(),
  from: z.optional(z.string()),
  to: z.optional(z.string()),
}));

/** A text message sent (functions/data/sms.ts SmsMessage). */
export const smsMessageRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  to: z.string(),
  message: z.string(),
  customerId: z.optional(z.string()),
  customerName: z.optional(z.string()),
  status: z.enum(['failed', 'sent']),
  /** The provider's message id (SNS MessageId, or the local outbox id). */
  providerMessageId: z.optional(z.string()),
  error: z.optional(z.string()),
  sentBy: z.string(),
  sentByName: z.string(),
  at: z.string(),
}));

/** A text message just sent, as POST /sms answers it: the same record as in the list. */
export const smsMessageViewRecord = smsMessageRecord;

/** What became of a Stripe event: processed, a duplicate, or not ours. */
export const stripeEventOutcomeRecord = /* @__PURE__ */ pure(() => z.enum(['processed', 'duplicate', 'ignored']));

/** `FieldOption` (shared/forms/types.ts). */
export const fieldOptionRecord = /* @__PURE__ */ pure(() => z.object({ id: z.string(), label: z.string(), value: z.string() }));

/** `FieldAttribute` (shared/forms/types.ts). */
export const fieldAttributeRecord = /* @__PURE__ */ pure(() => z.object({
  attributeName: z.enum(FIELD_ATTRIBUTES),
  attributeValue: z.string(),
}));

/** `FormField` (shared/forms/types.ts). */
export const formFieldRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  /** The HTML name; unique within the form. */
  name: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  placeholder: z.optional(z.string()),
  options: z.optional(z.array(fieldOptionRecord)),
  attributes: z.optional(z.array(fieldAttributeRecord)),
}));

/** `PublicPackage` (shared/forms/types.ts): a form package (pricing tier) as the public page shows it. */
export const publicPackageRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  name: z.string(),
  /** Sanitised HTML, or null. */
  description: z.nullable(z.string()),
  /** Major units of `currency` (12.5 means $12.50; 5000 with 'jpy' ¥5,000). */
  price: z.number(),
  /** Minor units (the same as priceMinor; named before currencies). */
  priceCents: z.number(),
  priceMinor: z.number(),
  /** Lowercase ISO code (the server always sends it). */
  currency: z.enum(CURRENCIES),
  /** Upload key below the asset base, or null. */
  image: z.nullable(z.string()),
  /** `/assets/<key>`, or null. */
  imageUrl: z.nullable(z.string()),
  customAmountEnabled: z.boolean(),
  isPayable: z.boolean(),
}));

/** A form package as staff see it: the public one and its times (`formPackageView` of shared/schemas/forms.ts). */
export const formPackageViewRecord = /* @__PURE__ */ pure(() => z.extend(publicPackageRecord, { createdAt: z.string(), updatedAt: z.string() }));

/** `FormView` (functions/domain/forms/views.ts). */
export const formViewRecord = /* @__PURE__ */ pure(() => z.object({
  packages: z.optional(z.array(formPackageViewRecord)),
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  description: z.string(),
  fields: z.array(formFieldRecord),
  redirectUrl: z.string(),
  successMessage: z.string(),
  submitButtonText: z.string(),
  secondButtonText: z.string(),
  packageIds: z.array(z.string()),
  packageId: z.nullable(z.string()),
}));

/** `SubmissionAnswer` (functions/data/submissions.ts). */
export const submissionAnswerRecord = /* @__PURE__ */ pure(() => z.object({
  fieldId: z.string(),
  /** The field's label and type when the answer was given (forms change; answers keep their meaning). */
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  value: z.union([z.string(), z.array(z.string())]),
}));

/** `SubmissionView` (functions/domain/forms/submissions.ts). */
export const submissionViewRecord = /* @__PURE__ */ pure(() => z.object({
  /** The patient's language, when they chose one (issue 26). */
  locale: z.optional(z.enum(LOCALES)),
  email: z.nullable(z.string()),
  id: z.string(),
  name: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  packageId: z.nullable(z.string()),
  formId: z.string(),
  formName: z.string(),
  answers: z.array(submissionAnswerRecord),
  packageName: z.nullable(z.string()),
  paymentStatus: z.enum(['none', 'pending', 'failed', 'paid', 'expired', 'refunded', 'partially_refunded']),
  paymentId: z.nullable(z.string()),
}));

/** `PaymentStatus` (functions/data/submissions.ts). */
export const paymentStatusRecord = /* @__PURE__ */ pure(() => z.enum([
  'pending', 'failed', 'paid', 'expired', 'refunded', 'partially_refunded',
]));

/**
 * `PublicBrand`: how a clinic's public pages look (issue 34), as its mails do: its logo (a path on the
 * site, /assets/..., or null) and its colour ('#rrggbb', or null when it chose none: the product's).
 */
export const publicBrandRecord = /* @__PURE__ */ pure(() => z.object({
  logoUrl: z.nullable(z.string()),
  color: z.nullable(z.string()),
}));

/** `PublicForm` (shared/forms/types.ts): everything the public form page needs (GET /leads/forms/{formId}?apiKey=). */
export const publicFormRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  /** The clinic's name, so visitors recognise whose form it is. */
  organizationName: z.string(),
  /** The clinic's default language for its patients (organisation profile), when it chose one. */
  organizationLanguage: z.optional(z.nullable(z.string())),
  /** The clinic's logo and colour (the page's header and buttons). */
  organizationBrand: publicBrandRecord,
  /** The clinic's country (ISO 3166 alpha-2, from its time zone; null: unknown): money follows it. */
  organizationRegion: z.optional(z.nullable(z.string())),
  name: z.string(),
  description: z.string(),
  fields: z.array(formFieldRecord),
  packages: z.array(publicPackageRecord),
  packageId: z.nullable(z.string()),
  redirectUrl: z.string(),
  successMessage: z.string(),
  submitButtonText: z.string(),
  secondButtonText: z.string(),
}));

/** `LeadSummary` (functions/data/leads.ts): a submission in a list, without its answers. */
export const leadSummaryRecord = /* @__PURE__ */ pure(() => z.pick(submissionViewRecord, {
  email: true,
  id: true,
  name: true,
  createdAt: true,
  packageId: true,
  formId: true,
  formName: true,
  packageName: true,
  paymentStatus: true,
}));

/** `BookingPackageView` (shared/bookings/types.ts). */
export const bookingPackageViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  packageName: z.string(),
  /** Major units of `currency` (dollars for a USD clinic, yen for a JPY one). */
  packagePrice: z.number(),
  /** Minor units of `currency` (the same as packagePriceMinor; named before currencies). */
  packagePriceCents: z.number(),
  packagePriceMinor: z.number(),
  /** Lowercase ISO code of the price. */
  currency: z.enum(CURRENCIES),
  packageDescription: z.string(),
  redirectionUrl: z.string(),
  isActive: z.boolean(),
  /** The appointment's length (the clinic's slot length when the package has none of its own). */
  durationMinutes: z.nullable(z.number()),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  /** Start times every this many minutes (null: the duration). */
  slotGridMinutes: z.nullable(z.number()),
  /** null: the clinic's own. */
  minNoticeMinutes: z.nullable(z.number()),
  maxDaysAhead: z.nullable(z.number()),
  /** Who offers it ([]: the clinic-wide schedule). */
  practitionerIds: z.array(z.string()),
  deletedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/** `Interval` (shared/schemas/practitioners.ts). */
export const intervalRecord = /* @__PURE__ */ pure(() => z.object({ start: z.string(), end: z.string() }));

/** Hours per weekday (shared/bookings/time.ts WEEKDAYS): the clinic's and each practitioner's. */
const weeklyHours = /* @__PURE__ */ pure(() => z.object({
  monday: z.array(intervalRecord),
  tuesday: z.array(intervalRecord),
  wednesday: z.array(intervalRecord),
  thursday: z.array(intervalRecord),
  friday: z.array(intervalRecord),
  saturday: z.array(intervalRecord),
  sunday: z.array(intervalRecord),
}));

/** `AvailabilityView` (shared/bookings/types.ts). */
export const availabilityViewRecord = /* @__PURE__ */ pure(() => z.object({
  configured: z.boolean(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  weeklyHours,
  slotMinutes: z.number(),
  capacity: z.number(),
  closedDates: z.array(z.string()),
  minNoticeMinutes: z.number(),
  maxDaysAhead: z.number(),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
}));

/** `PractitionerException` (shared/schemas/practitioners.ts). */
export const practitionerExceptionRecord = /* @__PURE__ */ pure(() => z.object({
  date: z.string(),
  hours: z.array(intervalRecord),
  note: z.string(),
}));

/** `PractitionerView` (shared/schemas/practitioners.ts; functions/practitioners/lib/view.ts): a practitioner as the API shows it. */
export const practitionerViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  memberId: z.nullable(z.string()),
  color: z.string(),
  weeklyHours,
  exceptions: z.array(practitionerExceptionRecord),
  isActive: z.boolean(),
  /** The booking packages that name this practitioner. */
  packageIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/**
 * `BookingView` (shared/bookings/types.ts): a booking as the API shows it. Its stored fields
 * (`BookingFields`) are these less `price`, `priceMinor`, `amountPaid`, `bookingTimeLabel` and
 * `timeZoneName`, which only the view adds.
 */
export const bookingViewRecord = /* @__PURE__ */ pure(() => z.object({
  /** The patient's language (their page's when they booked; absent on older bookings: the clinic's default, else English). */
  locale: z.optional(z.enum(LOCALES)),
  /** Major units of `currency` (the spec's field); priceMinor (= priceCents) in minor units. */
  price: z.number(),
  amountPaid: z.nullable(z.number()),
  /** e.g. 'Monday, March 9, 2026 at 9:00 AM EDT' */
  bookingTimeLabel: z.string(),
  timeZoneName: z.string(),
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  /** Minor units of `currency`. */
  priceCents: z.number(),
  priceMinor: z.number(),
  /** What the booking is priced and paid in (absent on bookings from before currencies: read as USD). */
  currency: z.enum(CURRENCIES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** Local date and time the visitor chose, in `timeZone`. */
  bookingDate: z.string(),
  bookingTime: z.string(),
  timeZone: z.string(),
  startUtc: z.string(),
  endUtc: z.string(),
  durationMinutes: z.number(),
  /** Who the booking is with (absent on bookings made before practitioners, or of clinic-wide packages). */
  practitionerId: z.optional(z.nullable(z.string())),
  practitionerName: z.optional(z.nullable(z.string())),
  /** The practitioner's time kept free around it (minutes), as booked; stored only with a practitioner, 0 in every reply without. */
  bufferBeforeMinutes: z.optional(z.number()),
  bufferAfterMinutes: z.optional(z.number()),
  status: z.enum(['confirmed', 'cancelled', 'expired', 'held']),
  paymentStatus: z.enum(['pending', 'paid', 'refunded', 'partially_refunded', 'unpaid']),
  /** While held: when the hold runs out (the Checkout session expires a little before). */
  holdExpiresAt: z.nullable(z.string()),
  stripeSessionId: z.nullable(z.string()),
  paymentIntentId: z.nullable(z.string()),
  amountPaidCents: z.nullable(z.number()),
  refundedCents: z.nullable(z.number()),
  payerEmail: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  confirmedAt: z.nullable(z.string()),
  expiredAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  cancelledBy: z.nullable(z.string()),
  confirmationSentAt: z.nullable(z.string()),
  /** How often the time was changed (the calendar file's SEQUENCE: 0 as booked, +1 per move). */
  sequence: z.optional(z.number()),
  /** Set when staff must act: paid for a place that was no longer held (refund or rebook). */
  needsAttention: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/** `CalendarItem` (shared/calendar/types.ts). */
export const calendarItemRecord = /* @__PURE__ */ pure(() => z.object({
  kind: z.enum(['booking', 'appointment']),
  id: z.string(),
  /** The patient's name and what they come for. */
  title: z.string(),
  /** UTC instants; an appointment has no length of its own (end null). */
  start: z.string(),
  end: z.nullable(z.string()),
  /** Local date and time in the organisation's zone. */
  date: z.string(),
  time: z.string(),
  /** An appointment's status (requested, confirmed, ...) or a booking's (held, confirmed). */
  status: z.string(),
  paymentStatus: z.optional(z.string()),
  assignee: z.optional(z.nullable(assigneeRecord)),
  /** Appointments: the version a move must name. */
  version: z.optional(z.number()),
  /** Whether this member may move it (write on its module, and a state that can move). */
  movable: z.boolean(),
  /** Who sees the patient (a practitioner booking or appointment), else null. */
  practitionerId: z.optional(z.nullable(z.string())),
  practitionerName: z.optional(z.nullable(z.string())),
  /** A booking's package (the move dialog lists its free times). */
  packageId: z.optional(z.string()),
}));

/** `CalendarView` (shared/calendar/types.ts). */
export const calendarViewRecord = /* @__PURE__ */ pure(() => z.object({
  timeZone: z.string(),
  /** e.g. 'Eastern Standard Time' */
  timeZoneName: z.string(),
  /** The clinic's country (ISO 3166 alpha-2, from its time zone; null: none): the calendar's week starts on its first day. */
  region: z.nullable(z.string()),
  /** The kinds this member may read (the filter offers these). */
  kinds: z.array(z.enum(['booking', 'appointment'])),
  items: z.array(calendarItemRecord),
  /** More items than one read returns were in the range (narrow it). */
  truncated: z.boolean(),
}));

/** `CalendarFeedView` (shared/schemas/calendar-feeds.ts). */
export const calendarFeedViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  /** null: the clinic's feed (every practitioner, and what has none). */
  practitionerId: z.nullable(z.string()),
  /** The calendar's name in the subscriber's app (X-WR-CALNAME) as it was when made. */
  name: z.string(),
  /** Whether it shows appointments too (its maker could read them). */
  includesAppointments: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
}));

/**
 * `CalendarFeedCreated` (shared/schemas/calendar-feeds.ts): the answer to a feed's creation, the only
 * time the URL is shown (only its hash is kept).
 */
export const calendarFeedCreatedRecord = /* @__PURE__ */ pure(() => z.extend(calendarFeedViewRecord, {
  /** https://.../api/calendar/feed/<token>.ics */
  url: z.string(),
  /** The same as webcal://, which opens the calendar app's subscribe dialog. */
  webcalUrl: z.string(),
}));

/** `ManageView` (shared/schemas/manage.ts): what the manage page shows of a booking or an appointment. */
export const manageViewRecord = /* @__PURE__ */ pure(() => z.object({
  kind: z.enum(['booking', 'appointment']),
  /** The booking's or the appointment's id (its reference). */
  bookingId: z.string(),
  orgName: z.string(),
  /** The patient's language (theirs when they booked, else the clinic's default). */
  clinicLanguage: z.optional(z.nullable(z.string())),
  /** How to reach the clinic (null when it gave none): shown always, and most of all after the cutoff. */
  clinicPhone: z.nullable(z.string()),
  clinicAddress: z.nullable(z.string()),
  /** The clinic's logo and colour (the page's header and buttons). */
  clinicBrand: publicBrandRecord,
  packageName: z.string(),
  /** Who the booking is with (null: clinic-wide package, or made before practitioners). */
  practitionerName: z.nullable(z.string()),
  firstName: z.string(),
  status: z.string(),
  paymentStatus: z.nullable(z.string()),
  bookingDate: z.string(),
  bookingTime: z.string(),
  /** 'Monday, March 9, 2026 at 9:00 AM EDT' */
  whenLabel: z.string(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  durationMinutes: z.nullable(z.number()),
  amountPaidCents: z.nullable(z.number()),
  refundedCents: z.nullable(z.number()),
  /** Changes are possible until this instant (the cutoff before the start). */
  changeableUntil: z.string(),
  canChange: z.boolean(),
  cutoffHours: z.number(),
  /** What a cancellation now refunds, in minor units of `currency` (0: nothing). */
  refundOnCancelCents: z.number(),
  /** The currency of the amounts (lowercase ISO code). */
  currency: z.enum(CURRENCIES),
  /** The clinic's country (ISO 3166 alpha-2, from its time zone; null: unknown): money, dates and the week's first day follow it. */
  clinicRegion: z.nullable(z.string()),
  /** The clinic's public booking key ('Book again' links to its booking page); null for an appointment. */
  bookingPage: z.nullable(z.string()),
  /** The booking's package (null for an appointment). */
  packageId: z.nullable(z.string()),
  /** Who the booking is with now (null: clinic-wide package). */
  practitionerId: z.nullable(z.string()),
  /** Whom the patient may move it to (the package's active practitioners; empty: a clinic-wide package, or not asked). */
  practitioners: z.array(z.object({ id: z.string(), name: z.string(), title: z.string() })),
}));

/** `ConfirmationStatus` (shared/schemas/booking-confirmation.ts). 'pending': paid or paying, and the payment's event has not confirmed it yet. */
export const confirmationStatusRecord = /* @__PURE__ */ pure(() => z.enum(['pending', 'confirmed', 'cancelled', 'expired']));

/** `BookingConfirmation` (shared/schemas/booking-confirmation.ts; functions/bookings/get-confirmation.ts). */
export const bookingConfirmationRecord = /* @__PURE__ */ pure(() => z.object({
  status: confirmationStatusRecord,
  packageName: z.string(),
  /** 'Monday, March 9, 2026 at 9:00 AM EDT' */
  bookingTimeLabel: z.string(),
  /** Local 'YYYY-MM-DD' and 'HH:mm' in `timeZone`. */
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  /** 'Eastern Daylight Time' */
  timeZoneName: z.string(),
  durationMinutes: z.number(),
  practitionerName: z.nullable(z.string()),
  clinic: z.object({ name: z.string(), phoneNumber: z.string(), address: z.optional(z.string()) }),
  /** A new manage link: only when confirmed and not started yet. */
  manageUrl: z.optional(z.string()),
  /** The booking's calendar file (the confirmation mail's attachment): only when confirmed. */
  ics: z.optional(z.string()),
}));
