// A manage link of a visit of a series (issue 37): the patient sees the other visits of their series,
// and may cancel this visit and the following ones. Each is cancelled under the very rules of a single
// cancellation (lib/load.ts: only a confirmed visit before the clinic's cutoff, the refund its policy
// gives, visit by visit), by the guarded move of places.ts cancelConfirmed: its place given back once
// with its own `time-freed` event, and a visit cancelled already (a repeat) is not cancelled again.
import { describeInstant } from '#shared/bookings/slots';
import type { ManageView } from '#shared/manage/schemas';
import { auditItem } from '../../data/audit';
import { getBooking, type BookingRecord } from '../../data/bookings';
import { outboxMail, outboxNotice, outboxRefund } from '../../data/outbox';
import { getSeries, seriesVisits } from '../../data/series';
import { bookingMoney, bookingRowId, clinicOf, whenText } from '#domain/bookings/mail';
import { cancelConfirmed } from '#domain/bookings/places';
import { seriesPatientCancelledMail } from '#domain/series/mail';
import { courseShareRecord } from '#domain/series/course-refund';
import { PATIENT_ACTOR, changeableUntil, refundDue, type Opened } from './load';

/** The visits of the opened booking's series (none when it is a single booking). */
async function visitsOf({ booking }: Opened): Promise<BookingRecord[]> {
  if (!booking.seriesId) return [];
  const series = await getSeries(booking.orgId, booking.seriesId);
  return series ? seriesVisits(series) : [];
}

/** The visits "this and the following" cancels now: this one and those after it, confirmed and before their cutoff. */
function followingOf(opened: Opened, visits: readonly BookingRecord[], now: Date): BookingRecord[] {
  const from = visits.find((b) => b.id === opened.booking.id) ?? opened.booking;
  return visits.filter((b) => b.startUtc >= from.startUtc && b.status === 'confirmed' && now < changeableUntil(b, opened.policy));
}

/** What the manage page shows of the series, or undefined for a single booking. */
export async function seriesOfView(opened: Opened, now = new Date()): Promise<ManageView['series']> {
  const visits = await visitsOf(opened);
  if (!visits.length) return undefined;
  const following = opened.booking.status === 'confirmed' && now < changeableUntil(opened.booking, opened.policy) ? followingOf(opened, visits, now) : [];
  return {
    id: opened.booking.seriesId!,
    visits: visits.map((b) => {
      const w = describeInstant(b.startUtc, b.timeZone);
      return { bookingId: b.id, bookingDate: b.bookingDate, bookingTime: b.bookingTime, timeZone: b.timeZone, whenLabel: `${w.date} at ${w.time} ${w.zoneAbbreviation}`, status: b.status, current: b.id === opened.booking.id };
    }),
    following: following.length,
    refundFollowingCents: following.reduce((sum, b) => sum + refundDue(b, opened.policy), 0),
  };
}

/** Cancels this visit and the following ones (patient); the visits cancelled now. */
export async function cancelFollowing(opened: Opened, now = new Date()): Promise<BookingRecord[]> {
  const { org, policy } = opened;
  const targets = followingOf(opened, await visitsOf(opened), now);
  if (!targets.length) return [];
  const at = now.toISOString();
  const first = targets[0];
  const who = `${first.firstName} ${first.lastName}`;
  const total = targets.reduce((sum, b) => sum + refundDue(b, policy), 0);
  // One mail and one staff notice for them all, riding with the first visit cancelled now (so they exist only if it was).
  const once = [
    outboxMail(bookingRowId('patient-cancelled-following', first), seriesPatientCancelledMail(targets, clinicOf(org), total), first.orgId),
    outboxNotice(bookingRowId('patient-cancelled-following-notice', first), first.orgId, {
      title: 'Series visits cancelled by the patient',
      message: `${who} cancelled ${targets.length} visit${targets.length === 1 ? '' : 's'} of their series for "${first.packageName}" from ${whenText(first).short} with their manage link.${total ? ` ${bookingMoney(first, total)} is refunded.` : ''} The times are free again.`,
      link: `/bookings/series/${first.seriesId}`,
      module: 'BOOKING_PACKAGES',
    }),
  ];
  const cancelled: BookingRecord[] = [];
  for (const b of targets) {
    const refundCents = refundDue(b, policy);
    // A visit of a course paid up front: its share (the refund below) is recorded on it at once (course-refund.ts).
    const course = b.seriesId && b.paymentIntentId ? courseShareRecord(b, refundCents, at) : undefined;
    const also = [
      ...(cancelled.length === 0 ? once : []),
      // The single cancellation's refund, under the same Stripe idempotency key: a visit is never refunded twice.
      ...(refundCents > 0
        ? [outboxRefund(bookingRowId('patient-cancelled-refund', b), { paymentIntentId: b.paymentIntentId!, amountCents: refundCents, metadata: { kind: 'booking', orgId: b.orgId, bookingId: b.id }, idempotencyKey: `manage-cancel-${b.orgId}-${b.id}` }, b.orgId)]
        : []),
      auditItem({
        orgId: b.orgId, actorId: PATIENT_ACTOR, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: b.id, at,
        summary: `${who} cancelled their visit of the series for "${b.packageName}" (${whenText(b).short}) with the manage link${refundCents ? `; refund of ${bookingMoney(b, refundCents)} requested` : ''}`,
      }),
    ];
    // Changed meanwhile (staff cancelled or moved it): not ours to cancel any more.
    if (await cancelConfirmed(b, at, { cancelledBy: PATIENT_ACTOR, ...course?.changes }, { fromPayment: [b.paymentStatus], also, now, report: course?.report })) cancelled.push((await getBooking(b.orgId, b.id)) ?? b);
  }
  return cancelled;
}
