// What staff see of a series: its rule and patient, and its visits as bookings (time order).
import type * as z from 'zod/mini';
import type { seriesViewRecord } from '#shared/bookings/series-schemas';
import type { BookingRecord } from '../../data/bookings';
import type { SeriesRecord } from '../../data/series';
import { toBookingView } from '#domain/bookings/views';

export function seriesView(s: SeriesRecord, visits: readonly BookingRecord[]): z.input<typeof seriesViewRecord> {
  return {
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
