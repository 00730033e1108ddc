// POST /bookings/available-packages (public): the packages the booking page offers, i.e. active and not
// deleted, oldest first. Spec: data.data is the list.
import { availablePackagesSchema } from '#shared/schemas/bookings';
import { notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { listActiveBookingPackages } from '../data/booking-packages';
import { findOrgIdByApiKey } from '../data/organizations';
import { UNKNOWN_BOOKING_PAGE } from '../bookings/lib/views';
import { toPublicPackageView } from './lib/view';

export const handler = endpoint({ body: availablePackagesSchema }, async ({ body }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  if (!orgId) throw notFound(UNKNOWN_BOOKING_PAGE);
  const packages = await listActiveBookingPackages(orgId);
  return { data: packages.map(toPublicPackageView) };
});
