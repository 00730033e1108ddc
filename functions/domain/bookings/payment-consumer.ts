// Stripe's events for bookings (metadata.kind 'booking'), registered in
// functions/domain/payments/consumers.ts. A booking is confirmed ONLY here, when Stripe reports the
// payment; nothing is mailed or notified as 'booked' before. Every change is a guarded move
// (places.ts) carrying its mails and staff notices as outbox rows with ids derived from the booking,
// in the same transaction, so one session completed under several event ids at once confirms, mails
// and notifies once:
//   completed  held -> confirmed (counters too), staff told, visitor mailed with an .ics. Paid after
//              the hold was released: the place is taken again if one is free, else the payment is
//              recorded, the booking flagged, staff told and the visitor mailed. Paid for a cancelled
//              booking: recorded and flagged (refund it).
//              A paid amount that differs from the price is still recorded as paid (the payer was
//              charged) and the booking confirmed, but flagged (needsAttention), staff told, and the
//              audit log says so.
//   expired    held -> expired, place freed.
//   refunded   paid -> refunded (a confirmed future booking is cancelled, its place freed and the
//              patient mailed the calendar file that removes it), or
//              partially_refunded.
// An event for a booking that does not exist (yet) is handed back (PaymentTargetMissing).
import { countMetric, log } from '#lib/log';
import type { CheckoutSession } from '#lib/stripe';
import { auditItem } from '../../data/audit';
import { getAvailability, rulesOf } from '../../data/availability';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { retryOnConflict, TRY_AGAIN, type TransactItem } from '../../data/core';
import type { NotifyInput } from '../../data/notice';
import { getOrganization } from '../../data/organizations';
import { outboxMail, outboxNotice } from '../../data/outbox';
import { moneyDelta, reportDayOf, reportItems } from '../../data/reports';
import { amountText, differenceNote, paidDifference, STRIPE_ACTOR, type PaidDifference } from '#domain/payments/amounts';
import { PaymentTargetMissing, type PaymentConsumer, type PaymentRef, type Refund } from '#domain/payments/contract';
import { bookingMoney, bookingRowId, clinicOf, confirmationMail, refundCancellationMail, unplacedPaymentMail, whenText } from './mail';
import { cancelConfirmed, confirmHeld, reinstateExpired, releaseHeld, updateBooking } from './places';
import { manageLink } from './manage-link';
import { bookingReminderItems } from './reminder';
import { bookingPaymentSucceededItems, paymentEventItems } from '../../data/webhooks';
import { bookingCardSaved, bookingSetupFailed } from './card-consumer';
import { bookingRefundFailed } from '#domain/payments/refund-failed';
import { refundKey, refundStep } from '#domain/payments/refund-order';

async function bookingOf(metadata: Record<string, string> | undefined): Promise<BookingRecord | undefined> {
  const orgId = metadata?.orgId;
  const bookingId = metadata?.bookingId;
  if (!orgId || !bookingId) return undefined;
  const booking = await getBooking(orgId, bookingId);
  if (booking) return booking;
  if (await getOrganization(orgId)) throw new PaymentTargetMissing(`Booking ${bookingId} of ${orgId}`);
  log.warn('Stripe event for a booking of an organisation that is gone', { orgId, bookingId });
  return undefined;
}

const who = (b: BookingRecord) => `${b.firstName} ${b.lastName}`;

/** A staff notice about a booking, as an outbox row under `id`. */
const notice = (b: BookingRecord, id: string, title: string, message: string): TransactItem =>
  outboxNotice(id, b.orgId, { title, message, link: `/bookings/booking/${b.id}`, module: 'BOOKING_PACKAGES', about: b.email } satisfies NotifyInput);

/** The rows that flag a paid amount differing from the price: a staff notice and an audit entry. */
function differenceRows(b: BookingRecord, d: PaidDifference, at: string): TransactItem[] {
  return [
    notice(b, bookingRowId('amount-notice', b), 'Booking needs attention', `${who(b)} paid ${d.paid} for "${b.packageName}" (${whenText(b).short}), but the price is ${d.price}. Please check the payment.`),
    auditItem({
      orgId: b.orgId, actorId: STRIPE_ACTOR, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: b.id, at,
      summary: `Payment of ${d.paid} for the booking of ${who(b)} ("${b.packageName}", ${whenText(b).short}) differs from the price ${d.price}: recorded as paid and flagged for staff`,
    }),
  ];
}

/** Joins what staff must act on into the booking's one note. */
const attention = (...notes: (string | undefined)[]) => notes.filter(Boolean).join(' ') || null;

