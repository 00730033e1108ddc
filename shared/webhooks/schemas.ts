// Outbound webhooks (issue 16): the owner registers https endpoints in Organisation > Integrations;
// each event the organisation produces is sent, signed, to the endpoints that asked for its type.
// This file is the contract between the API (functions/webhooks/) and the console.
import * as z from 'zod/mini';
import { CURRENCIES } from '../currency';
import { listOf, pageOf, pageQuerySchema, pure } from '../common/schemas';
import { appointmentViewRecord } from '../appointments/records';
import { bookingViewRecord } from '../bookings/records';
import { ATTENDANCES, bookingFeeRecord, clinicPaymentRecord } from '../bookings/visit';
import { submissionAnswerRecord, submissionViewRecord } from '../forms/records';
import { webhookDeliveryRecord, webhookDeliveryStatusRecord, webhookEndpointCreatedRecord, webhookEndpointRecord } from './records';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './events';

/** Endpoints per organisation: enough for a CRM, an EHR and a few automations. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Clinic-Signature';

const eventList = z.array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]])).check(
  z.minLength(1, 'Choose at least one event'),
);

/** POST /organization/webhooks. The URL's address rules (https, public) are checked by the API. */
export const webhookEndpointCreateSchema = z.object({
  url: z.string({ error: 'URL is required' }).check(z.trim(), z.minLength(1, 'URL is required'), z.maxLength(2048, 'Maximum 2048 symbols')),
  events: eventList,
  description: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Maximum 200 symbols'))),
});
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>;

