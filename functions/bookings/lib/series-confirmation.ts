// What the booking page's confirmation shows of a series the patient booked (issue 37.1): the first
// visit's confirmation (what, where, how it was paid) with every visit's time listed, and the series'
// calendar file once confirmed. Used after the course's Checkout (POST /bookings/confirmation) and
// for a series confirmed at once (paid at the clinic: POST /bookings/create-patient-series).
import { describeInstant } from '#shared/bookings/slots';
import type { ConfirmationReply, ConfirmationStatus } from '#shared/bookings/confirmation-schemas';
import type { BookingRecord } from '../../data/bookings';
import type { Organization } from '../../data/organizations';
import type { SeriesRecord } from '../../data/series';
import { clinicOf } from '#domain/bookings/mail';
import { seriesIcs } from '#domain/series/calendar';
import { confirmationOf } from './confirmation-view';

/**
 * The series' status as one: held visits are 'pending' while its Checkout is open ('expired' once it
 * is not); otherwise confirmed when any visit is (a visit whose hold ran out is listed as it is).
 */
export function seriesStatusOf(visits: readonly BookingRecord[], checkoutOpen: boolean): ConfirmationStatus {
  if (visits.some((b) => b.status === 'held')) return checkoutOpen ? 'pending' : 'expired';
  if (visits.some((b) => b.status === 'confirmed')) return 'confirmed';
  return visits[0]?.status === 'cancelled' ? 'cancelled' : 'expired';
}

export function seriesConfirmationOf(series: SeriesRecord, visits: readonly BookingRecord[], org: Organization, status: ConfirmationStatus): ConfirmationReply {
  const first = visits.find((b) => b.status === 'confirmed') ?? visits[0];
  const paid = visits.reduce((sum, b) => sum + (b.amountPaidCents ?? 0), 0);
  const confirmed = visits.filter((b) => b.status === 'confirmed');
  return {
    ...confirmationOf(first, org, status),
    ...(status === 'confirmed' && confirmed.length ? { ics: seriesIcs(confirmed, clinicOf(org)).content } : {}),
    series: {
      seriesId: series.id,
      visits: visits.map((b) => {
        const when = describeInstant(b.startUtc, b.timeZone);
        return {
          date: b.bookingDate, time: b.bookingTime, startUtc: b.startUtc, bookingTimeLabel: `${when.date} at ${when.time} ${when.zoneAbbreviation}`,
          practitionerName: b.practitionerName ?? null, status: b.status,
        };
      }),
      ...(paid > 0 ? { paidMinor: paid } : {}),
    },
  };
}
