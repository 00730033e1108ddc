// Stripe events reach this one handler two ways: the signed webhook route (POST /payments/stripe/webhook)
// and the EventBridge rule on Stripe's partner event bus. Webhooks are verified by their signature;
// EventBridge events are read back from Stripe by id, so only Stripe's own version is processed.
import type { APIGatewayProxyEventV2, Context, EventBridgeEvent } from 'aws-lambda';
import { endpoint } from '#lib/http';
import { getSecrets } from '#lib/secrets';
import { retrieveEvent, verifyWebhookSignature, type StripeEvent } from '#lib/stripe';
import { HttpError } from '#lib/errors';
import { processStripeEvent } from './lib/process-event';

const webhook = endpoint({}, async ({ body, event }) => {
  const { stripeWebhookSecret } = await getSecrets();
  if (!stripeWebhookSecret) throw new HttpError(503, 'Stripe webhooks are not set up.');
  const signature = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'stripe-signature')?.[1];
  const stripeEvent = verifyWebhookSignature(String(body ?? ''), signature, stripeWebhookSecret);
  const outcome = await processStripeEvent(stripeEvent);
  return { message: outcome, data: { received: true, outcome } };
});

async function fromEventBridge(event: EventBridgeEvent<string, StripeEvent>) {
  const claimed = event.detail;
  if (!claimed?.id) return { outcome: 'ignored' };
  const verified = await retrieveEvent(claimed.id);
  return { outcome: await processStripeEvent(verified) };
}

export const handler = async (event: APIGatewayProxyEventV2 | EventBridgeEvent<string, StripeEvent>, context: Context) =>
  'routeKey' in event ? webhook(event, context) : fromEventBridge(event);
