// The records the API's answers are made of (members, appointments, bookings, ...): zod/mini schemas of
// what each operation's `data` holds, shared by the handlers' `reply` (functions/http/http.ts), the API
// document and the console. Each is a plain JSON shape (dates are ISO strings) mirroring the type its
// comment names: tsc checks every handler's data against its reply, so the two cannot drift apart.
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/locales';
import { pure } from './common';
import { CURRENCIES } from '../currency';

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
  twoFactorRequired: z.optional(z.boolean()),
  challengeToken: z.optional(z.string()),
  loginVerified: z.boolean(),
  isEmailVerified: z.boolean(),
  hasAddedBasicDetails: z.boolean(),
  hasAddedOrg: z.boolean(),
  isAlreadyRegistered: z.boolean(),
}));

/** `PermissionEntry` (functions/data/members.ts). */
export const permissionEntryRecord = /* @__PURE__ */ pure(() => z.object({
  module: z.enum(['Appointment', 'Members', 'Notifications', 'FORMS', 'BOOKING_PACKAGES']),
  read: z.boolean(),
  write: z.boolean(),
  delete: z.boolean(),
}));

/** `SecuritySettings` (functions/data/sessions.ts). */
export const securitySettingsRecord = /* @__PURE__ */ pure(() => z.object({ idleTimeoutMinutes: z.number(), requireTwoFactor: z.boolean() }));

/** A webhook endpoint (type `WebhookEndpoint` of shared/schemas/webhooks.ts is inferred from it). */
export const webhookEndpointRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  url: z.string(),
  description: z.optional(z.string()),
  events: z.array(z.enum([
    'booking.held', 'booking.confirmed', 'booking.cancelled', 'booking.rescheduled', 'payment.succeeded', 'payment.refunded',
    'lead.created', 'appointment.requested', 'appointment.status_changed',
  ])),
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
  eventType: z.enum([
    'booking.held', 'booking.confirmed', 'booking.cancelled', 'booking.rescheduled', 'payment.succeeded', 'payment.refunded',
    'lead.created', 'appointment.requested', 'appointment.status_changed',
  ]),
  status: webhookDeliveryStatusRecord,
  attempts: z.number(),
  createdAt: z.string(),
  lastAttemptAt: z.optional(z.string()),
  responseStatus: z.optional(z.number()),
  error: z.optional(z.string()),
  nextAttemptAt: z.optional(z.string()),
}));

/** `InviteDetails` (functions/members/invite-details.ts). */
export const inviteDetailsRecord = /* @__PURE__ */ pure(() => z.object({
  email: z.string(),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  organizationName: z.string(),
  inviterName: z.string(),
  expiresAt: z.string(),
}));

/** `NotificationView` (functions/notifications/list-notifications.ts). */
export const notificationViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.optional(z.string()),
  read: z.boolean(),
  createdAt: z.string(),
}));

/** `AuditLogView` (functions/logs/list-logs.ts). */
export const auditLogViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  at: z.string(),
  module: z.string(),
  action: z.enum(['delete', 'create', 'update']),
  recordType: z.string(),
  recordId: z.string(),
  summary: z.string(),
  actorId: z.string(),
  actor: z.nullable(z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.optional(z.string()),
    lastName: z.optional(z.string()),
  })),
}));

/** `SetupProgress` (functions/data/setup-progress.ts). */
export const setupProgressRecord = /* @__PURE__ */ pure(() => z.object({
  steps: z.object({
    organization: z.enum(['done', 'skipped', 'todo']),
    service: z.enum(['done', 'skipped', 'todo']),
    hours: z.enum(['done', 'skipped', 'todo']),
    package: z.enum(['done', 'skipped', 'todo']),
    form: z.enum(['done', 'skipped', 'todo']),
    invite: z.enum(['done', 'skipped', 'todo']),
  }),
  completedAt: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
}));

/** `Money` (shared/schemas/reports.ts). */
export const moneyRecord = /* @__PURE__ */ pure(() => z.object({ paid: z.number(), refunded: z.number() }));

/** `WeekFigures` (functions/reports/get-report.ts). */
export const weekFiguresRecord = /* @__PURE__ */ pure(() => z.object({
  week: z.string(),
  appointments: z.optional(z.object({
    requested: z.number(),
    confirmed: z.number(),
    completed: z.number(),
    cancelled: z.number(),
    'no-show': z.number(),
  })),
  bookings: z.optional(z.object({ confirmed: z.number(), cancelled: z.number() })),
  revenue: z.optional(z.record(z.string(), moneyRecord)),
  leads: z.optional(z.object({ received: z.number(), paid: z.number() })),
}));

