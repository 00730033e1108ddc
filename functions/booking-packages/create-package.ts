// POST /bookings/packages: a new booking package. Price in dollars (2 decimals), stored in cents.
import { bookingPackageSchema } from '#shared/schemas/bookings';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { createBookingPackage, type BookingPackageRecord } from '../data/booking-packages';
import { knownPractitioners } from './lib/practitioners';
import { toBookingPackageView } from './lib/view';

export const handler = endpoint({ body: bookingPackageSchema }, async ({ body, caller }) => {
  const now = new Date().toISOString();
  const pkg: BookingPackageRecord = {
    id: randomId(10),
    orgId: caller.orgId,
    packageName: body.packageName,
    packagePriceCents: Math.round(body.packagePrice * 100),
    packageDescription: body.packageDescription,
    redirectionUrl: body.redirectionUrl,
    isActive: body.isActive,
    durationMinutes: body.durationMinutes ?? null,
    bufferBeforeMinutes: body.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: body.bufferAfterMinutes ?? 0,
    slotGridMinutes: body.slotGridMinutes ?? null,
    minNoticeMinutes: body.minNoticeMinutes ?? null,
    maxDaysAhead: body.maxDaysAhead ?? null,
    practitionerIds: await knownPractitioners(caller.orgId, body.practitionerIds ?? []),
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await createBookingPackage(pkg, caller.userId);
  return { status: 201, message: 'Booking package saved.', data: toBookingPackageView(pkg) };
});
