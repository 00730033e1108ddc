// What the API shows of a booking package: the price in dollars (and cents), never table keys.
import type { BookingPackageView } from '#shared/bookings/types';
import type { BookingPackageRecord } from '../../data/booking-packages';

/** A package's timing fields as stored, with the defaults of a package saved before they existed. */
export function packageTiming(p: BookingPackageRecord) {
  return {
    durationMinutes: p.durationMinutes ?? null,
    bufferBeforeMinutes: p.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: p.bufferAfterMinutes ?? 0,
    slotGridMinutes: p.slotGridMinutes ?? null,
    minNoticeMinutes: p.minNoticeMinutes ?? null,
    maxDaysAhead: p.maxDaysAhead ?? null,
    practitionerIds: p.practitionerIds ?? [],
  };
}

export function toBookingPackageView(p: BookingPackageRecord): BookingPackageView {
  return {
    id: p.id,
    packageName: p.packageName,
    packagePrice: p.packagePriceCents / 100,
    packagePriceCents: p.packagePriceCents,
    packageDescription: p.packageDescription,
    redirectionUrl: p.redirectionUrl,
    isActive: p.isActive,
    ...packageTiming(p),
    deletedAt: p.deletedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** What the public booking page needs of a package. */
export function toPublicPackageView(p: BookingPackageRecord) {
  return {
    id: p.id,
    packageName: p.packageName,
    packagePrice: p.packagePriceCents / 100,
    packagePriceCents: p.packagePriceCents,
    packageDescription: p.packageDescription,
    isActive: p.isActive,
  };
}

export const PACKAGE_NOT_FOUND = 'Booking package not found.';
