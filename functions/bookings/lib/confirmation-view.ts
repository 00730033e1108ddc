// What the booking page's confirmation shows of a booking (POST /bookings/confirmation after Checkout,
// and POST /bookings/create-booking for a booking confirmed at once): what, when, with whom, where,
// and what was paid, what is due at the visit and what may be charged (issue 36).
import { describeInstant } from '#shared/bookings/slots';
import type { BookingConfirmation, ConfirmationStatus } from '#shared/bookings/confirmation-schemas';
import { currencyOf } from '#shared/currency';
import type { BookingRecord } from '../../data/bookings';
import type { Organization } from '../../data/organizations';

export function confirmationOf(booking: BookingRecord, org: Organization, status: ConfirmationStatus): BookingConfirmation {
  const when = describeInstant(booking.startUtc, booking.timeZone);
  return {
    status,
    packageName: booking.packageName,
    bookingTimeLabel: `${when.date} at ${when.time} ${when.zoneAbbreviation}`,
    date: booking.bookingDate,
    time: booking.bookingTime,
    timeZone: booking.timeZone,
    timeZoneName: when.zoneLongName,
    durationMinutes: booking.durationMinutes,
    practitionerName: booking.practitionerName ?? null,
    clinic: { name: org.name, phoneNumber: org.phoneNumber, ...(org.address ? { address: org.address } : {}) },
    ...(booking.paymentPolicy ? { paymentPolicy: booking.paymentPolicy, currency: currencyOf(booking.currency) } : {}),
    ...(booking.savedCard ? { card: { brand: booking.savedCard.brand, last4: booking.savedCard.last4 } } : {}),
  };
}
