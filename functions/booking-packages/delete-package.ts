// DELETE /bookings/packages/{id}: soft delete (deletedAt). The package leaves the lists and the public
// booking page; bookings made with it keep its name and price.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '#lib/dynamo';
import { isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { auditItem } from '../data/audit';
import { getBookingPackage, saveBookingPackageItem } from '../data/booking-packages';
import { PACKAGE_NOT_FOUND } from './lib/view';

export const handler = endpoint({}, async ({ params, caller }) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const pkg = await getBookingPackage(caller.orgId, params.id ?? '', true);
    if (!pkg || pkg.deletedAt) throw notFound(PACKAGE_NOT_FOUND);
    let now = new Date().toISOString();
    if (now <= pkg.updatedAt) now = new Date(Date.parse(pkg.updatedAt) + 1).toISOString();
    try {
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            saveBookingPackageItem(pkg, { ...pkg, isActive: false, deletedAt: now, updatedAt: now }),
            auditItem({ orgId: caller.orgId, actorId: caller.userId, module: 'BOOKING_PACKAGES', action: 'delete', recordType: 'booking-package', recordId: pkg.id, summary: `Deleted booking package "${pkg.packageName}"`, at: now }),
          ],
        }),
      );
      return { message: 'Booking package deleted.', data: { id: pkg.id, deletedAt: now } };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw notFound(PACKAGE_NOT_FOUND);
});
