// GET /bookings/packages (and GET /bookings/get-packages): the organisation's booking packages that are
// not deleted, active or not, newest first, one page.
import { packageListQuerySchema, bookingPackagesListPackagesReply } from '#shared/bookings/schemas';
import { endpoint } from '#http/http';
import { listBookingPackages } from '../data/booking-packages';
import { toBookingPackageView } from '#domain/booking-packages/view';

export const handler = endpoint({ query: packageListQuerySchema, reply: bookingPackagesListPackagesReply }, async ({ query, caller }) => {
  const page = await listBookingPackages(caller.orgId, query.limit, query.cursor);
  return { data: { items: page.items.map(toBookingPackageView), nextCursor: page.nextCursor } };
});
