// The webhook rows of the outbox (functions/data/webhooks.ts): an event is fanned out to one delivery
// row per endpoint that wants it; a delivery POSTs the signed event to its endpoint and logs the try.
// A receiver that fails is tried again after 1 min, 5 min, 30 min, 2 h, then every 6 h, until a day
// after the event (the worker then gives the delivery up). Deliveries of one object (a booking) to one
// endpoint go in the order of their events: a later one waits while an earlier one is pending, and is
// woken when that one is done.
import { decryptSecret } from '#lib/encryption';
import { sendWebhook, tryErrorText } from '#lib/webhook-send';
import type { OutboxRow } from '../../data/outbox';
import { earlierDeliveryPending, endpointSecretContext, fanOutEvent, getEndpoint, recordTry, type DeliveryRow } from '../../data/webhooks';
import { TryLater } from './outcomes';

export { TryLater };

/** The pauses after failed tries 1, 2, 3, ...; the last one repeats. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];
/** How long a delivery waiting behind an earlier one of its object sleeps before looking again (it is woken sooner). */
export const ORDER_WAIT_MS = 5 * 60_000;
/** How often a delivery to an endpoint that is turned off looks whether it is on again. */
export const PAUSED_WAIT_MS = 15 * 60_000;
/** Deliveries are tried until a day after their event, never later. */
export const DELIVERY_WINDOW_MS = 24 * 3600_000;

export const webhookRetryDelayMs = (tries: number) => WEBHOOK_RETRY_DELAYS_MS[Math.min(Math.max(tries, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1];

/** Thrown by a delivery that must not be tried again (its endpoint is gone, or its day is over). */
export class GiveUp extends Error {
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = 'GiveUp';
  }
}

export async function fanOut(row: OutboxRow): Promise<void> {
  if (row.payload.kind !== 'webhook-event' || !row.orgId) throw new Error('Not a webhook event row');
  await fanOutEvent(row.orgId, row.payload.event, row.payload.objectKey);
}

/** One try of a delivery the worker holds under `token`; returns when the receiver answered 2xx. */
export async function deliverWebhook(row: DeliveryRow, token: string): Promise<void> {
  if (row.payload.kind !== 'webhook-delivery' || !row.orgId) throw new Error('Not a webhook delivery row');
  const { delivery } = row.payload;
  const endpoint = await getEndpoint(row.orgId, delivery.endpointId);
  if (!endpoint) throw new GiveUp('The endpoint was deleted.');
  if (Date.now() - Date.parse(delivery.event.createdAt) >= DELIVERY_WINDOW_MS) throw new GiveUp('Not delivered within a day of the event.');
  // Turned off: what was pending waits (within its day) and goes out if the endpoint is turned on again.
  if (!endpoint.enabled) throw new TryLater('The endpoint is turned off.', PAUSED_WAIT_MS, true);
  if (await earlierDeliveryPending(row.orgId, delivery)) throw new TryLater('An earlier event for the same object is still being delivered.', ORDER_WAIT_MS, true);

  const secret = await decryptSecret(endpoint.secretSealed, endpointSecretContext(row.orgId, endpoint.id));
  const at = new Date();
  let status: number | undefined;
  let error: string | undefined;
  try {
    status = (await sendWebhook({ url: endpoint.url, body: JSON.stringify(delivery.event), secret, eventId: delivery.event.id, now: at })).status;
  } catch (failure) {
    error = tryErrorText(failure);
  }
  await recordTry(row, token, { at: at.toISOString(), responseStatus: status, error });
  if (status !== undefined && status >= 200 && status < 300) return;
  throw new TryLater(error ?? `The receiver answered ${status}.`, webhookRetryDelayMs((row.tries ?? 0) + 1));
}
