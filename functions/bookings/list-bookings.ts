// GET /bookings/bookings/list/all (and GET /bookings): the organisation's bookings by booking time,
// one page, filtered by local dates (the organisation's zone), package, status and payment state.
import { dayBoundsUtc } from '#shared/bookings/slots';
import { bookingListQuerySchema, listBookingsReply } from '#shared/bookings/schemas';
import { endpoint } from '#http/http';
import { listBookingsPage } from '../data/bookings';
import { getOrganization } from '../data/organizations';
import { toBookingView } from '#domain/bookings/views';

export const handler = endpoint({ query: bookingListQuerySchema, reply: listBookingsReply }, async ({ query, caller }) => {
  const zone = (query.from || query.to ? (await getOrganization(caller.orgId))?.timeZone : undefined) || 'America/New_York';
  const page = await listBookingsPage(caller.orgId, {
    limit: query.limit,
    cursor: query.cursor,
    fromUtc: query.from ? dayBoundsUtc(query.from, zone)!.from : undefined,
    toUtc: query.to ? dayBoundsUtc(query.to, zone)!.to : undefined,
    packageId: query.packageId,
    status: query.status,
    paymentStatus: query.paymentStatus,
    order: query.order,
  });
  return { data: { items: page.items.map(toBookingView), nextCursor: page.nextCursor } };
});