export const bookingPaymentConsumer: PaymentConsumer = {
  // A card held for fees (card-consumer.ts).
  cardSaved: (setup) => bookingCardSaved(setup),
  // A refund that failed after it was made: corrected once (domain/payments/refund-failed.ts).
  refundFailed: (ref, refund) => bookingRefundFailed(ref.orgId, refund.metadata.bookingId ?? ref.metadata.bookingId, refund),
  setupFailed: (metadata, reason) => bookingSetupFailed(metadata, reason),

  async completed(session: CheckoutSession) {
    const found = await bookingOf(session.metadata);
    if (!found) return;
    let booking: BookingRecord = found;
    const org = await getOrganization(booking.orgId);
    const orgName = org?.name ?? 'the clinic';
    const at = new Date().toISOString();
    // A deposit package's session was opened for its deposit (the policy agreed when booking), not the price.
    const difference = paidDifference({ cents: booking.paymentPolicy?.dueNowMinor ?? booking.priceCents, currency: booking.currency }, session);
    const payment: Partial<BookingRecord> = {
      stripeSessionId: session.id,
      paymentIntentId: session.payment_intent,
      amountPaidCents: session.amount_total,
      payerEmail: session.customer_details?.email ?? session.customer_email ?? booking.email,
      paidAt: at,
    };
    const flagged = (b: BookingRecord) => (difference ? differenceRows(b, difference, at) : []);
    // The money received counts on the day it came in (the clinic's zone), with whichever move records it
    // (and in the figures of the booking's practitioner).
    const received = moneyDelta('paid', reportDayOf(at, org?.timeZone ?? booking.timeZone), session.currency, session.amount_total, booking.practitionerId);
    /** Counts the payment once it is recorded: the booking confirmed, or flagged for staff. */
    const fields = { kind: 'booking', orgId: booking.orgId };
    const counted = (confirmed: boolean) => {
      countMetric('PaymentsSucceeded', 1, fields);
      if (confirmed) countMetric('BookingsConfirmed', 1, fields);
      if (difference || !confirmed) countMetric('PaymentsNeedingAttention', 1, fields);
    };

    // payment.succeeded rides with whichever move below records the payment (once: its id is the payment's).
    const intent = session.payment_intent ?? session.id;
    const paymentEvent = await bookingPaymentSucceededItems(booking.orgId, booking.id, { id: intent, amountCents: session.amount_total, currency: session.currency }, at);

    // Whatever state the booking is found in, one guarded move; when another writer moved it first
    // (a hold released, the same payment under another event id), read it again and decide anew.
    return retryOnConflict<void>(async (attempt) => {
      if (attempt > 0) {
        const fresh = await getBooking(booking.orgId, booking.id);
        if (!fresh) return;
        booking = fresh;
      }
      const b = booking;
      const confirmedRows = () => {
        const confirmed: BookingRecord = { ...b, ...payment, status: 'confirmed', paymentStatus: 'paid' };
        const manage = manageLink(b, org);
        return [
          manage.item,
          outboxMail(bookingRowId('confirmed', b), confirmationMail(confirmed, clinicOf(org), manage.text), b.orgId),
          notice(b, bookingRowId('confirmed-notice', b), 'New booking', `${who(b)} booked "${b.packageName}" for ${whenText(b).short} and paid ${amountText(session.amount_total, session.currency)}.`),
          ...bookingReminderItems(b, org),
          ...flagged(b),
          ...paymentEvent,
        ];
      };
      const confirmedPayment = { ...payment, needsAttention: attention(difference && differenceNote(difference)) };

      if (b.status === 'held') {
        if (await confirmHeld(b, confirmedPayment, at, confirmedRows(), received)) return counted(true);
        return TRY_AGAIN;
      }
      if (b.status === 'expired' && b.paymentStatus !== 'paid') {
        // Paid in time, but the event came after the hold was released: take the place again if free.
        const rules = rulesOf(await getAvailability(b.orgId), org?.timeZone);
        const outcome = await reinstateExpired(b, rules.capacity, confirmedPayment, at, confirmedRows(), received);
        if (outcome === 'confirmed') return counted(true);
        if (outcome === 'state') return TRY_AGAIN;
        const note = attention('Paid after the hold ran out, and the time was taken meanwhile: offer another time or refund.', difference && differenceNote(difference));
        const unplaced: BookingRecord = { ...b, ...payment, paymentStatus: 'paid' };
        const moved = await updateBooking(b, { status: ['expired'], paymentStatus: ['unpaid', 'pending'] }, { ...payment, paymentStatus: 'paid', needsAttention: note, updatedAt: at }, [
          outboxMail(bookingRowId('unplaced', b), unplacedPaymentMail(unplaced, orgName), b.orgId),
          notice(b, bookingRowId('unplaced-notice', b), 'Booking needs attention', `${who(b)} paid for "${b.packageName}" at ${whenText(b).short}, but that time is no longer free.`),
          ...flagged(b),
          ...reportItems(b.orgId, received),
          ...paymentEvent,
        ]);
        if (moved) return counted(false);
        return TRY_AGAIN;
      }
      if (b.status === 'cancelled' && (b.paymentStatus === 'unpaid' || b.paymentStatus === 'pending')) {
        const note = attention('Paid after the booking was cancelled: refund the payment.', difference && differenceNote(difference));
        const moved = await updateBooking(b, { status: ['cancelled'], paymentStatus: ['unpaid', 'pending'] }, { ...payment, paymentStatus: 'paid', needsAttention: note, updatedAt: at }, [
          notice(b, bookingRowId('paid-cancelled-notice', b), 'Booking needs attention', `${who(b)} paid for a cancelled booking of "${b.packageName}" (${whenText(b).short}). Please refund it.`),
          ...flagged(b),
          ...reportItems(b.orgId, received),
          ...paymentEvent,
        ]);
        if (moved) return counted(false);
        return TRY_AGAIN;
      }
      return; // confirmed, or its payment recorded already
    }, { attempts: 4, exhausted: () => new Error(`Booking ${booking.id} kept changing while its payment was recorded`) });
  },

  async expired(session: CheckoutSession) {
    const booking = await bookingOf(session.metadata);
    if (!booking || booking.status !== 'held') return;
    if (booking.stripeSessionId && booking.stripeSessionId !== session.id) return;
    await releaseHeld(booking, 'expired', new Date().toISOString(), { stripeSessionId: session.id });
  },

  async refunded(ref: PaymentRef, refund: Refund) {
    // Read, decide and move; when the booking changed meanwhile, read again (3 tries, then left as it is).
    return retryOnConflict<void>(async () => {
      const booking = await bookingOf({ ...ref.metadata, orgId: ref.orgId });
      if (!booking) return;
      const at = new Date().toISOString();
      const fromPayment: BookingRecord['paymentStatus'][] = ['paid', 'partially_refunded'];
      // Refunded before its payment was recorded (events come in any order): deliver it again later.
      if (booking.paymentStatus === 'pending' || booking.paymentStatus === 'unpaid') throw new PaymentTargetMissing(`The payment of booking ${booking.id}`);
      if (!fromPayment.includes(booking.paymentStatus)) return;
      // Stripe's running total as of the event's time, less refunds failed since (domain/payments/refund-order.ts).
      const step = refundStep(booking.refundedCents ?? 0, booking, refund);
      if (step === 'later') throw new PaymentTargetMissing(`The failed refund that lowered the refunds of booking ${booking.id}`);
      if (step === 'recorded') return; // this refund (or a later one) is recorded, or a failed one's older count
      const total = step.take;
      const full = total >= refund.amount;
      const key = refundKey(total, booking);
      const changes: Partial<BookingRecord> = { paymentStatus: full ? 'refunded' : 'partially_refunded', refundedCents: total, refundAt: refund.at };
      const cancels = full && booking.status === 'confirmed' && Date.parse(booking.startUtc) > Date.now();
      const told = notice(
        booking,
        bookingRowId(`refunded-${key}-notice`, booking),
        full ? 'Booking refunded' : 'Booking partly refunded',
        `${bookingMoney(booking, total)} of ${bookingMoney(booking, refund.amount)} refunded to ${who(booking)} for "${booking.packageName}" (${whenText(booking).short}).` +
          (cancels ? ' The booking is cancelled and its time is free again.' : ''),
      );
      // What this refund adds to the refunds recorded (Stripe sends the running total), on today's figures.
      const refunded = moneyDelta('refunded', reportDayOf(at, booking.timeZone), booking.currency, total - (booking.refundedCents ?? 0), booking.practitionerId);
      const event = await paymentEventItems(
        booking.orgId,
        'payment.refunded',
        { object: 'payment', id: refund.paymentIntentId, for: { type: 'booking', id: booking.id }, status: full ? 'refunded' : 'partially_refunded', amountCents: refund.amount, refundedCents: total, currency: booking.currency },
        `payment-refunded-${refund.paymentIntentId}-${key}`,
        at,
      );
      // A refund that cancels tells the patient too, with the calendar file that removes the event.
      const patient = cancels ? [outboxMail(bookingRowId('refund-cancelled', booking), refundCancellationMail(booking, clinicOf(await getOrganization(booking.orgId)), total), booking.orgId)] : [];
      const guard = { refundedBelow: total, refundedWas: booking.refundedCents ?? null, failuresWas: booking.refundsFailed?.length ?? 0 };
      const moved = cancels
        ? await cancelConfirmed(booking, at, changes, { fromPayment, ...guard, also: [told, ...patient, ...event], report: refunded })
        : await updateBooking(booking, { status: [booking.status], paymentStatus: fromPayment, ...guard }, { ...changes, updatedAt: at }, [told, ...reportItems(booking.orgId, refunded), ...event]);
      if (moved) return countMetric('PaymentsRefunded', 1, { kind: 'booking', orgId: booking.orgId });
      return TRY_AGAIN; // changed meanwhile: read again
    }, { attempts: 3, exhaustedResult: () => undefined });
  },
};