/** `Report` (functions/reports/get-report.ts). */
export const reportRecord = /* @__PURE__ */ pure(() => z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  reportingSince: z.nullable(z.string()),
  weeks: z.array(weekFiguresRecord),
}));

/** `PractitionerWeekFigures` (functions/reports/get-practitioner-report.ts). */
export const practitionerWeekFiguresRecord = /* @__PURE__ */ pure(() => z.object({
  practitionerId: z.string(),
  name: z.string(),
  bookings: z.number(),
  revenue: z.record(z.string(), moneyRecord),
  bookedMinutes: z.number(),
  workingMinutes: z.number(),
  utilisation: z.nullable(z.number()),
}));

/** `PractitionerReport` (functions/reports/get-practitioner-report.ts). */
export const practitionerReportRecord = /* @__PURE__ */ pure(() => z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  reportingSince: z.nullable(z.string()),
  weeks: z.array(z.object({ week: z.string(), practitioners: z.array(practitionerWeekFiguresRecord) })),
}));

/** `Assignee` (shared/appointments/types.ts). */
export const assigneeRecord = /* @__PURE__ */ pure(() => z.object({ userId: z.string(), name: z.string() }));

/** `AppointmentView` (shared/appointments/types.ts). */
export const appointmentViewRecord = /* @__PURE__ */ pure(() => z.object({
  /** The patient's language, when they chose one (issue 26). */
  locale: z.optional(z.enum(LOCALES)),
  fullName: z.string(),
  statusLabel: z.string(),
  assignee: z.nullable(assigneeRecord),
  email: z.string(),
  status: z.enum(['requested', 'confirmed', 'completed', 'cancelled', 'no-show']),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  phone: z.string(),
  dob: z.optional(z.string()),
  bookingDate: z.string(),
  bookingTime: z.string(),
  preferredLocation: z.optional(z.string()),
  reasonOfAppointment: z.optional(z.string()),
  primaryInsurance: z.optional(z.string()),
  insuranceMemberId: z.optional(z.string()),
  additionalNotes: z.optional(z.string()),
  appointmentType: z.optional(z.string()),
  attachments: z.object({ insuranceCardImage: z.optional(z.string()), debtorReferralDocument: z.optional(z.string()) }),
  customerId: z.optional(z.string()),
  source: z.enum(['public', 'staff']),
  practitionerId: z.optional(z.string()),
  practitionerName: z.optional(z.string()),
  durationMinutes: z.optional(z.number()),
  startUtc: z.optional(z.string()),
  createdBy: z.optional(z.string()),
  version: z.number(),
}));

/** `AppointmentLogEntry` (functions/appointments/lib/change.ts). */
export const appointmentLogEntryRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  appointmentId: z.string(),
  at: z.string(),
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
  providerMessageId: z.optional(z.string()),
  error: z.optional(z.string()),
  sentBy: z.string(),
  sentByName: z.string(),
  at: z.string(),
}));

/** A text message just sent, as POST /sms answers it. */
export const smsMessageViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  to: z.string(),
  message: z.string(),
  customerId: z.optional(z.string()),
  customerName: z.optional(z.string()),
  status: z.enum(['failed', 'sent']),
  providerMessageId: z.optional(z.string()),
  error: z.optional(z.string()),
  sentBy: z.string(),
  sentByName: z.string(),
  at: z.string(),
}));

/** What became of a Stripe event: processed, a duplicate, or not ours. */
export const stripeEventOutcomeRecord = /* @__PURE__ */ pure(() => z.enum(['processed', 'duplicate', 'ignored']));

/** `FieldOption` (shared/forms/types.ts). */
export const fieldOptionRecord = /* @__PURE__ */ pure(() => z.object({ id: z.string(), label: z.string(), value: z.string() }));

/** `FieldAttribute` (shared/forms/types.ts). */
export const fieldAttributeRecord = /* @__PURE__ */ pure(() => z.object({
  attributeName: z.enum(['step', 'minLength', 'maxLength', 'min', 'max', 'rows', 'accept', 'autocomplete']),
  attributeValue: z.string(),
}));

