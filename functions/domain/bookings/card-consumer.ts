// Stripe's setup-mode events for bookings that hold a card for fees (issue 36), part of the booking
// consumer (payment-consumer.ts). The card saved: the held booking is confirmed with `savedCard`
// (confirm-unpaid.ts: one guarded move, its mail, notice and reminders once), whether
// checkout.session.completed (mode setup) or setup_intent.succeeded comes first, and however often
// either is delivered. A card saved for a booking no longer held (its hold ran out as the patient
// finished) is kept on it and the booking flagged for staff, as a late payment is. A refused card
// changes nothing: the patient may try another in the same Checkout, and the hold runs out otherwise.
import { countMetric, log } from '#lib/log';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { getOrganization } from '../../data/organizations';
import { outboxNotice } from '../../data/outbox';
import { PaymentTargetMissing, type SavedSetup } from '#domain/payments/contract';
import { bookingRowId, whenText } from './mail';
import { confirmUnpaid } from './confirm-unpaid';
import { updateBooking } from './places';

async function bookingOf(metadata: Record<string, string>): Promise<BookingRecord | undefined> {
  const { orgId, bookingId } = metadata;
  if (!orgId || !bookingId) return undefined;
  const booking = await getBooking(orgId, bookingId);
  if (booking) return booking;
  if (await getOrganization(orgId)) throw new PaymentTargetMissing(`Booking ${bookingId} of ${orgId}`);
  return undefined;
}

export async function bookingCardSaved(setup: SavedSetup): Promise<void> {
  const savedCard = { customerId: setup.customerId, paymentMethodId: setup.paymentMethodId, brand: setup.brand, last4: setup.last4 };
  // Two tries: a twin event may move the booking between the read and the move.
  for (let attempt = 0; attempt < 2; attempt++) {
    const b = await bookingOf(setup.metadata);
    if (!b || b.savedCard) return; // saved already (a duplicated or the other event)
    // Its own session only: a session the booking no longer names is not its card.
    if (setup.sessionId && b.stripeSessionId && b.stripeSessionId !== setup.sessionId) return;
    const at = new Date().toISOString();
    if (b.status === 'held') {
      if (await confirmUnpaid(b, await getOrganization(b.orgId), { savedCard, ...(setup.sessionId ? { stripeSessionId: setup.sessionId } : {}) }, at)) return;
      continue;
    }
    if (b.status === 'confirmed') return;
    // Expired or cancelled meanwhile: keep the card with it and tell staff (offer another time, or let it be).
    const note = 'A card was saved after the hold ended: offer the patient another time.';
    const told = outboxNotice(bookingRowId('card-late-notice', b), b.orgId, {
      title: 'Booking needs attention',
      message: `${b.firstName} ${b.lastName} saved a card for "${b.packageName}" (${whenText(b).short}), but the hold had ended.`,
      link: `/bookings/booking/${b.id}`,
      module: 'BOOKING_PACKAGES',
      about: b.email,
    });
    if (await updateBooking(b, { status: [b.status] }, { savedCard, needsAttention: note, updatedAt: at }, [told])) {
      countMetric('PaymentsNeedingAttention', 1, { kind: 'booking', orgId: b.orgId });
      return;
    }
  }
}

export function bookingSetupFailed(metadata: Record<string, string>, reason: string): Promise<void> {
  // Ids only in logs; the patient is still in Checkout, which shows them why.
  log.warn('A card could not be saved for a booking', { orgId: metadata.orgId, bookingId: metadata.bookingId, reason });
  return Promise.resolve();
}
