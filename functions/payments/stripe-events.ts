// Stripe's events about payments (Checkout sessions paid or expired, refunds): for Stripe only, signed
// with the Stripe-Signature header. They reach this one handler two ways: the signed webhook route (POST /payments/stripe/webhook)
// and the EventBridge rule on Stripe's partner event bus. Webhooks are verified by their signature;
// EventBridge events are read back from Stripe by id, so only Stripe's own version is processed.
// An event that must be delivered again (claimed by a running attempt, or about a record that does
// not exist yet) is a 503 for the webhook (Stripe retries) and a thrown error for EventBridge (the
// invocation is retried, and what still fails lands in the dead-letter queue).
import { stripeEventsReply } from '#shared/bookings/schemas';
import type { APIGatewayProxyEventV2, Context, EventBridgeEvent } from 'aws-lambda';
import { endpoint } from '#http/http';
import { log, withInvocationLog } from '#lib/log';
import { getPaymentSecrets } from '#lib/secrets';
import { retrieveEvent, verifyWebhookSignature, type StripeEvent } from '#lib/stripe';
import { HttpError, serviceUnavailable } from '#lib/errors';
import { leaseFor, processStripeEvent, RetryLater } from './lib/process-event';

/** Each invocation's lease, by its event: the lease follows the time the invocation has. */
const leases = new WeakMap<object, number>();

const webhook = endpoint({ reply: stripeEventsReply }, async ({ body, event }) => {
  const { stripeWebhookSecret } = await getPaymentSecrets();
  if (!stripeWebhookSecret) throw new HttpError(503, 'Stripe webhooks are not set up.');
  const signature = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'stripe-signature')?.[1];
  const stripeEvent = verifyWebhookSignature(String(body ?? ''), signature, stripeWebhookSecret);
  try {
    const outcome = await processStripeEvent(stripeEvent, leases.get(event) ?? leaseFor(undefined));
    return { message: outcome, data: { received: true, outcome } };
  } catch (error) {
    if (error instanceof RetryLater) throw serviceUnavailable(error.message, error.retryAfterSeconds);
    throw error;
  }
});

async function fromEventBridge(event: EventBridgeEvent<string, StripeEvent>, context: Context) {
  const claimed = event.detail;
  if (!claimed?.id) return { outcome: 'ignored' };
  const started = performance.now();
  try {
    const verified = await retrieveEvent(claimed.id);
    const outcome = await processStripeEvent(verified, leaseFor(context?.getRemainingTimeInMillis?.()));
    log.info('Stripe event', { eventId: claimed.id, type: verified.type, outcome, durationMs: Math.round(performance.now() - started) });
    return { outcome };
  } catch (error) {
    // Thrown on: Lambda retries the event, then the dead-letter queue keeps it.
    if (error instanceof RetryLater) log.warn('Stripe event to be delivered again', { eventId: claimed.id, reason: error.message });
    else log.error('Stripe event failed', error, { eventId: claimed.id });
    throw error;
  }
}

const dispatch = async (event: APIGatewayProxyEventV2 | EventBridgeEvent<string, StripeEvent>, context: Context) => {
  if (!('routeKey' in event)) return withInvocationLog(context?.awsRequestId, 'stripe eventbridge', () => fromEventBridge(event, context));
  leases.set(event, leaseFor(context?.getRemainingTimeInMillis?.()));
  return webhook(event, context);
};

/** The webhook route's contract (the API document) is the endpoint's. */
export const handler = Object.assign(dispatch, { contract: webhook.contract });
