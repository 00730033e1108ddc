// One path for every Stripe event, whichever way it arrived: claim the event id (once), hand it to
// the consumer its metadata names, and record the outcome. A failure gives the claim back and
// rethrows, so the sender's retry can process it.
import type { CheckoutSession, StripeEvent } from '#lib/stripe';
import { claimEvent, completeEvent, findPayment, releaseEvent, rememberPayment } from '../../data/stripe-events';
import { CONSUMERS } from './consumers';

export type Outcome = 'processed' | 'duplicate' | 'ignored';

export async function processStripeEvent(event: StripeEvent): Promise<Outcome> {
  if (!event?.id || !event.type) return 'ignored';
  if (!(await claimEvent(event.id, event.type))) return 'duplicate';
  try {
    const outcome = await dispatch(event);
    await completeEvent(event.id, outcome);
    return outcome === 'ignored' ? 'ignored' : 'processed';
  } catch (error) {
    await releaseEvent(event.id).catch(() => undefined);
    throw error;
  }
}

async function dispatch(event: StripeEvent): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object as CheckoutSession;
      const consumer = CONSUMERS[session.metadata?.kind ?? ''];
      if (!consumer || !session.metadata?.orgId) return 'ignored';
      if (session.payment_status !== 'paid') return 'ignored'; // delayed methods: wait for async_payment_succeeded
      if (session.payment_intent) {
        await rememberPayment(session.payment_intent, { kind: session.metadata.kind!, orgId: session.metadata.orgId, metadata: session.metadata });
      }
      await consumer.completed(session, event);
      return 'completed';
    }
    case 'checkout.session.expired': {
      const session = event.data.object as CheckoutSession;
      const consumer = CONSUMERS[session.metadata?.kind ?? ''];
      if (!consumer?.expired || !session.metadata?.orgId) return 'ignored';
      await consumer.expired(session, event);
      return 'expired';
    }
    case 'charge.refunded': {
      const charge = event.data.object as { payment_intent?: string; amount: number; amount_refunded: number };
      if (!charge.payment_intent) return 'ignored';
      const ref = await findPayment(charge.payment_intent);
      const consumer = ref ? CONSUMERS[ref.kind] : undefined;
      if (!ref || !consumer?.refunded) return 'ignored';
      await consumer.refunded(ref, { paymentIntentId: charge.payment_intent, amount: charge.amount, amountRefunded: charge.amount_refunded }, event);
      return 'refunded';
    }
    default:
      return 'ignored';
  }
}
