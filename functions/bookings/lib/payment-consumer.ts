// Stripe's events for bookings (metadata.kind 'booking'), registered in
// functions/payments/lib/consumers.ts. A booking is confirmed ONLY here, when Stripe reports the
// payment; nothing is mailed or notified as 'booked' before. Every change is a guarded move
// (places.ts), so a replayed or late event changes nothing:
//   completed  held -> confirmed (counters in the same transaction), staff told, visitor mailed with
//              an .ics once (a mail that failed is sent on the event's retry). Paid after the hold was
//              released: the place is taken again if one is free, else staff are asked to act.
//   expired    held -> expired, place freed.
//   refunded   paid -> refunded (a confirmed future booking is cancelled and its place freed), or
//              partially_refunded.
import { formatDollars } from '#shared/bookings/time';
import { sendMail } from '#lib/mail';
import type { CheckoutSession, StripeEvent } from '#lib/stripe';
import { getAvailability, rulesOf } from '../../data/availability';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { notifyStaff } from '../../data/notifications';
import { getOrganization } from '../../data/organizations';
import type { PaymentConsumer, PaymentRef } from '../../payments/lib/consumers';
import { confirmationMail, unplacedPaymentMail, whenText } from './mail';
import { cancelConfirmed, confirmHeld, reinstateExpired, releaseHeld, updateBooking } from './places';

function log(level: 'warn' | 'error', message: string, extra: Record<string, unknown> = {}) {
  console[level](JSON.stringify({ level, where: 'booking-payment', message, ...extra }));
}

async function bookingOf(metadata: Record<string, string> | undefined): Promise<BookingRecord | undefined> {
  const orgId = metadata?.orgId;
  const bookingId = metadata?.bookingId;
  if (!orgId || !bookingId) return undefined;
  const booking = await getBooking(orgId, bookingId);
  if (!booking) log('warn', 'Stripe event for an unknown booking', { orgId, bookingId });
  return booking;
}

const link = (b: BookingRecord) => `/bookings/booking/${b.id}`;
const who = (b: BookingRecord) => `${b.firstName} ${b.lastName}`;

async function tellStaff(b: BookingRecord, title: string, message: string) {
  await notifyStaff(b.orgId, { title, message, link: link(b), module: 'BOOKING_PACKAGES' }).catch((error) =>
    log('error', 'Could not notify staff', { bookingId: b.id, title, error: (error as Error).message }),
  );
}

/** Mails the confirmation once (confirmationSentAt); a failure throws so the event is retried. */
async function mailConfirmation(b: BookingRecord) {
  if (b.status !== 'confirmed' || b.confirmationSentAt) return;
  const org = await getOrganization(b.orgId);
  await sendMail(confirmationMail(b, org?.name ?? 'the clinic'));
  const at = new Date().toISOString();
  await updateBooking(b, { status: ['confirmed'] }, { confirmationSentAt: at, updatedAt: at });
}

async function announceConfirmed(b: BookingRecord) {
  await tellStaff(b, 'New booking', `${who(b)} booked "${b.packageName}" for ${whenText(b).short} and paid ${formatDollars(b.amountPaidCents ?? b.priceCents)}.`);
}