/** PUT /organization/webhooks/{id}: the same fields, and whether deliveries are sent. */
export const webhookEndpointUpdateSchema = z.object({
  ...webhookEndpointCreateSchema.shape,
  enabled: z.boolean(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

/** An endpoint as the API returns it: never its secret, only the last four characters ("whsec_…3f9a"). */
export type WebhookEndpoint = z.infer<typeof webhookEndpointRecord>;

/** POST /organization/webhooks answers 201 with the endpoint and its signing secret, shown once. */
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedRecord>;

export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusRecord>;

/**
 * One event sent (or being sent) to one endpoint; `attempts` counts the tries so far, `responseStatus`
 * is the receiver's status on the last try, `error` why it failed without an answer, `nextAttemptAt`
 * when the next try is due.
 */
export type WebhookDelivery = z.infer<typeof webhookDeliveryRecord>;

/** The JSON body every delivery carries. Receivers deduplicate on `id` (also in the Clinic-Event-Id header). */
export interface WebhookEventBody<T = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  /** ISO time the event happened. */
  createdAt: string;
  organizationId: string;
  data: { object: T };
}

// The events' payloads: each delivery's body is the event envelope with `data.object` one of these
// (README "Webhooks"). The producers (functions/domain/bookings/events.ts, appointments/lib/events.ts,
// data/submissions.ts leadObject, data/webhooks.ts PaymentObject) are typed by them, and the API
// document's `webhooks` section shows them.

/** booking.*: the booking as staff see it (its view's fields), without Stripe's session or the checkout link. */
export const bookingEventObject = /* @__PURE__ */ pure(() => z.object({
  object: z.literal('booking'),
  ...z.pick(bookingViewRecord, {
    id: true,
    status: true,
    paymentStatus: true,
    packageId: true,
    packageName: true,
    priceCents: true,
    currency: true,
    amountPaidCents: true,
    refundedCents: true,
    firstName: true,
    lastName: true,
    email: true,
    phoneNumber: true,
    startUtc: true,
    endUtc: true,
    timeZone: true,
    bookingDate: true,
    bookingTime: true,
    durationMinutes: true,
    confirmedAt: true,
    cancelledAt: true,
    createdAt: true,
    updatedAt: true,
  }).shape,
  /** Who the patient sees; null on the clinic-wide schedule. */
  practitioner: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** After the visit (issue 36): what staff recorded, the fee (without the patient's payment page) and the balance paid at the clinic. */
  attendance: z.optional(z.nullable(z.enum(ATTENDANCES))),
  fee: z.optional(z.nullable(z.object(z.pick(bookingFeeRecord, { kind: true, amountMinor: true, currency: true, status: true, paymentIntentId: true, declineMessage: true, refundedMinor: true, chargedAt: true }).shape))),
  clinicPayment: z.optional(z.nullable(z.object(z.pick(clinicPaymentRecord, { amountMinor: true, currency: true, method: true, recordedAt: true }).shape))),
}));

/** appointment.*: the appointment as staff see it (its view's fields), less internal ids and the storage keys of its files. */
export const appointmentEventObject = /* @__PURE__ */ pure(() => z.object({
  object: z.literal('appointment'),
  ...z.pick(appointmentViewRecord, {
    id: true,
    status: true,
    source: true,
    firstName: true,
    lastName: true,
    gender: true,
    email: true,
    phone: true,
    dob: true,
    bookingDate: true,
    bookingTime: true,
    preferredLocation: true,
    reasonOfAppointment: true,
    primaryInsurance: true,
    insuranceMemberId: true,
    additionalNotes: true,
    appointmentType: true,
    createdAt: true,
    updatedAt: true,
  }).shape,
  /** appointment.status_changed: the status before the change. */
  previousStatus: z.optional(z.string()),
  attachmentCount: z.number(),
}));

/** lead.created: the submission and its answers as staff see them; a file answer says only that a file was sent. */
export const leadEventObject = /* @__PURE__ */ pure(() => z.object({
  object: z.literal('lead'),
  ...z.pick(submissionViewRecord, { id: true, formId: true, formName: true, name: true, email: true, packageId: true, packageName: true, createdAt: true }).shape,
  answers: z.array(z.extend(submissionAnswerRecord, {
    value: z.nullable(submissionAnswerRecord.shape.value),
    fileAttached: z.optional(z.boolean()),
  })),
}));

/** intake.completed: the answers to a booking's intake form, as lead.created gives a lead's (files only said to be sent), with the booking. */
export const intakeEventObject = /* @__PURE__ */ pure(() => z.object({
  ...z.omit(leadEventObject, { object: true, packageId: true, packageName: true }).shape,
  object: z.literal('intake'),
  bookingId: z.string(),
  /** Where it was answered: on the booking page before paying, or from the mail's link. */
  timing: z.enum(['before_booking', 'by_mail']),
}));

/** payment.succeeded and payment.refunded. */
export const paymentEventObject = /* @__PURE__ */ pure(() => z.object({
  object: z.literal('payment'),
  /** Stripe's payment intent id: the clinic finds the payment in its Stripe dashboard by it. */
  id: z.string(),
  /** What was paid for, and its id. */
  for: z.object({ type: z.enum(['booking', 'form_submission']), id: z.string() }),
  status: z.enum(['succeeded', 'refunded', 'partially_refunded']),
  amountCents: z.number(),
  refundedCents: z.number(),
  /** The same amounts, named for what they are: minor units of `currency`. */
  amountMinor: z.number(),
  refundedMinor: z.number(),
  currency: z.enum(CURRENCIES),
}));

/** The object of series.booked (issue 37): the series' rule and its visits, each a booking as above. */
export const seriesEventObject = /* @__PURE__ */ pure(() => z.object({
  object: z.literal('series'),
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  everyWeeks: z.number(),
  /** The local time of the visits in `timeZone` ('10:00'). */
  time: z.string(),
  timeZone: z.string(),
  /** The visits in time order (each with `seriesId`'s bookings' fields). */
  visits: z.array(bookingEventObject),
  createdAt: z.string(),
}));

export type SeriesEventObject = z.infer<typeof seriesEventObject>;
/** waitlist.offer_made and waitlist.offer_taken: the offer, the patient it went to, and (taken) the booking. */
export const waitlistOfferEventObject = /* @__PURE__ */ pure(() => z.object({
  object: z.literal('waitlist_offer'),
  id: z.string(),
  entryId: z.string(),
  /** 'one-by-one': held for this patient until expiresAt; 'all-at-once': told to everyone waiting who fits. */
  mode: z.enum(['one-by-one', 'all-at-once']),
  status: z.enum(['open', 'taken', 'lapsed', 'withdrawn']),
  source: z.enum(['freed', 'staff']),
  packageId: z.string(),
  packageName: z.string(),
  practitioner: z.nullable(z.object({ id: z.string(), name: z.string() })),
  startUtc: z.string(),
  endUtc: z.string(),
  timeZone: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  expiresAt: z.string(),
  /** The booking made from the offer (offer_taken), else null. */
  bookingId: z.nullable(z.string()),
  patient: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  priceMinor: z.number(),
  currency: z.enum(CURRENCIES),
  createdAt: z.string(),
}));

export type BookingEventObject = z.infer<typeof bookingEventObject>;
export type WaitlistOfferEventObject = z.infer<typeof waitlistOfferEventObject>;
export type AppointmentEventObject = z.infer<typeof appointmentEventObject>;
export type LeadEventObject = z.infer<typeof leadEventObject>;
export type PaymentEventObject = z.infer<typeof paymentEventObject>;
export type IntakeEventObject = z.infer<typeof intakeEventObject>;

/** Each event type's `data.object`. */
export const WEBHOOK_EVENT_OBJECTS: Record<WebhookEventType, z.ZodMiniType> = {
  'booking.held': bookingEventObject,
  'booking.confirmed': bookingEventObject,
  'booking.cancelled': bookingEventObject,
  'booking.rescheduled': bookingEventObject,
  'booking.attended': bookingEventObject,
  'booking.no_show': bookingEventObject,
  'booking.late_cancellation': bookingEventObject,
  'booking.fee_charged': bookingEventObject,
  'booking.fee_failed': bookingEventObject,
  'booking.paid_at_clinic': bookingEventObject,
  'payment.succeeded': paymentEventObject,
  'payment.refunded': paymentEventObject,
  'lead.created': leadEventObject,
  'appointment.requested': appointmentEventObject,
  'appointment.status_changed': appointmentEventObject,
  'series.booked': seriesEventObject,
  'waitlist.offer_made': waitlistOfferEventObject,
  'waitlist.offer_taken': waitlistOfferEventObject,
  'intake.completed': intakeEventObject,
};

/** GET /organization/webhooks/{id}/deliveries paging (newest first, 25 a page unless `limit` says). */
export const webhookDeliveriesQuerySchema = pageQuerySchema;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of GET /organization/webhooks. */
export const listWebhooksReply = /* @__PURE__ */ pure(() => listOf(webhookEndpointRecord));

/** `data` of POST /organization/webhooks. */
export const createWebhookReply = webhookEndpointCreatedRecord;

/** `data` of PUT /organization/webhooks/{id}. */
export const updateWebhookReply = webhookEndpointRecord;

/** `data` of GET /organization/webhooks/{id}/deliveries. */
export const listDeliveriesReply = /* @__PURE__ */ pure(() => pageOf(webhookDeliveryRecord));

/** `data` of POST /organization/webhooks/{id}/deliveries/{deliveryId}/resend. */
export const resendDeliveryReply = webhookDeliveryRecord;
