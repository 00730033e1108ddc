// The webhooks records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { pure } from '../common/schemas';
import { WEBHOOK_EVENT_TYPES } from './events';

/** The event types an endpoint can ask for (shared/webhooks/events.ts). */
const webhookEventType = /* @__PURE__ */ pure(() => z.enum(WEBHOOK_EVENT_TYPES));

/** A webhook endpoint (type `WebhookEndpoint` of shared/webhooks/schemas.ts is inferred from it). */
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