export const bookingPaymentConsumer: PaymentConsumer = {
  async completed(session: CheckoutSession, _event: StripeEvent) {
    const booking = await bookingOf(session.metadata);
    if (!booking) return;
    if (session.amount_total !== booking.priceCents || session.currency !== booking.currency) {
      log('error', 'Paid amount differs from the booking price', { bookingId: booking.id, expected: booking.priceCents, paid: session.amount_total, currency: session.currency });
    }
    const at = new Date().toISOString();
    const payment: Partial<BookingRecord> = {
      stripeSessionId: session.id,
      paymentIntentId: session.payment_intent,
      amountPaidCents: session.amount_total,
      payerEmail: session.customer_details?.email ?? session.customer_email ?? booking.email,
      paidAt: at,
    };

    let confirmedNow = booking.status === 'held' && (await confirmHeld(booking, payment, at));
    let current = (await getBooking(booking.orgId, booking.id))!;

    if (!confirmedNow && current.status === 'expired' && current.paymentStatus !== 'paid') {
      // Paid in time, but the event came after the hold was released: take the place again if free.
      const org = await getOrganization(current.orgId);
      const rules = rulesOf(await getAvailability(current.orgId), org?.timeZone);
      const outcome = await reinstateExpired(current, rules.capacity, payment, at);
      current = (await getBooking(booking.orgId, booking.id))!;
      if (outcome === 'confirmed') confirmedNow = true;
      else if (outcome === 'full') {
        const note = 'Paid after the hold ran out, and the time was taken meanwhile: offer another time or refund.';
        if (await updateBooking(current, { status: ['expired'], paymentStatus: ['unpaid', 'pending'] }, { ...payment, paymentStatus: 'paid', needsAttention: note, updatedAt: at })) {
          current = (await getBooking(booking.orgId, booking.id))!;
          await tellStaff(current, 'Booking needs attention', `${who(current)} paid for "${current.packageName}" at ${whenText(current).short}, but that time is no longer free.`);
          const org2 = await getOrganization(current.orgId);
          await sendMail(unplacedPaymentMail(current, org2?.name ?? 'the clinic')).catch((error) => log('error', 'Could not mail the visitor', { bookingId: current.id, error: (error as Error).message }));
        }
        return;
      }
    } else if (!confirmedNow && current.status === 'cancelled' && (current.paymentStatus === 'unpaid' || current.paymentStatus === 'pending')) {
      const note = 'Paid after the booking was cancelled: refund the payment.';
      if (await updateBooking(current, { status: ['cancelled'], paymentStatus: ['unpaid', 'pending'] }, { ...payment, paymentStatus: 'paid', needsAttention: note, updatedAt: at })) {
        await tellStaff(current, 'Booking needs attention', `${who(current)} paid for a cancelled booking of "${current.packageName}" (${whenText(current).short}). Please refund it.`);
      }
      return;
    }

    if (confirmedNow) await announceConfirmed(current);
    // Also on a redelivery: a confirmation whose mail failed before is sent now.
    if (current.status === 'confirmed' && current.stripeSessionId === session.id) await mailConfirmation(current);
  },

  async expired(session: CheckoutSession) {
    const booking = await bookingOf(session.metadata);
    if (!booking || booking.status !== 'held') return;
    if (booking.stripeSessionId && booking.stripeSessionId !== session.id) return;
    await releaseHeld(booking, 'expired', new Date().toISOString(), { stripeSessionId: session.id });
  },

  async refunded(ref: PaymentRef, refund: { paymentIntentId: string; amount: number; amountRefunded: number }) {
    const full = refund.amountRefunded >= refund.amount;
    for (let attempt = 0; attempt < 3; attempt++) {
      const booking = await bookingOf({ ...ref.metadata, orgId: ref.orgId });
      if (!booking) return;
      const at = new Date().toISOString();
      const fromPayment: BookingRecord['paymentStatus'][] = ['paid', 'partially_refunded'];
      if (!fromPayment.includes(booking.paymentStatus)) return;
      const changes: Partial<BookingRecord> = { paymentStatus: full ? 'refunded' : 'partially_refunded', refundedCents: refund.amountRefunded };
      const moved =
        full && booking.status === 'confirmed' && Date.parse(booking.startUtc) > Date.now()
          ? await cancelConfirmed(booking, at, changes, { fromPayment })
          : await updateBooking(booking, { status: [booking.status], paymentStatus: fromPayment }, { ...changes, updatedAt: at });
      if (!moved) continue; // changed meanwhile: read again
      await tellStaff(
        booking,
        full ? 'Booking refunded' : 'Booking partly refunded',
        `${formatDollars(refund.amountRefunded)} of ${formatDollars(refund.amount)} refunded to ${who(booking)} for "${booking.packageName}" (${whenText(booking).short}).` +
          (full && booking.status === 'confirmed' && Date.parse(booking.startUtc) > Date.now() ? ' The booking is cancelled and its time is free again.' : ''),
      );
      return;
    }
  },
};
