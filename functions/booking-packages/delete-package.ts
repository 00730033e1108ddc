// DELETE /bookings/packages/{id}: delete a booking package. The package leaves the lists and the public
// booking page; bookings made with it keep its name and price.
import { bookingPackagesDeletePackageReply } from '#shared/bookings/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getBookingPackage, saveBookingPackage } from '../data/booking-packages';
import { TRY_AGAIN, retryOnConflict } from '../data/core';
import { PACKAGE_NOT_FOUND } from '#domain/booking-packages/view';

export const handler = endpoint({ reply: bookingPackagesDeletePackageReply }, async ({ params, caller }) => {
  return retryOnConflict(async () => {
    const pkg = await getBookingPackage(caller.orgId, params.id ?? '', true);
    if (!pkg || pkg.deletedAt) throw notFound(PACKAGE_NOT_FOUND);
    let now = new Date().toISOString();
    if (now <= pkg.updatedAt) now = new Date(Date.parse(pkg.updatedAt) + 1).toISOString();
    const deleted = await saveBookingPackage(pkg, { ...pkg, isActive: false, deletedAt: now, updatedAt: now }, {
      actorId: caller.userId, action: 'delete', summary: `Deleted booking package "${pkg.packageName}"`,
    });
    if (deleted) return { message: 'Booking package deleted.', data: { id: pkg.id, deletedAt: now } };
    return TRY_AGAIN;
  }, { attempts: 3, exhausted: () => notFound(PACKAGE_NOT_FOUND) });
});
