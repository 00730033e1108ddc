// Outbound webhooks (issue 16): the owner registers https endpoints in Organisation > Integrations;
// each event the organisation produces is sent, signed, to the endpoints that asked for its type.
// This file is the contract between the API (functions/webhooks/) and the console.
import * as z from 'zod/mini';
import { pageQuerySchema } from './common';

/** Every event type an endpoint can ask for, with the sentence the console shows next to it. */
export const WEBHOOK_EVENTS = {
  'booking.held': 'A visitor picked a slot and is paying (the slot is held).',
  'booking.confirmed': 'A booking is confirmed (paid, or free).',
  'booking.cancelled': 'A booking is cancelled by the patient or the clinic.',
  'booking.rescheduled': 'A booking moved to another time.',
  'payment.succeeded': 'A card payment for a booking or a form package succeeded.',
  'payment.refunded': 'A payment was refunded.',
  'lead.created': 'A visitor submitted a public form.',
  'appointment.requested': 'A visitor requested an appointment.',
  'appointment.status_changed': "An appointment's status changed.",
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

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

/** An endpoint as the API returns it: never its secret, only the last four characters. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description?: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** e.g. "whsec_…3f9a" */
  secretHint: string;
  createdAt: string;
  updatedAt: string;
}

/** POST /organization/webhooks answers 201 with the endpoint and its signing secret, shown once. */
export interface WebhookEndpointCreated {
  endpoint: WebhookEndpoint;
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event sent (or being sent) to one endpoint; `attempts` counts the tries so far. */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: string;
  lastAttemptAt?: string;
  /** The receiver's HTTP status on the last try, when it answered. */
  responseStatus?: number;
  /** Why the last try failed when there was no answer (timeout, refused, address not allowed). */
  error?: string;
  /** When the next try is due (pending deliveries after a failure). */
  nextAttemptAt?: string;
}

/** The JSON body every delivery carries. Receivers deduplicate on `id` (also in the Clinic-Event-Id header). */
export interface WebhookEventBody<T = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  /** ISO time the event happened. */
  createdAt: string;
  organizationId: string;
  data: { object: T };
}

/** GET /organization/webhooks/{id}/deliveries paging (newest first, 25 a page unless `limit` says). */
export const webhookDeliveriesQuerySchema = pageQuerySchema;
