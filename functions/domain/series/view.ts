// What staff see of a series: its rule and patient, and its visits as bookings (time order).
import type * as z from 'zod/mini';
import type { seriesViewRecord } from '#shared/bookings/series-schemas';
import type { BookingRecord } from '../../data/bookings';
import type { SeriesRecord, SeriesStatus } from '../../data/series';
import { toBookingView } from '#domain/bookings/views';

/**
 * Where the series stands: a staff series is booked whole; a patient's is 'held' until paid, and is
 * shown 'expired' once none of its visits is held or booked any more (its Checkout expired, or its holds
 * ran out before the Checkout's own end was heard of).
 */
export function seriesStatus(s: SeriesRecord, visits: readonly BookingRecord[]): SeriesStatus {
  const status = s.status ?? 'booked';
  if (status === 'held' && !visits.some((b) => b.status === 'held' || b.status === 'confirmed')) return 'expired';
  return status;
}

export function seriesView(s: SeriesRecord, visits: readonly BookingRecord[]): z.input<typeof seriesViewRecord> {
  return {
    status: seriesStatus(s, visits),
    refundedByHandCents: s.refundedByHandCents ?? 0,
    id: s.id,
    packageId: s.packageId,
    packageName: s.packageName,
    everyWeeks: s.everyWeeks,
    time: s.time,
    timeZone: s.timeZone,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    createdAt: s.createdAt,
    visits: visits.map(toBookingView),
  };
}