/** `FormField` (shared/forms/validate.ts). */
export const formFieldRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  type: z.enum([
    'number', 'email', 'url', 'password', 'date', 'file', 'text', 'tel', 'time', 'textarea', 'select', 'radio', 'checkbox',
    'hidden',
  ]),
  required: z.boolean(),
  placeholder: z.optional(z.string()),
  options: z.optional(z.array(fieldOptionRecord)),
  attributes: z.optional(z.array(fieldAttributeRecord)),
}));

/** `FormView` (functions/forms/lib/views.ts). */
export const formViewRecord = /* @__PURE__ */ pure(() => z.object({
  packages: z.optional(z.array(z.object({
    id: z.string(),
    name: z.string(),
    description: z.nullable(z.string()),
    price: z.number(),
    priceCents: z.number(),
    priceMinor: z.number(),
    currency: z.enum(CURRENCIES),
    image: z.nullable(z.string()),
    imageUrl: z.nullable(z.string()),
    customAmountEnabled: z.boolean(),
    isPayable: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }))),
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
  label: z.string(),
  type: z.enum([
    'number', 'email', 'url', 'password', 'date', 'file', 'text', 'tel', 'time', 'textarea', 'select', 'radio', 'checkbox',
    'hidden',
  ]),
  value: z.union([z.string(), z.array(z.string())]),
}));

/** `SubmissionView` (functions/forms/lib/submissions.ts). */
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

/** `PublicPackage` (shared/forms/types.ts). */
export const publicPackageRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  price: z.number(),
  priceCents: z.number(),
  priceMinor: z.number(),
  currency: z.enum(CURRENCIES),
  image: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  customAmountEnabled: z.boolean(),
  isPayable: z.boolean(),
}));

/** `PublicForm` (shared/forms/types.ts). */
export const publicFormRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  organizationName: z.string(),
  organizationLanguage: z.optional(z.nullable(z.string())),
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

/** `LeadSummary` (functions/data/leads.ts). */
export const leadSummaryRecord = /* @__PURE__ */ pure(() => z.object({
  email: z.nullable(z.string()),
  id: z.string(),
  name: z.nullable(z.string()),
  createdAt: z.string(),
  packageId: z.nullable(z.string()),
  formId: z.string(),
  formName: z.string(),
  packageName: z.nullable(z.string()),
  paymentStatus: z.enum(['none', 'pending', 'failed', 'paid', 'expired', 'refunded', 'partially_refunded']),
}));

/** `BookingPackageView` (shared/bookings/types.ts). */
export const bookingPackageViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  packageName: z.string(),
  packagePrice: z.number(),
  packagePriceCents: z.number(),
  packagePriceMinor: z.number(),
  currency: z.enum(CURRENCIES),
  packageDescription: z.string(),
  redirectionUrl: z.string(),
  isActive: z.boolean(),
  durationMinutes: z.nullable(z.number()),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  slotGridMinutes: z.nullable(z.number()),
  minNoticeMinutes: z.nullable(z.number()),
  maxDaysAhead: z.nullable(z.number()),
  practitionerIds: z.array(z.string()),
  deletedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/** `Interval` (shared/schemas/practitioners.ts). */
export const intervalRecord = /* @__PURE__ */ pure(() => z.object({ start: z.string(), end: z.string() }));

