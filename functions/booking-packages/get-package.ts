// GET /bookings/packages/{id}: one booking package (deleted ones are not found).
import { bookingPackagesGetPackageReply } from '#shared/bookings/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getBookingPackage } from '../data/booking-packages';
import { PACKAGE_NOT_FOUND, toBookingPackageView } from '#domain/booking-packages/view';

export const handler = endpoint({ reply: bookingPackagesGetPackageReply }, async ({ params, caller }) => {
  const pkg = await getBookingPackage(caller.orgId, params.id ?? '');
  if (!pkg || pkg.deletedAt) throw notFound(PACKAGE_NOT_FOUND);
  return { data: toBookingPackageView(pkg) };
});
