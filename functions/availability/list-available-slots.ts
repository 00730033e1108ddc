// POST /bookings/available-slots (public): the free times of one local date in the clinic's time zone
// (lib/free-times.ts).
import { availableSlotsSchema } from '#shared/schemas/bookings';
import { badRequest, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { getBookingPackage } from '../data/booking-packages';
import { findOrgIdByApiKey, getOrganization } from '../data/organizations';
import { UNKNOWN_BOOKING_PAGE } from '../bookings/lib/views';
import { freeTimes } from './lib/free-times';

const PACKAGE_UNAVAILABLE = 'This package is not available. Please choose another package.';

export const handler = endpoint({ body: availableSlotsSchema }, async ({ body }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) throw notFound(UNKNOWN_BOOKING_PAGE);
  if (body.packageId) {
    const pkg = await getBookingPackage(org.id, body.packageId);
    if (!pkg || !pkg.isActive || pkg.deletedAt) throw badRequest(PACKAGE_UNAVAILABLE, { packageId: PACKAGE_UNAVAILABLE });
  }
  // The clinic's name comes with its day: the booking page shows it (the packages reply is a plain list).
  return { data: { ...(await freeTimes(org, body.date)), clinicName: org.name } };
});