/** `AvailabilityView` (shared/bookings/types.ts). */
export const availabilityViewRecord = /* @__PURE__ */ pure(() => z.object({
  configured: z.boolean(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  weeklyHours: z.object({
    monday: z.array(intervalRecord),
    tuesday: z.array(intervalRecord),
    wednesday: z.array(intervalRecord),
    thursday: z.array(intervalRecord),
    friday: z.array(intervalRecord),
    saturday: z.array(intervalRecord),
    sunday: z.array(intervalRecord),
  }),
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

/** `PractitionerView` (functions/practitioners/lib/view.ts). */
export const practitionerViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  memberId: z.nullable(z.string()),
  color: z.string(),
  weeklyHours: z.object({
    monday: z.array(intervalRecord),
    tuesday: z.array(intervalRecord),
    wednesday: z.array(intervalRecord),
    thursday: z.array(intervalRecord),
    friday: z.array(intervalRecord),
    saturday: z.array(intervalRecord),
    sunday: z.array(intervalRecord),
  }),
  exceptions: z.array(practitionerExceptionRecord),
  isActive: z.boolean(),
  packageIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/** `BookingView` (shared/bookings/types.ts). */
export const bookingViewRecord = /* @__PURE__ */ pure(() => z.object({
  /** The patient's language, when they chose one (issue 26). */
  locale: z.optional(z.enum(LOCALES)),
  price: z.number(),
  amountPaid: z.nullable(z.number()),
  bookingTimeLabel: z.string(),
  timeZoneName: z.string(),
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  priceCents: z.number(),
  priceMinor: z.number(),
  currency: z.enum(CURRENCIES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  timeZone: z.string(),
  startUtc: z.string(),
  endUtc: z.string(),
  durationMinutes: z.number(),
  practitionerId: z.optional(z.nullable(z.string())),
  practitionerName: z.optional(z.nullable(z.string())),
  bufferBeforeMinutes: z.optional(z.number()),
  bufferAfterMinutes: z.optional(z.number()),
  status: z.enum(['confirmed', 'cancelled', 'expired', 'held']),
  paymentStatus: z.enum(['pending', 'paid', 'refunded', 'partially_refunded', 'unpaid']),
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
  sequence: z.optional(z.number()),
  needsAttention: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/** `CalendarItem` (shared/calendar/types.ts). */
export const calendarItemRecord = /* @__PURE__ */ pure(() => z.object({
  kind: z.enum(['booking', 'appointment']),
  id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.nullable(z.string()),
  date: z.string(),
  time: z.string(),
  status: z.string(),
  paymentStatus: z.optional(z.string()),
  assignee: z.optional(z.nullable(z.object({ userId: z.string(), name: z.string() }))),
  version: z.optional(z.number()),
  movable: z.boolean(),
  practitionerId: z.optional(z.nullable(z.string())),
  practitionerName: z.optional(z.nullable(z.string())),
  packageId: z.optional(z.string()),
}));

/** `CalendarView` (shared/calendar/types.ts). */
export const calendarViewRecord = /* @__PURE__ */ pure(() => z.object({
  timeZone: z.string(),
  timeZoneName: z.string(),
  kinds: z.array(z.enum(['booking', 'appointment'])),
  items: z.array(calendarItemRecord),
  truncated: z.boolean(),
}));

/** `CalendarFeedView` (shared/schemas/calendar-feeds.ts). */
export const calendarFeedViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  practitionerId: z.nullable(z.string()),
  name: z.string(),
  includesAppointments: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
}));

/** `CalendarFeedCreated` (functions/calendar/create-feed.ts). */
export const calendarFeedCreatedRecord = /* @__PURE__ */ pure(() => z.object({
  url: z.string(),
  webcalUrl: z.string(),
  id: z.string(),
  practitionerId: z.nullable(z.string()),
  name: z.string(),
  includesAppointments: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
}));

/** `ManageView` (functions/manage/lib/load.ts). */
export const manageViewRecord = /* @__PURE__ */ pure(() => z.object({
  kind: z.enum(['booking', 'appointment']),
  bookingId: z.string(),
  orgName: z.string(),
  /** The patient's language (theirs when they booked, else the clinic's default). */
  clinicLanguage: z.optional(z.nullable(z.string())),
  clinicPhone: z.nullable(z.string()),
  clinicAddress: z.nullable(z.string()),
  packageName: z.string(),
  practitionerName: z.nullable(z.string()),
  firstName: z.string(),
  status: z.string(),
  paymentStatus: z.nullable(z.string()),
  bookingDate: z.string(),
  bookingTime: z.string(),
  whenLabel: z.string(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  durationMinutes: z.nullable(z.number()),
  amountPaidCents: z.nullable(z.number()),
  refundedCents: z.nullable(z.number()),
  changeableUntil: z.string(),
  canChange: z.boolean(),
  cutoffHours: z.number(),
  refundOnCancelCents: z.number(),
  currency: z.enum(CURRENCIES),
}));

/** `ConfirmationStatus` (functions/bookings/get-confirmation.ts). */
export const confirmationStatusRecord = /* @__PURE__ */ pure(() => z.enum(['pending', 'confirmed', 'cancelled', 'expired']));

/** `BookingConfirmation` (functions/bookings/get-confirmation.ts). */
export const bookingConfirmationRecord = /* @__PURE__ */ pure(() => z.object({
  status: confirmationStatusRecord,
  packageName: z.string(),
  bookingTimeLabel: z.string(),
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  durationMinutes: z.number(),
  practitionerName: z.nullable(z.string()),
  clinic: z.object({ name: z.string(), phoneNumber: z.string(), address: z.optional(z.string()) }),
  manageUrl: z.optional(z.string()),
  ics: z.optional(z.string()),
}));
