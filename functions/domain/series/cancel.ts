// Cancelling visits of a series: one, this and the following ones, or all that are still ahead. Each
// visit is cancelled by the very move of a single booking (domain/bookings/places.ts cancelConfirmed,
// or releaseHeld for one still held), guarded by its state: so its place is given back once, its
// `time-freed` and `appointment-cancelled` events and its webhook are written with it, and a retried
// request cancels nothing twice. The patient gets one mail for all of them (the first visit cancelled
// carries it in its transaction: it exists if and only if a visit was cancelled now). A visit of a course
// paid up front gives back its share as it is cancelled, each once (course-refund.ts).
import type { BookingRecord } from '../../data/bookings';
import { getBooking } from '../../data/bookings';
import { auditItem } from '../../data/audit';
import { outboxMail } from '../../data/outbox';
import { getOrganization } from '../../data/organizations';
import type { SeriesRecord } from '../../data/series';
import { seriesVisits } from '../../data/series';
import { badRequest } from '#lib/errors';
import { SERIES_MESSAGES } from '#shared/bookings/series-schemas';
import { bookingMoney, clinicOf, whenText } from '#domain/bookings/mail';
import { cancelConfirmed, releaseHeld } from '#domain/bookings/places';
import { policyOf } from '#shared/policy';
import { courseShareDue, courseShareRefund } from './course-refund';
import { seriesCancelledMail } from './mail';

export type CancelScope = 'one' | 'following' | 'all';

const active = (b: BookingRecord) => b.status === 'confirmed' || b.status === 'held';

/** The visits a scope names, from `from`: still confirmed or held, and (but for 'one') not started yet. */
export function visitsInScope(visits: readonly BookingRecord[], from: BookingRecord, scope: CancelScope, now: Date): BookingRecord[] {
  if (scope === 'one') return active(from) ? [from] : [];
  const ahead = (b: BookingRecord) => active(b) && Date.parse(b.startUtc) > now.getTime();
  if (scope === 'all') return visits.filter(ahead);
  return visits.filter((b) => ahead(b) && b.startUtc >= from.startUtc);
}

/** Cancels the visits of `scope` (staff `actorId`); returns those cancelled now. */
export async function cancelSeriesVisits(series: SeriesRecord, bookingId: string, scope: CancelScope, actorId: string, now = new Date()): Promise<BookingRecord[]> {
  const visits = await seriesVisits(series);
  const from = visits.find((b) => b.id === bookingId);
  if (!from) throw badRequest(SERIES_MESSAGES.notInSeries, { bookingId: SERIES_MESSAGES.notInSeries });
  const targets = visitsInScope(visits, from, scope, now);
  if (!targets.length) return [];
  const org = await getOrganization(series.orgId);
  const policy = policyOf(org ?? {});
  const at = now.toISOString();
  // The mail names the refund of every visit it lists (a held visit paid nothing yet: its share is 0).
  const share = (b: BookingRecord) => (b.status === 'confirmed' ? courseShareDue(b, policy) : 0);
  const refundTotal = targets.reduce((sum, b) => sum + share(b), 0);
  const mail = outboxMail(`series-cancelled-${series.orgId}-${series.id}-${targets[0].id}`, seriesCancelledMail(targets, clinicOf(org), refundTotal), series.orgId);
  const cancelled: BookingRecord[] = [];
  for (const b of targets) {
    const refund = courseShareRefund(b, share(b), at);
    const audit = auditItem({
      orgId: series.orgId, actorId, module: 'BOOKING_PACKAGES', action: 'update', recordType: 'booking', recordId: b.id,
      summary: `Cancelled visit ${visits.indexOf(b) + 1} of ${visits.length} of the series of ${b.firstName} ${b.lastName} for "${b.packageName}" (${whenText(b).short})${share(b) ? `; its share of the course, ${bookingMoney(b, share(b))}, refunded` : ''}`, at,
    });
    // The mail rides with the first visit actually cancelled now.
    const also = [...(cancelled.length === 0 ? [audit, mail] : [audit]), ...refund.also];
    const moved = b.status === 'held'
      ? await releaseHeld(b, 'cancelled', at, { cancelledBy: actorId }, also)
      : await cancelConfirmed(b, at, { cancelledBy: actorId, ...refund.changes }, { fromPayment: [b.paymentStatus], also, now, report: refund.report });
    // Moved meanwhile (cancelled by the patient, refunded): it is not ours to cancel any more.
    if (moved) cancelled.push((await getBooking(series.orgId, b.id)) ?? b);
  }
  return cancelled;
}
