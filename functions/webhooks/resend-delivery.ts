// POST /organization/webhooks/{id}/deliveries/{deliveryId}/resend (owner): sends the same event (same
// event id, so a receiver that has it can tell) once more, as a new delivery in the log.
import { resendDeliveryReply } from '#shared/webhooks/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getDelivery, getEndpoint, resendDelivery, toDeliveryView } from '../data/webhooks';

export const handler = endpoint({ reply: resendDeliveryReply }, async ({ caller, params }) => {
  const existing = await getEndpoint(caller.orgId, params.id);
  if (!existing) throw notFound('Webhook endpoint not found.');
  const original = await getDelivery(caller.orgId, existing.id, params.deliveryId);
  if (!original || original.payload.kind !== 'webhook-delivery') throw notFound('Delivery not found.');
  const row = await resendDelivery(caller.orgId, original.payload.delivery, caller.userId);
  return { status: 202, message: 'The event is being sent again.', data: toDeliveryView(row) };
});
