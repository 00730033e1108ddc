// GET /appointments/assigned/to/me: the caller's assigned appointments by booking date (latest first;
// sortASC=true earliest first), optionally active or inactive only.
import { myAppointmentsQuery, listMyAppointmentsReply } from '#shared/appointments/schemas';
import { endpoint } from '#http/http';
import { listAssignedTo, type BucketFilter } from '../data/appointments';
import { DEFAULT_PAGE_SIZE, toView } from '#domain/appointments/views';

export const handler = endpoint({ query: myAppointmentsQuery, reply: listMyAppointmentsReply }, async ({ query, caller }) => {
  const limit = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const filter: BucketFilter = query.active && !query.inactive ? 'ACTIVE' : query.inactive && !query.active ? 'INACTIVE' : 'all';
  const page = await listAssignedTo(caller.orgId, caller.userId, { filter, limit, cursor: query.cursor, pageNumber: query.pageNumber, ascending: query.sortASC ?? false });
  return { data: { items: page.items.map(toView), nextCursor: page.nextCursor, pageNumber: query.pageNumber ?? 1, pageSize: limit } };
});
